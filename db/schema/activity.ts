import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export type ActivityChange = { field: string; before: unknown; after: unknown };

/**
 * Every administrator change and sign-in, written by the models in the same transaction as the
 * change it records. Product and order ids are plain columns, not foreign keys, so the history of
 * a deleted product stays readable.
 */
export const activity = sqliteTable(
  "activity",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    /** The administrator's username (for a failed login: the username typed), or "system". */
    actor: text("actor").notNull(),
    address: text("address"),
    kind: text("kind").notNull(),
    productId: integer("product_id"),
    /** The order's public id (the API's `_id`). */
    orderId: text("order_id"),
    /** What the entry is about, as a person reads it: a product's title, "#1042", "Delivery fees". */
    subject: text("subject").notNull().default(""),
    changes: text("changes", { mode: "json" })
      .$type<ActivityChange[]>()
      .notNull()
      .default(sql`'[]'`),
  },
  (table) => [
    index("activity_kind_idx").on(table.kind, table.id),
    index("activity_product_idx").on(table.productId, table.id),
    index("activity_order_idx").on(table.orderId, table.id),
  ],
);

export type Activity = typeof activity.$inferSelect;
