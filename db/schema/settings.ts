import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The owner's settings, one row per group (e.g. `delivery`, `shopDetails`), each a JSON value
 * that app/settings/settings.server.ts checks with zod on every read: a missing or unreadable row
 * is that group's defaults, so a new group needs no migration.
 */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});
