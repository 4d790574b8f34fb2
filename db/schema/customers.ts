import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Phone numbers the shop will not take an order from online,
 * one row per `phoneKey`, so every way of writing the number is the same block.
 */
export const blockedPhones = sqliteTable("blocked_phones", {
  /** `phoneKey(phone)` (app/utils/phone-number.ts): E.164. */
  phoneKey: text("phone_key").primaryKey(),
  /** The number as the owner typed it. */
  phone: text("phone").notNull(),
  reason: text("reason").notNull(),
  /** The administrator's username. */
  blockedBy: text("blocked_by").notNull(),
  blockedAt: integer("blocked_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

export type BlockedPhone = typeof blockedPhones.$inferSelect;
