import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

/** Milliseconds since the epoch, as `timestamp_ms` columns store them; SQLite fills it on insert. */
const nowInSql = () => sql`(unixepoch('subsec') * 1000)`;

/** When the row was inserted. */
export const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(nowInSql());

/**
 * `created_at` and `updated_at` for rows that change. Drizzle sets `updated_at` on every update it
 * builds, so no write has to remember it (the triggers' own updates leave it alone).
 */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(nowInSql())
    .$onUpdate(() => new Date()),
});
