import { asc, eq } from "drizzle-orm";
import { orderItems, orders, type OrderStatus } from "../../db/schema/index.ts";
import type { Db } from "~/lib/db.server.ts";
import { samePhone } from "~/lib/phone.ts";

/**
 * What `/track/{_id}` shows to whoever holds the link: the order's number, steps, items and money.
 * Never the address, the name, the email or the phone: the link may be forwarded.
 */
export type TrackedOrder = {
  publicId: string;
  orderNumber: number;
  status: OrderStatus;
  steps: TrackingStep[];
  items: { title: string; size: string | null; quantity: number; unitPriceCents: number }[];
  subtotalCents: number;
  deliveryFeeCents: number;
  totalCents: number;
};

export type TrackingStep = {
  key: "placed" | "shipped" | "delivered" | "canceled";
  label: string;
  /** When it happened; null for a step not reached yet, or reached at a time the order does not record. */
  at: Date | null;
  done: boolean;
};

/**
 * Placed, then Shipped and Delivered, or Canceled. The order records when it was placed and when
 * its status last changed (`updatedAt`), so the current step carries that time and an earlier
 * Shipped (of a delivered order) shows without one. A 'Confirmed' step (from `confirmedAt`) goes
 * between Placed and Shipped, and each step's own time comes from the order's history, once those
 * exist.
 */
export function trackingSteps(order: { status: OrderStatus; createdAt: Date; updatedAt: Date }): TrackingStep[] {
  const placed: TrackingStep = { key: "placed", label: "Placed", at: order.createdAt, done: true };
  const changedAt = order.updatedAt;
  if (order.status === "canceled") return [placed, { key: "canceled", label: "Canceled", at: changedAt, done: true }];
  const reached = { processing: 0, shipped: 1, delivered: 2 }[order.status];
  return [
    placed,
    { key: "shipped", label: "Shipped", at: order.status === "shipped" ? changedAt : null, done: reached >= 1 },
    { key: "delivered", label: "Delivered", at: order.status === "delivered" ? changedAt : null, done: reached >= 2 },
  ];
}

export function loadTrackedOrder(db: Db, publicId: string): TrackedOrder | null {
  if (!/^[0-9a-f]{24}$/.test(publicId)) return null;
  const order = db
    .select({
      id: orders.id,
      publicId: orders.publicId,
      orderNumber: orders.orderNumber,
      status: orders.status,
      subtotalCents: orders.subtotalCents,
      deliveryFeeCents: orders.deliveryFeeCents,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(eq(orders.publicId, publicId))
    .get();
  if (!order) return null;
  const items = db
    .select({ title: orderItems.title, size: orderItems.size, quantity: orderItems.quantity, unitPriceCents: orderItems.unitPriceCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id))
    .all();
  return {
    publicId: order.publicId,
    orderNumber: order.orderNumber,
    status: order.status,
    steps: trackingSteps(order),
    items,
    subtotalCents: order.subtotalCents,
    deliveryFeeCents: order.deliveryFeeCents,
    totalCents: order.totalCents,
  };
}

/**
 * The order with this number, when the phone is the one it was placed with (compared by its
 * national digits, docs/decisions/014); else null, the same whichever part is wrong.
 */
export function findOrderByNumberAndPhone(db: Db, orderNumber: number, phone: string): string | null {
  const order = db.select({ publicId: orders.publicId, phone: orders.phone }).from(orders).where(eq(orders.orderNumber, orderNumber)).get();
  return order && samePhone(order.phone, phone) ? order.publicId : null;
}
