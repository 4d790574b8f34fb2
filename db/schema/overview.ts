import { index, integer, primaryKey, sqliteTable } from "drizzle-orm/sqlite-core";

/**
 * Orders and revenue per UTC hour, maintained by triggers on `orders` (migration "overview_sales"), so
 * the Overview's today / 7 / 30 days and its chart read at most 31 × 24 rows whatever the number
 * of orders. Hours, not days, so "today" can follow the shop's own time zone.
 */
export const salesByHour = sqliteTable("sales_by_hour", {
  /** Hours since the Unix epoch (UTC). */
  hour: integer("hour").primaryKey(),
  ordersPlaced: integer("orders_placed").notNull().default(0),
  ordersCanceled: integer("orders_canceled").notNull().default(0),
  ordersReturned: integer("orders_returned").notNull().default(0),
  /** Total of the orders placed in that hour that are neither canceled nor returned. */
  revenueCents: integer("revenue_cents").notNull().default(0),
  /** The delivery fees within `revenueCents` (the driver's money, not the shop's goods). */
  deliveryCents: integer("delivery_cents").notNull().default(0),
  /**
   * What the goods within `revenueCents` cost the owner (each item at its cost when it was placed),
   * and the units among them sold without a known cost: gross profit is the goods less this.
   */
  costCents: integer("cost_cents").notNull().default(0),
  unitsWithoutCost: integer("units_without_cost").notNull().default(0),
  /**
   * Returns after delivery received in that hour (by the hour of receipt, not of the sale): how many,
   * the money paid back, and the cost of the units that went back to stock (no longer sold).
   * The Overview's revenue is `revenueCents` less `refundCents`; its cost less `returnedCostCents`.
   */
  refunds: integer("refunds").notNull().default(0),
  refundCents: integer("refund_cents").notNull().default(0),
  returnedCostCents: integer("returned_cost_cents").notNull().default(0),
});

/**
 * Units sold per product per UTC day, canceled orders taken back out, maintained by triggers on
 * `order_items` and `orders`: best sellers and slow movers without reading every order line.
 */
export const productSalesByDay = sqliteTable(
  "product_sales_by_day",
  {
    productId: integer("product_id").notNull(),
    /** Days since the Unix epoch (UTC). */
    day: integer("day").notNull(),
    quantity: integer("quantity").notNull().default(0),
    revenueCents: integer("revenue_cents").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.day] }),
    index("product_sales_by_day_day_idx").on(table.day, table.productId),
  ],
);

/**
 * Orders shipped per UTC hour of their shipment, and how many of those came back (`returned`),
 * maintained by triggers on `order_history`: the Overview's 'Returned (30 days)' and its share of
 * the orders shipped in that time read at most 31 × 24 rows.
 */
export const shipmentsByHour = sqliteTable("shipments_by_hour", {
  /** Hours since the Unix epoch (UTC) of the "shipped" event. */
  hour: integer("hour").primaryKey(),
  shipped: integer("shipped").notNull().default(0),
  returned: integer("returned").notNull().default(0),
});
