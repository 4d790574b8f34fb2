import { and, desc, eq } from "drizzle-orm";
import {
  type Order,
  orderHistory,
  orderItems,
  orderNotes,
  orders,
  products,
  returnRequestItems,
  returnRequests,
} from "../../db/schema/index.ts";
import { type Db, type Tx, writeTransaction } from "~/platform/db/db.server.ts";
import { putBackStock } from "~/catalogue/size-stock.server.ts";
import { readReturnSettings } from "~/settings/settings.server.ts";
import { type Actor, historyActor, recordActivity, SYSTEM_ACTOR } from "~/platform/activity/activity-log.server.ts";
import { type AnswerTable, englishOf } from "~/i18n/answers.ts";
import { samePhone } from "~/utils/phone-number.ts";
import { formatMoney } from "~/utils/money.ts";
import { orderOrThrow, OrderStatusConflict } from "./order-admin.server.ts";
import { recordOrderEvent } from "./order-history.server.ts";
import { queueShopperEmail } from "./order-notice-queue.server.ts";
import { loadOrder, type OrderWithItems } from "./order.server.ts";
import { RETURN_REQUEST_ANSWERS, type ReturnRequestAnswer } from "./return-request-answers.ts";
import type { ReceiveReturnInput, ReturnRequestInput } from "./return-request-schema.ts";
import { isInsideReturnWindow, paidForUnits } from "./return-request-status.ts";

/**
 * Returns after delivery: a shopper asks (requested), the shop approves (a pick-up to arrange) or
 * refuses with a note, and an approved return is received with its refund and its units back to
 * stock or written off. One request per order. Each step is one transaction with a conditional
 * update on the state it was read in, so two clicks (or two admins) make one step; the history,
 * the activity log and the shopper's email go in the same transaction. The order keeps its
 * `delivered` status; the refund enters the Overview's sums by trigger (migration 0028).
 */

/** Why a shopper's request was not stored: 404 (not their order), 409 (not now) or 400 (what they asked). */
export class ReturnRequestRefused extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly answer: ReturnRequestAnswer,
  ) {
    super(englishOf(RETURN_REQUEST_ANSWERS as AnswerTable<ReturnRequestAnswer>, answer));
  }
}

/** An admin's refund that is not allowed (over what was paid for the units, a line not returned): 400. */
export class ReturnReceiptInvalid extends Error {}

/** When the order was delivered: its history's entry, else its last change (an order older than the history). */
function deliveredAt(reader: Pick<Db, "select">, order: Order): Date {
  const entry = reader
    .select({ at: orderHistory.createdAt })
    .from(orderHistory)
    .where(and(eq(orderHistory.orderId, order.id), eq(orderHistory.event, "delivered")))
    .orderBy(desc(orderHistory.id))
    .get();
  return entry?.at ?? order.updatedAt;
}

/**
 * Whether the tracking page offers 'Return an item': delivered, inside the Settings' window, and no
 * request yet. The same reads `requestReturn` makes, so the page never offers what the model refuses.
 */
export function returnWindowFor(db: Db, publicId: string, now = new Date()) {
  const order = loadOrder(db, publicId);
  if (!order || order.status !== "delivered") return { open: false, closesAt: null } as const;
  const { returnDays } = readReturnSettings(db);
  const from = deliveredAt(db, order);
  const open = order.returnRequest === null && isInsideReturnWindow(from, returnDays, now);
  return { open, closesAt: open ? new Date(from.getTime() + returnDays * 86_400_000) : null };
}

/**
 * What the tracking page shows of returns: the request's state (never the order's private details),
 * and, while the window is open and nothing was asked, the lines that can be sent back.
 */
export function trackedReturn(db: Db, publicId: string, now = new Date()) {
  const order = loadOrder(db, publicId);
  if (!order) return null;
  const window = returnWindowFor(db, publicId, now);
  const request = order.returnRequest;
  return {
    request: request && {
      status: request.status,
      reason: request.reason,
      refusalNote: request.refusalNote,
      refundCents: request.refundCents,
      items: request.items.map(({ title, titleAr, size, quantity }) => ({ title, titleAr, size, quantity })),
    },
    closesAt: window.closesAt?.toISOString() ?? null,
    lines: window.open
      ? order.items.flatMap(({ productId, title, titleAr, size, quantity }) =>
          productId === null ? [] : [{ productId, title, titleAr, size, quantity }],
        )
      : [],
  };
}

const subjectOf = (order: { orderNumber: number }) => `#${order.orderNumber}`;

/**
 * The shopper's request (the tracking page's form and `/api/order/requestReturn`): the phone must be
 * the order's (else 404, the same as an unknown order), the order delivered and inside the window
 * (409), each unit one that was delivered and not more of a line than it held (400).
 */
export function requestReturn(db: Db, publicId: string, input: ReturnRequestInput, now = new Date()): OrderWithItems {
  writeTransaction(db, (tx) => {
    const order = tx.select().from(orders).where(eq(orders.publicId, publicId)).get();
    if (!order || !samePhone(order.phone, input.phone))
      throw new ReturnRequestRefused(404, { code: "return.not-found" });
    if (order.status !== "delivered") throw new ReturnRequestRefused(409, { code: "return.not-delivered" });
    const existing = tx
      .select({ id: returnRequests.id })
      .from(returnRequests)
      .where(eq(returnRequests.orderId, order.id))
      .get();
    if (existing) throw new ReturnRequestRefused(409, { code: "return.already-requested" });
    const { returnDays } = readReturnSettings(tx);
    if (!isInsideReturnWindow(deliveredAt(tx, order), returnDays, now))
      throw new ReturnRequestRefused(409, { code: "return.window-closed" });

    const lines = tx
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        size: orderItems.size,
        title: orderItems.title,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .all();
    // Units by order line: the same product and size named twice add up.
    const wanted = new Map<number, number>();
    for (const item of input.items) {
      if (item.quantity === 0) continue;
      const line = lines.find((candidate) => candidate.productId === item.productId && candidate.size === item.size);
      if (!line) throw new ReturnRequestRefused(400, { code: "return.not-in-order" });
      wanted.set(line.id, (wanted.get(line.id) ?? 0) + item.quantity);
    }
    if (wanted.size === 0) throw new ReturnRequestRefused(400, { code: "return.no-items" });
    for (const [lineId, quantity] of wanted) {
      const line = lines.find((candidate) => candidate.id === lineId)!;
      if (quantity > line.quantity)
        throw new ReturnRequestRefused(400, { code: "return.too-many", title: line.title, delivered: line.quantity });
    }

    const request = tx
      .insert(returnRequests)
      .values({ orderId: order.id, reason: input.reason, note: input.note ?? null, createdAt: now })
      .returning({ id: returnRequests.id })
      .get();
    tx.insert(returnRequestItems)
      .values([...wanted].map(([orderItemId, quantity]) => ({ returnRequestId: request.id, orderItemId, quantity })))
      .run();
    recordOrderEvent(tx, { orderId: order.id, event: "return-requested", actor: null });
    recordActivity(
      tx,
      { username: "customer", address: null },
      {
        kind: "order.return-requested",
        subject: subjectOf(order),
        orderId: publicId,
        changes: [
          { field: "return", before: null, after: "requested" },
          { field: "reason", before: null, after: input.reason },
          ...(input.note ? [{ field: "note", before: null, after: input.note }] : []),
        ],
      },
    );
    queueShopperEmail(db, tx, order, "return-requested");
  });
  return loadOrder(db, publicId)!;
}

/** The order's request in `from`, inside the transaction; 409 when there is none or it is in another state. */
function requestIn(tx: Tx, order: Order, from: "requested" | "approved") {
  const request = tx.select().from(returnRequests).where(eq(returnRequests.orderId, order.id)).get();
  if (!request) throw new OrderStatusConflict("This order has no return request");
  if (request.status !== from)
    throw new OrderStatusConflict(
      `The return is ${request.status}: ${from === "requested" ? "only a requested return can be approved or refused" : "only an approved return can be received"}`,
    );
  return request;
}

/** Moves the request from `from` to `to` only if it is still in `from`: a second click changes nothing and is told so. */
function moveRequest(
  tx: Tx,
  requestId: number,
  from: "requested" | "approved",
  values: Partial<typeof returnRequests.$inferInsert> & { status: "approved" | "refused" | "received" },
) {
  const changed = tx
    .update(returnRequests)
    .set(values)
    .where(and(eq(returnRequests.id, requestId), eq(returnRequests.status, from)))
    .run();
  if (changed.changes === 0) throw new OrderStatusConflict("The return changed meanwhile; reload and try again");
}

/** Owner or Orders: the return is accepted; the shop arranges the pick-up. */
export function approveReturn(db: Db, publicId: string, actor: Actor = SYSTEM_ACTOR) {
  writeTransaction(db, (tx) => {
    const order = orderOrThrow(tx, publicId);
    const request = requestIn(tx, order, "requested");
    moveRequest(tx, request.id, "requested", {
      status: "approved",
      decidedBy: actor.username,
      decidedAt: new Date(),
    });
    recordOrderEvent(tx, { orderId: order.id, event: "return-approved", actor: historyActor(actor) });
    recordActivity(tx, actor, {
      kind: "order.return-approved",
      subject: subjectOf(order),
      orderId: publicId,
      changes: [{ field: "return", before: "requested", after: "approved" }],
    });
    queueShopperEmail(db, tx, order, "return-approved");
  });
  return loadOrder(db, publicId)!;
}

/** Owner or Orders: the return is refused, with the note the shopper reads (kept as an order note too). */
export function refuseReturn(db: Db, publicId: string, note: string, actor: Actor = SYSTEM_ACTOR) {
  writeTransaction(db, (tx) => {
    const order = orderOrThrow(tx, publicId);
    const request = requestIn(tx, order, "requested");
    moveRequest(tx, request.id, "requested", {
      status: "refused",
      refusalNote: note,
      decidedBy: actor.username,
      decidedAt: new Date(),
    });
    const kept = tx
      .insert(orderNotes)
      .values({ orderId: order.id, text: note, author: actor.username })
      .returning({ id: orderNotes.id })
      .get();
    recordOrderEvent(tx, { orderId: order.id, event: "return-refused", actor: historyActor(actor), noteId: kept.id });
    recordActivity(tx, actor, {
      kind: "order.return-refused",
      subject: subjectOf(order),
      orderId: publicId,
      changes: [
        { field: "return", before: "requested", after: "refused" },
        { field: "note", before: null, after: note },
      ],
    });
    queueShopperEmail(db, tx, order, "return-refused");
  });
  return loadOrder(db, publicId)!;
}

/**
 * Owner or Orders: the parcel is back. Records the refund (at most what was paid for the returned
 * units, never rounded: cents as given) and, per line, how many units go back to stock, through the
 * one stock path (`putBackStock`, to the size where the product keeps stock per size), at the
 * product's grade; the rest are written off. A line whose product was deleted can only be written
 * off. The state moves last, conditional on `approved`: two clicks make one refund and one restock.
 */
export function receiveReturn(db: Db, publicId: string, input: ReceiveReturnInput, actor: Actor = SYSTEM_ACTOR) {
  writeTransaction(db, (tx) => {
    const order = orderOrThrow(tx, publicId);
    const request = requestIn(tx, order, "approved");
    const lines = tx
      .select({
        id: returnRequestItems.id,
        orderItemId: returnRequestItems.orderItemId,
        quantity: returnRequestItems.quantity,
        productId: orderItems.productId,
        size: orderItems.size,
        title: orderItems.title,
        unitPriceCents: orderItems.unitPriceCents,
      })
      .from(returnRequestItems)
      .innerJoin(orderItems, eq(orderItems.id, returnRequestItems.orderItemId))
      .where(eq(returnRequestItems.returnRequestId, request.id))
      .all();
    const cap = paidForUnits(order, lines);
    if (input.refundCents > cap)
      throw new ReturnReceiptInvalid(
        `Refund: at most ${formatMoney(cap)}, what was paid for the returned items (${formatMoney(input.refundCents)} given)`,
      );
    if (input.restocked instanceof Map)
      for (const [orderItemId, restocked] of input.restocked) {
        const line = lines.find((candidate) => candidate.orderItemId === orderItemId);
        if (!line) throw new ReturnReceiptInvalid("That item is not part of this return");
        if (restocked > line.quantity)
          throw new ReturnReceiptInvalid(`${line.title}: at most ${line.quantity} can go back to stock`);
      }

    const restockedOf = (line: (typeof lines)[number]) => {
      if (line.productId === null) return 0;
      if (input.restocked === "all") return line.quantity;
      if (input.restocked === "none") return 0;
      return input.restocked.get(line.orderItemId) ?? 0;
    };
    const outcome: string[] = [];
    for (const line of lines) {
      const restocked = restockedOf(line);
      const grade =
        restocked > 0 && line.productId !== null
          ? (tx.select({ grade: products.grade }).from(products).where(eq(products.id, line.productId)).get()?.grade ??
            null)
          : null;
      tx.update(returnRequestItems)
        .set({ restocked, restockedGrade: grade })
        .where(eq(returnRequestItems.id, line.id))
        .run();
      // The one way stock comes back (a cancel uses it too): what hooks onto stock rising sees a return as well.
      if (restocked > 0 && line.productId !== null) putBackStock(tx, line.productId, line.size, restocked);
      const writtenOff = line.quantity - restocked;
      outcome.push(
        `${line.title}${line.size ? ` (${line.size})` : ""}: ${restocked} back to stock${grade ? ` (${grade})` : ""}, ${writtenOff} written off`,
      );
    }
    const now = new Date();
    moveRequest(tx, request.id, "approved", {
      status: "received",
      refundCents: input.refundCents,
      receivedBy: actor.username,
      receivedAt: now,
    });
    recordOrderEvent(tx, { orderId: order.id, event: "return-received", actor: historyActor(actor) });
    recordActivity(tx, actor, {
      kind: "order.return-received",
      subject: subjectOf(order),
      orderId: publicId,
      changes: [
        { field: "return", before: "approved", after: "received" },
        { field: "refund", before: null, after: formatMoney(input.refundCents) },
        ...outcome.map((line) => ({ field: "items", before: null, after: line })),
      ],
    });
    queueShopperEmail(db, tx, order, "return-received");
  });
  return loadOrder(db, publicId)!;
}
