import { and, asc, count, desc, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import { type Order, orderItems, orders, type OrderStatus } from "../../db/schema/index.ts";
import { type Db, writeTransaction } from "~/platform/db/db.server.ts";
import {
  CANCELLABLE_STATUSES,
  COMPLETED_STATUSES,
  isAwaitingConfirmation,
  isCancellable,
  nextStatus,
} from "~/orders/order-status.ts";
import { type Actor, historyActor, recordActivity, SYSTEM_ACTOR } from "~/platform/activity/activity-log.server.ts";
import { putBackStock } from "~/catalogue/size-stock.server.ts";
import { recordOrderEvent } from "./order-history.server.ts";
import { queueShopperEmail } from "./order-notice-queue.server.ts";
import { phoneKey } from "~/utils/phone-number.ts";
import { loadOrder } from "./order.server.ts";

export const ORDERS_PAGE_SIZE = 50;

/** "to-confirm": orders still processing that nobody has confirmed with the customer yet (the order desk's call list). */
export type OrderView = "active" | "completed" | "to-confirm";

/** `?view=` of the Orders list and its CSV export; anything else is the active orders. */
export function orderViewParam(value: string | null): OrderView {
  return value === "completed" || value === "to-confirm" ? value : "active";
}

/** A status change the status rules (order-status.ts) do not allow (409), or an unknown order (404). */
export class OrderStatusConflict extends Error {}
export class OrderNotFound extends Error {}
/** 'Mark as Shipped' on an order nobody confirmed with the customer, from a page that asks first. */
export class ShippingUnconfirmed extends Error {}

/**
 * The order's row by its public id, read inside the transaction that changes it; OrderNotFound
 * when there is none. Every change of the admin, the desk and returns starts here.
 */
export function orderOrThrow(reader: Pick<Db, "select">, publicId: string): Order {
  const order = reader.select().from(orders).where(eq(orders.publicId, publicId)).get();
  if (!order) throw new OrderNotFound(`Order ${publicId} not found`);
  return order;
}

/** The order desk's call list in SQL (`isAwaitingConfirmation` in lib/order-status.ts says the same of one order). */
export const awaitingConfirmation = and(eq(orders.status, "processing"), isNull(orders.confirmedAt));

function viewFilter(view: OrderView) {
  if (view === "to-confirm") return awaitingConfirmation;
  return view === "completed"
    ? inArray(orders.status, [...COMPLETED_STATUSES])
    : notInArray(orders.status, [...COMPLETED_STATUSES]);
}

function searchFilter(search: string | undefined) {
  const term = search?.trim().toLowerCase();
  if (!term) return undefined;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = (column: unknown) => sql`lower(${column}) like ${pattern} escape '\\'`;
  return or(
    like(orders.publicId),
    like(sql`'#' || ${orders.orderNumber}`),
    like(orders.customerName),
    like(orders.phone),
    like(orders.city),
    like(orders.address),
    like(orders.status),
  );
}

/**
 * One customer's orders (`?phone=`): every order whose phone has the same `phoneKey`, however it
 * was typed, an index range. Undefined (no filter) for a blank phone.
 */
export function phoneFilter(phone: string | undefined) {
  return phone?.trim() ? eq(orders.phoneKey, phoneKey(phone)) : undefined;
}

/**
 * The list's filters as one condition: the table and the CSV export select the same orders. A
 * phone lists that customer's orders whatever their status (the dialog's link to them).
 */
export function orderListWhere(options: { view: OrderView; search?: string; phone?: string }) {
  const byPhone = phoneFilter(options.phone);
  return and(byPhone ?? viewFilter(options.view), searchFilter(options.search));
}

/** One page of orders for the admin table, newest first, with how many items each has. */
export function listOrders(
  db: Db,
  options: {
    view: OrderView;
    search?: string;
    phone?: string;
    page?: number;
    pageSize?: number;
    oldestFirst?: boolean;
  },
) {
  const pageSize = options.pageSize ?? ORDERS_PAGE_SIZE;
  const page = Math.max(1, options.page ?? 1);
  const where = orderListWhere(options);
  const rows = db
    .select({
      publicId: orders.publicId,
      orderNumber: orders.orderNumber,
      status: orders.status,
      customerName: orders.customerName,
      phone: orders.phone,
      city: orders.city,
      governorate: orders.governorate,
      address: orders.address,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      confirmedAt: orders.confirmedAt,
      // Written out: inside a one-table select Drizzle leaves column names unqualified, and a bare
      // "id" in the subquery would mean order_items.id.
      itemCount: sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = "orders"."id")`,
      // 'Returned before': another order of this phone came back (one probe of the phone's index range).
      returnedBefore:
        sql<boolean>`exists (select 1 from orders o2 where o2.phone_key = "orders"."phone_key" and o2.status = 'returned' and o2.id <> "orders"."id")`.mapWith(
          Boolean,
        ),
    })
    .from(orders)
    .where(where)
    .orderBy(
      ...(options.oldestFirst ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)]),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  const [{ total } = { total: 0 }] = db.select({ total: count() }).from(orders).where(where).all();
  return { rows, total, page, pageSize };
}

/** The Active, Completed and To confirm badge counts: of every order, or of one phone's (`?phone=`). */
export function countOrders(db: Db, { phone }: { phone?: string } = {}) {
  const isCompletedRow = inArray(orders.status, [...COMPLETED_STATUSES]);
  const [{ active, completed, toConfirm } = { active: 0, completed: 0, toConfirm: 0 }] = db
    .select({
      active: sql<number>`coalesce(sum(case when ${isCompletedRow} then 0 else 1 end), 0)`,
      completed: sql<number>`coalesce(sum(case when ${isCompletedRow} then 1 else 0 end), 0)`,
      toConfirm: sql<number>`coalesce(sum(case when ${awaitingConfirmation} then 1 else 0 end), 0)`,
    })
    .from(orders)
    .where(phoneFilter(phone))
    .all();
  return { active, completed, toConfirm };
}

/**
 * Moves an order one step forward. The update is conditional on the status it was read with, so
 * two admins clicking at once advance it once; `expectedNext` (the status the button promised)
 * keeps a repeated click or a re-posted form from skipping a step. With `askIfUnconfirmed` (the
 * dashboard's buttons, unless the admin has said yes already) shipping an order nobody confirmed
 * with the customer throws ShippingUnconfirmed, so the page can ask first; `/api/` does not ask.
 */
export function advanceOrderStatus(
  db: Db,
  publicId: string,
  expectedNext?: string,
  actor: Actor = SYSTEM_ACTOR,
  { askIfUnconfirmed = false } = {},
) {
  writeTransaction(db, (tx) => {
    const order = orderOrThrow(tx, publicId);
    const next = nextStatus(order.status);
    if (!next) throw new OrderStatusConflict(`Order is ${order.status}: its status cannot change`);
    if (expectedNext !== undefined && expectedNext !== next) {
      throw new OrderStatusConflict(`Order is ${order.status}: it cannot move to ${expectedNext}`);
    }
    if (askIfUnconfirmed && isAwaitingConfirmation(order))
      throw new ShippingUnconfirmed(`Order #${order.orderNumber} is not confirmed with the customer yet`);
    const changed = tx
      .update(orders)
      .set({ status: next })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .run();
    if (changed.changes === 0) throw new OrderStatusConflict("The order changed meanwhile; reload and try again");
    // Nothing moves back to processing, so every next status is also a timeline event.
    recordOrderEvent(tx, {
      orderId: order.id,
      event: next as Exclude<OrderStatus, "processing">,
      actor: historyActor(actor),
    });
    queueShopperEmail(db, tx, order, next as "shipped" | "delivered");
    recordActivity(tx, actor, {
      kind: "order.status",
      subject: `#${order.orderNumber}`,
      orderId: publicId,
      changes: [{ field: "status", before: order.status, after: next }],
    });
  });
  return loadOrder(db, publicId)!;
}

/**
 * Cancels an active (processing or shipped) order and puts its items back in stock, in one transaction.
 * The status update is conditional, so a second cancel (or a race) restores nothing.
 */
export function cancelOrder(db: Db, publicId: string, actor: Actor = SYSTEM_ACTOR) {
  writeTransaction(db, (tx) => {
    const order = orderOrThrow(tx, publicId);
    if (!isCancellable(order.status)) {
      throw new OrderStatusConflict(`Order is ${order.status}: it cannot be canceled`);
    }
    const changed = tx
      .update(orders)
      .set({ status: "canceled" })
      .where(and(eq(orders.id, order.id), inArray(orders.status, [...CANCELLABLE_STATUSES])))
      .run();
    if (changed.changes === 0) throw new OrderStatusConflict("The order changed meanwhile; reload and try again");
    recordOrderEvent(tx, { orderId: order.id, event: "canceled", actor: historyActor(actor) });
    queueShopperEmail(db, tx, order, "canceled");
    recordActivity(tx, actor, {
      kind: "order.canceled",
      subject: `#${order.orderNumber}`,
      orderId: publicId,
      changes: [{ field: "status", before: order.status, after: "canceled" }],
    });
    const items = tx
      .select({ productId: orderItems.productId, size: orderItems.size, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .all();
    // Back to the item's size when its product keeps stock per size, and to the product's total.
    for (const item of items) if (item.productId !== null) putBackStock(tx, item.productId, item.size, item.quantity);
  });
  return loadOrder(db, publicId)!;
}

/** One page of every order's public id, newest first, and how many there are: the admin API's listing. */
export function pageOfOrderIds(db: Db, { limit, offset, phone }: { limit: number; offset: number; phone?: string }) {
  const where = phoneFilter(phone);
  const ids = db
    .select({ publicId: orders.publicId })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset)
    .all();
  // Not db.$count(): on better-sqlite3 it is a query builder, not a number.
  const total = db.select({ total: count() }).from(orders).where(where).get()!.total;
  return { publicIds: ids.map((row) => row.publicId), total };
}
