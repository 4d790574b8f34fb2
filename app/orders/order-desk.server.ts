import { asc, eq, inArray } from "drizzle-orm";
import { orderHistory, orderNotes, orderNotices, orders } from "../../db/schema/index.ts";
import { isUnpaid, type OrderEvent, type ReturnReason } from "./order-status.ts";
import { type Db, writeTransaction } from "~/platform/db/db.server.ts";
import { type Actor, historyActor, recordActivity } from "~/platform/activity/activity-log.server.ts";
import { OrderNotFound, orderOrThrow, OrderStatusConflict } from "./order-admin.server.ts";
import { recordOrderEvent } from "./order-history.server.ts";
import { queueShopperEmail } from "./order-notice-queue.server.ts";
import { loadOrder, toApiOrder } from "./order.server.ts";
import { readShopDetails } from "~/settings/settings.server.ts";
import type { DeliverySlip } from "~/orders/views.ts";

/**
 * Marks an order as confirmed with the customer. Confirming again keeps the first time (a second
 * click or a retried call changes nothing and records nothing). A delivered, canceled or returned order is
 * past confirming (409). Confirmation sits beside the status: it never changes it.
 */
export function confirmOrder(db: Db, publicId: string, actor: Actor) {
  writeTransaction(db, (tx) => {
    const order = orderOrThrow(tx, publicId);
    if (order.status === "delivered" || order.status === "canceled" || order.status === "returned") {
      throw new OrderStatusConflict(`Order is ${order.status}: it cannot be confirmed`);
    }
    if (order.confirmedAt) return;
    const confirmedAt = new Date();
    tx.update(orders).set({ confirmedAt }).where(eq(orders.id, order.id)).run();
    recordOrderEvent(tx, { orderId: order.id, event: "confirmed", actor: historyActor(actor) });
    queueShopperEmail(db, tx, order, "confirmed");
    recordActivity(tx, actor, {
      kind: "order.confirmed",
      subject: `#${order.orderNumber}`,
      orderId: publicId,
      changes: [{ field: "confirmedAt", before: null, after: confirmedAt.toISOString() }],
    });
  });
  return loadOrder(db, publicId)!;
}

/** Adds an internal note (already validated by orderNoteSchema) and its timeline entry, together. */
export function addOrderNote(db: Db, publicId: string, text: string, actor: Actor) {
  return writeTransaction(db, (tx) => {
    const order = orderOrThrow(tx, publicId);
    const note = tx.insert(orderNotes).values({ orderId: order.id, text, author: actor.username }).returning().get();
    recordOrderEvent(tx, { orderId: order.id, event: "note", actor: actor.username, noteId: note.id });
    recordActivity(tx, actor, {
      kind: "order.note",
      subject: `#${order.orderNumber}`,
      orderId: publicId,
      changes: [{ field: "note", before: null, after: text }],
    });
    return note;
  });
}

/**
 * Sets (or, with null, clears) the order's note for the driver, already validated by driverNoteSchema,
 * and records the change in the activity log; the same note again changes and records nothing.
 */
export function setDriverNote(db: Db, publicId: string, driverNote: string | null, actor: Actor) {
  writeTransaction(db, (tx) => {
    const order = orderOrThrow(tx, publicId);
    if (order.driverNote === driverNote) return;
    tx.update(orders).set({ driverNote }).where(eq(orders.id, order.id)).run();
    recordActivity(tx, actor, {
      kind: "order.driverNote",
      subject: `#${order.orderNumber}`,
      orderId: publicId,
      changes: [{ field: "driverNote", before: order.driverNote, after: driverNote }],
    });
  });
  return loadOrder(db, publicId)!;
}

export type TimelineEntry = {
  at: Date;
  event: OrderEvent;
  by: string | null;
  note: { id: number; text: string } | null;
  /** The subject of the email an "emailed" event sent; null for other events. */
  subject: string | null;
  /** A "returned" event's reason. */
  reason: ReturnReason | null;
};

/** An order's timeline, oldest first, each note event with its text. */
export function loadTimeline(db: Db, orderId: number): TimelineEntry[] {
  return db
    .select({
      at: orderHistory.createdAt,
      event: orderHistory.event,
      by: orderHistory.actor,
      reason: orderHistory.reason,
      noteId: orderNotes.id,
      noteText: orderNotes.text,
      subject: orderNotices.subject,
    })
    .from(orderHistory)
    .leftJoin(orderNotes, eq(orderNotes.id, orderHistory.noteId))
    .leftJoin(orderNotices, eq(orderNotices.id, orderHistory.noticeId))
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.id))
    .all()
    .map(({ noteId, noteText, ...entry }) => ({
      ...entry,
      note: noteId === null ? null : { id: noteId, text: noteText ?? "" },
    }));
}

export function toApiNote(note: { id: number; text: string; author: string; createdAt: Date }) {
  return { _id: String(note.id), text: note.text, at: note.createdAt.toISOString(), by: note.author };
}

/** `order/getOrderById`: the API order with its notes and its history, both oldest first. */
export function loadApiOrderWithDesk(db: Db, publicId: string) {
  const order = loadOrder(db, publicId);
  if (!order) throw new OrderNotFound(`Order ${publicId} not found`);
  const notes = db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id)).orderBy(asc(orderNotes.id)).all();
  const history = loadTimeline(db, order.id).map((entry) => ({
    at: entry.at.toISOString(),
    event: entry.event,
    by: entry.by,
    ...(entry.reason ? { reason: entry.reason } : {}),
    ...(entry.note ? { noteId: String(entry.note.id) } : {}),
    ...(entry.subject ? { subject: entry.subject } : {}),
  }));
  return { ...toApiOrder(order), notes: notes.map(toApiNote), history };
}

export type { DeliverySlip } from "~/orders/views.ts";

/** At most this many slips in one batch: a page of the orders list. */
export const MAX_SLIPS = 100;

/** The delivery slips of these orders, in the order asked for; unknown ids are skipped. */
export function loadDeliverySlips(db: Db, publicIds: string[]): DeliverySlip[] {
  const wanted = [...new Set(publicIds)].slice(0, MAX_SLIPS);
  if (wanted.length === 0) return [];
  const found = new Set(
    db
      .select({ publicId: orders.publicId })
      .from(orders)
      .where(inArray(orders.publicId, wanted))
      .all()
      .map((row) => row.publicId),
  );
  const shopPhone = readShopDetails(db).contactPhone;
  return wanted
    .filter((publicId) => found.has(publicId))
    .map((publicId) => {
      const order = loadOrder(db, publicId)!;
      return {
        publicId: order.publicId,
        orderNumber: order.orderNumber,
        createdAt: order.createdAt,
        customerName: order.customerName,
        phone: order.phone,
        governorate: order.governorate,
        city: order.city,
        street: order.street,
        building: order.building,
        address: order.address,
        driverNote: order.driverNote,
        items: order.items.map(({ title, size, quantity, unitPriceCents }) => ({
          title,
          size,
          quantity,
          unitPriceCents,
        })),
        subtotalCents: order.subtotalCents,
        couponCode: order.couponCode,
        discountCents: order.discountCents,
        deliveryFeeCents: order.deliveryFeeCents,
        amountToCollectCents: isUnpaid(order.status) ? 0 : order.totalCents,
        amountToCollectLbp: order.totalLbp === null ? null : isUnpaid(order.status) ? 0 : order.totalLbp,
        status: order.status,
        shopPhone,
      };
    });
}
