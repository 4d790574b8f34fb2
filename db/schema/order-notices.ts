import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { SHOPPER_MESSAGES } from "./order-enums.ts";
import { orders } from "./orders.ts";

/** `email` and `webhook` tell the owner of a new order; `shopper-email` tells the customer of each step. */
export const NOTICE_CHANNELS = ["email", "webhook", "shopper-email"] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/**
 * The outbox of new-order notices to the owner: one row per order and channel, written in the
 * order's own transaction, so a stored order always has its notices and a rolled-back one none.
 * The worker in the server process sends them afterwards (docs/decisions/017-order-notice-outbox.md).
 */
export const orderNotices = sqliteTable(
  "order_notices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: NOTICE_CHANNELS }).notNull(),
    /** A `shopper-email`'s step (placed, confirmed, shipped…) and its subject, fixed when queued; null for the owner's. */
    message: text("message", { enum: SHOPPER_MESSAGES }),
    subject: text("subject"),
    /** Failed sends so far; the next wait doubles with each. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    lastError: text("last_error"),
    lastAttemptAt: integer("last_attempt_at", { mode: "timestamp_ms" }),
    /** Null while the notice is still to be sent. */
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  // The worker's question, "which unsent notices are due?", is a range scan over this index.
  (table) => [
    index("order_notices_due_idx").on(table.sentAt, table.nextAttemptAt),
    // "Is an earlier email of this order still unsent?", asked of every due shopper email: a few rows per order.
    index("order_notices_order_idx").on(table.orderId, table.id),
  ],
);

export type OrderNotice = typeof orderNotices.$inferSelect;
