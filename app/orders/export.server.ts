import { and, desc, gte, lt, sql } from "drizzle-orm";
import { orders } from "../../db/schema/index.ts";
import { type Db, openReadOnlyConnection } from "~/platform/db/db.server.ts";
import { formatShopDateTime } from "~/utils/shop-time.ts";
import { formatPhone } from "~/utils/phone-number.ts";
import { orderListWhere, type OrderView } from "./order-admin.server.ts";

/** Money as the spreadsheet should see it: "12.50", never rounded or grouped. */
const amount = (cents: number) => (cents / 100).toFixed(2);

/**
 * Runs a query built on the shop's connection on a read-only connection of its own and yields its
 * rows one at a time (better-sqlite3's `.iterate()`), as arrays in the select's order. The
 * connection closes when the rows run out or the caller stops early (`return()`).
 */
function* iterateOnOwnConnection(db: Db, query: { sql: string; params: unknown[] }): Generator<unknown[]> {
  const connection = openReadOnlyConnection(db);
  try {
    yield* connection
      .prepare(query.sql)
      .raw(true)
      .iterate(...query.params) as IterableIterator<unknown[]>;
  } finally {
    connection.close();
  }
}

export const ORDER_CSV_COLUMNS = [
  { key: "orderNumber", header: "Order number" },
  { key: "date", header: "Date (Beirut)" },
  { key: "status", header: "Status" },
  { key: "customer", header: "Customer" },
  { key: "phone", header: "Phone" },
  { key: "governorate", header: "Governorate" },
  { key: "city", header: "City" },
  { key: "address", header: "Address" },
  { key: "items", header: "Items" },
  { key: "subtotal", header: "Subtotal" },
  { key: "couponCode", header: "Discount code" },
  { key: "discount", header: "Discount" },
  { key: "deliveryFee", header: "Delivery fee" },
  { key: "total", header: "Total" },
  // A return after delivery: its state (empty when none) and the refund once received.
  { key: "returnStatus", header: "Return" },
  { key: "refund", header: "Refund" },
  // After the first columns, so a spreadsheet built on them keeps its places.
  { key: "language", header: "Language" },
] as const;

export type OrderCsvRow = Record<(typeof ORDER_CSV_COLUMNS)[number]["key"], string>;
export type OrderExportFilters = { view: OrderView; search?: string; phone?: string; from?: Date; until?: Date };

/**
 * The orders the admin list shows for the same view and search, or one phone's (optionally from one instant until
 * another, exclusive), newest first, one CSV row at a time. The address is the full one: street,
 * building and the free-text directions.
 */
export function* exportOrders(db: Db, filters: OrderExportFilters): Generator<OrderCsvRow> {
  const query = db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      customerName: orders.customerName,
      phone: orders.phone,
      governorate: orders.governorate,
      city: orders.city,
      street: orders.street,
      building: orders.building,
      address: orders.address,
      // Written out, as in listOrders: a bare "id" in the subquery would mean order_items.id.
      items: sql<string>`(select group_concat(oi.quantity || ' × ' || oi.title || coalesce(' (' || oi.size || ')', ''), '; ' order by oi.id) from order_items oi where oi.order_id = "orders"."id")`,
      subtotalCents: orders.subtotalCents,
      couponCode: orders.couponCode,
      discountCents: orders.discountCents,
      deliveryFeeCents: orders.deliveryFeeCents,
      totalCents: orders.totalCents,
      // One probe of the unique index on return_requests.order_id each.
      returnStatus: sql<string | null>`(select rr.status from return_requests rr where rr.order_id = "orders"."id")`,
      refundCents: sql<
        number | null
      >`(select rr.refund_cents from return_requests rr where rr.order_id = "orders"."id")`,
      language: orders.language,
    })
    .from(orders)
    .where(
      and(
        orderListWhere(filters),
        filters.from ? gte(orders.createdAt, filters.from) : undefined,
        filters.until ? lt(orders.createdAt, filters.until) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .toSQL();
  for (const row of iterateOnOwnConnection(db, query)) {
    const [
      orderNumber,
      createdAt,
      status,
      customer,
      phone,
      governorate,
      city,
      street,
      building,
      address,
      items,
      subtotal,
      couponCode,
      discount,
      deliveryFee,
      total,
      returnStatus,
      refundCents,
      language,
    ] = row as [
      number,
      number,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string | null,
      number,
      string | null,
      number,
      number,
      number,
      string | null,
      number | null,
      string,
    ];
    yield {
      orderNumber: `#${orderNumber}`,
      date: formatShopDateTime(new Date(createdAt)),
      status,
      customer,
      // As the dashboard shows it ('71 000 000'): a Lebanese number then starts with a digit and holds
      // spaces, so a spreadsheet keeps it as text with no formula guard; '+…' would be read as a
      // formula (Excel turns '+96171…' into a number), so a foreign number keeps its guard.
      phone: formatPhone(phone),
      governorate,
      city,
      address: [street, building, address].filter(Boolean).join(", "),
      items: items ?? "",
      subtotal: amount(subtotal),
      couponCode: couponCode ?? "",
      discount: amount(discount),
      deliveryFee: amount(deliveryFee),
      total: amount(total),
      returnStatus: returnStatus ?? "",
      refund: refundCents === null ? "" : amount(refundCents),
      language,
    };
  }
}
