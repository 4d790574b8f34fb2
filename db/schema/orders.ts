import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { products } from "./products.ts";
import { timestamps } from "./timestamps.ts";

import { ORDER_LANGUAGES, ORDER_STATUSES } from "./order-enums.ts";

export { ORDER_LANGUAGES, ORDER_STATUSES, type OrderLanguage, type OrderStatus } from "./order-enums.ts";

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The opaque public id, the API's `_id`. */
    publicId: text("public_id").notNull().unique(),
    /** The human order number shown as "#1001", the API's `orderId`. */
    orderNumber: integer("order_number").notNull().unique(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("processing"),
    customerName: text("customer_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /**
     * The phone as compared: `phoneKey(phone)` (app/utils/phone-number.ts), E.164, written with the order, so a
     * customer's record (`customer`) and `?phone=` are an index range, not a scan.
     */
    phoneKey: text("phone_key"),
    /** The governorate; the spec's `district`. */
    governorate: text("governorate").notNull(),
    city: text("city").notNull(),
    street: text("street").notNull(),
    building: text("building").notNull(),
    address: text("address").notNull(),
    latitude: real("latitude"),
    longitude: real("longitude"),
    subtotalCents: integer("subtotal_cents").notNull(),
    deliveryFeeCents: integer("delivery_fee_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** The discount code the order was placed with (upper-case), or null; `discountCents` is what it took off. */
    couponCode: text("coupon_code"),
    discountCents: integer("discount_cents").notNull().default(0),
    /** The lira rate (LBP for one dollar) when the order was placed, and its total in lira; null when the rate was off. */
    lbpRate: integer("lbp_rate"),
    totalLbp: integer("total_lbp"),
    /** Set by the checkout form so a double submit makes one order. */
    idempotencyKey: text("idempotency_key").unique(),
    /** sha256 of the request the key was first used with: the key replays only that same request. */
    idempotencyRequestHash: text("idempotency_request_hash"),
    /** When the owner confirmed the order with the customer by phone; null until then. Beside the status, not a status. */
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    /** The owner's note for the driver (at most 300 characters), shown on the delivery slip; null when none. */
    driverNote: text("driver_note"),
    /** The language of the page the order was placed on: its emails and the order desk's texts are in it. */
    language: text("language", { enum: ORDER_LANGUAGES }).notNull().default("en"),
    ...timestamps(),
  },
  (table) => [
    index("orders_status_created_idx").on(table.status, table.createdAt),
    index("orders_created_idx").on(table.createdAt),
    // The Overview's cash to collect: a sum over the shipped orders' index entries alone.
    index("orders_status_total_idx").on(table.status, table.totalCents),
    // The Overview's Discounts figure: orders and money given per code over 30 days.
    index("orders_coupon_created_idx").on(table.couponCode, table.createdAt),
    // A customer's record: orders per status for one phone, counted in the index alone.
    index("orders_phone_key_status_idx").on(table.phoneKey, table.status),
  ],
);

export const orderItems = sqliteTable(
  "order_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Null once the product is deleted; the title and price below keep the record. */
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    /** The product's Arabic title when the order was placed, shown on the Arabic receipt and tracking. */
    titleAr: text("title_ar"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    /**
     * The product's cost when the order was placed (null: none was known), so a later change of
     * the cost leaves past gross profit as it was. Never shown to the Orders role or the shopper.
     */
    unitCostCents: integer("unit_cost_cents"),
    size: text("size"),
    quantity: integer("quantity").notNull(),
  },
  (table) => [index("order_items_order_idx").on(table.orderId), index("order_items_product_idx").on(table.productId)],
);

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
