import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ORDER_EVENTS, RETURN_REASONS } from "./order-enums.ts";
import { orderNotices } from "./order-notices.ts";
import { orders } from "./orders.ts";

/** Internal notes on an order (what the customer said on the phone, say); never shown to shoppers. */
export const orderNotes = sqliteTable(
  "order_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    /** The administrator's username. */
    author: text("author").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [index("order_notes_order_idx").on(table.orderId)],
);

/**
 * What happened to an order, one row per change, written in the transaction that made the change,
 * so the timeline never claims a change that was rolled back nor misses one that was stored.
 */
export const orderHistory = sqliteTable(
  "order_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    event: text("event", { enum: ORDER_EVENTS }).notNull(),
    /** The administrator's username; null for what the customer did (placing the order). */
    actor: text("actor"),
    /** The note a "note" event records. */
    noteId: integer("note_id").references(() => orderNotes.id, { onDelete: "cascade" }),
    /** The message an "emailed" event records (its subject is on the outbox row). */
    noticeId: integer("notice_id").references(() => orderNotices.id, { onDelete: "cascade" }),
    /** Why a "returned" event happened: refused, unreachable or other (RETURN_REASONS). */
    reason: text("reason", { enum: RETURN_REASONS }),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [index("order_history_order_idx").on(table.orderId, table.id)],
);

export type OrderNote = typeof orderNotes.$inferSelect;
export type OrderHistoryEntry = typeof orderHistory.$inferSelect;
