import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { orders } from "./orders.ts";
import { createdAt, timestamps } from "./timestamps.ts";

/**
 * Discount codes: a percentage or a fixed amount off the subtotal.
 * `code` is stored upper-case, so codes compare without case through the unique index.
 * `uses` counts the orders placed with the code, raised by a conditional update inside the
 * order's transaction (decision 038), so a code with one use left is used once.
 */
export const discounts = sqliteTable(
  "discounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull(),
    /** 1 to 90, or null when the code takes a fixed amount off. */
    percent: integer("percent"),
    /** Cents off, or null when the code takes a percentage off. */
    amountCents: integer("amount_cents"),
    minSubtotalCents: integer("min_subtotal_cents"),
    /** The instant the code starts to apply (the start of a Beirut day), or null. */
    startsAt: integer("starts_at", { mode: "timestamp_ms" }),
    /** The instant the code stops applying (the end of a Beirut day, exclusive), or null. */
    endsAt: integer("ends_at", { mode: "timestamp_ms" }),
    maxUses: integer("max_uses"),
    oncePerPhone: integer("once_per_phone", { mode: "boolean" }).notNull().default(false),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    uses: integer("uses").notNull().default(0),
    ...timestamps(),
  },
  (table) => [uniqueIndex("discounts_code_unique").on(table.code)],
);

/** One row per order placed with a code, with the phone's key (`phoneKey`, app/utils/phone-number.ts) for 'once per phone number'. */
export const discountUses = sqliteTable(
  "discount_uses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    discountId: integer("discount_id")
      .notNull()
      .references(() => discounts.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    phoneKey: text("phone_key").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("discount_uses_phone_idx").on(table.discountId, table.phoneKey),
    uniqueIndex("discount_uses_order_unique").on(table.orderId),
  ],
);

export type Discount = typeof discounts.$inferSelect;
