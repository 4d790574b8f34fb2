import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { RETURN_REQUEST_REASONS, RETURN_REQUEST_STATUSES } from "./order-enums.ts";
import { orderItems, orders } from "./orders.ts";

/**
 * A shopper's request to send back items of a delivered order (not a parcel refused at the door,
 * which is the order's `returned` status). One per order: requested, then approved or refused, and
 * an approved one received with its refund. Beside the order's status, never one of them: the order
 * stays `delivered`, and the Overview nets out the refund by trigger (migration 0028).
 */
export const returnRequests = sqliteTable(
  "return_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: RETURN_REQUEST_STATUSES }).notNull().default("requested"),
    reason: text("reason", { enum: RETURN_REQUEST_REASONS }).notNull(),
    /** The shopper's words (at most 500 characters); null when none. */
    note: text("note"),
    /** Why the shop refused it (the owner's words, shown to the shopper); null unless refused. */
    refusalNote: text("refusal_note"),
    /** What the shop paid back, in cents, once received; null before. */
    refundCents: integer("refund_cents"),
    /** Who approved or refused it, and when. */
    decidedBy: text("decided_by"),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    /** Who recorded the parcel back, and when: the hour the refund enters the Overview's sums. */
    receivedBy: text("received_by"),
    receivedAt: integer("received_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [
    uniqueIndex("return_requests_order_idx").on(table.orderId),
    check("return_requests_refund_check", sql`${table.refundCents} is null or ${table.refundCents} >= 0`),
  ],
);

/**
 * The units of each order line a return request sends back, and once received how many of them
 * went back to stock (`restocked`; the rest were written off).
 */
export const returnRequestItems = sqliteTable(
  "return_request_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    returnRequestId: integer("return_request_id")
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    restocked: integer("restocked").notNull().default(0),
    /** The product's grade when the units went back to stock (what they were sold as); null before or when none went back. */
    restockedGrade: text("restocked_grade"),
  },
  (table) => [
    uniqueIndex("return_request_items_line_idx").on(table.returnRequestId, table.orderItemId),
    check("return_request_items_quantity_check", sql`${table.quantity} > 0`),
    check(
      "return_request_items_restocked_check",
      sql`${table.restocked} >= 0 and ${table.restocked} <= ${table.quantity}`,
    ),
  ],
);

export type ReturnRequest = typeof returnRequests.$inferSelect;
export type ReturnRequestItem = typeof returnRequestItems.$inferSelect;
