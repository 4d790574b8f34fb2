import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { eq } from "drizzle-orm";
import { orders, type OrderStatus } from "../../db/schema/index.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { samePhone } from "~/utils/phone-number.ts";
import { loadTimeline } from "./order-desk.server.ts";
import { loadOrderAndItems } from "./order.server.ts";

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
  couponCode: string | null;
  discountCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  /** The total in lira at the rate the order was placed at; null when the lira was off then. */
  totalLbp: number | null;
};

export type TrackingStep = {
  key: "placed" | "confirmed" | "shipped" | "delivered" | "canceled" | "returned";
  label: string;
  /** When it happened; null for a step not reached yet. */
  at: Date | null;
  done: boolean;
};

/** What the tracking pages' loader and action answer, in the page's language (server-side only, so not shipped). */
export const trackingMessages = (i18n: I18n) => ({
  notFound: i18n._(msg`We could not find an order with that number and phone.`),
  orderNotFound: i18n._(msg`Order not found`),
  tooManyTries: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return i18n._(msg`Too many tries. Please try again in ${minutes} minutes, or call us.`);
  },
});

/** Each step's name as the shopper reads it. */
const STEP_LABEL: Record<TrackingStep["key"], MessageDescriptor> = {
  placed: msg`Placed`,
  confirmed: msg`Confirmed`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
  canceled: msg`Canceled`,
  returned: msg`Returned`,
};

/**
 * Placed, Confirmed (by the shop, on the phone), Shipped, Delivered; or Placed, then Canceled; or
 * Placed, Confirmed, Shipped, then Returned (a parcel that came back).
 * Each step's time is the order history's entry for it (written with the change itself); an
 * order older than the history falls back to its status and last change. Labels in `i18n`'s language.
 */
export function trackingSteps(
  order: { status: OrderStatus; createdAt: Date; updatedAt: Date; confirmedAt: Date | null },
  history: { event: string; at: Date }[],
  i18n: I18n,
): TrackingStep[] {
  const label = (key: TrackingStep["key"]) => i18n._(STEP_LABEL[key]);
  const when = (event: string) => history.find((entry) => entry.event === event)?.at ?? null;
  const placed: TrackingStep = {
    key: "placed",
    label: label("placed"),
    at: when("placed") ?? order.createdAt,
    done: true,
  };
  if (order.status === "canceled") {
    return [placed, { key: "canceled", label: label("canceled"), at: when("canceled") ?? order.updatedAt, done: true }];
  }
  const reached = { processing: 0, shipped: 1, delivered: 2, returned: 1 }[order.status];
  const current = (step: "shipped" | "delivered") => when(step) ?? (order.status === step ? order.updatedAt : null);
  const steps: TrackingStep[] = [
    placed,
    {
      key: "confirmed",
      label: label("confirmed"),
      at: order.confirmedAt,
      done: order.confirmedAt !== null || reached >= 1,
    },
    { key: "shipped", label: label("shipped"), at: current("shipped"), done: reached >= 1 },
  ];
  if (order.status === "returned")
    return [
      ...steps,
      { key: "returned", label: label("returned"), at: when("returned") ?? order.updatedAt, done: true },
    ];
  return [...steps, { key: "delivered", label: label("delivered"), at: current("delivered"), done: reached >= 2 }];
}

export function loadTrackedOrder(db: Db, publicId: string, i18n: I18n): TrackedOrder | null {
  if (!/^[0-9a-f]{24}$/.test(publicId)) return null;
  const found = loadOrderAndItems(db, publicId);
  if (!found) return null;
  const { order, items } = found;
  return {
    publicId: order.publicId,
    orderNumber: order.orderNumber,
    status: order.status,
    steps: trackingSteps(order, loadTimeline(db, order.id), i18n),
    items: items.map(({ title, titleAr, size, quantity, unitPriceCents }) => ({
      title,
      titleAr,
      size,
      quantity,
      unitPriceCents,
    })),
    subtotalCents: order.subtotalCents,
    couponCode: order.couponCode,
    discountCents: order.discountCents,
    deliveryFeeCents: order.deliveryFeeCents,
    totalCents: order.totalCents,
    totalLbp: order.totalLbp,
  };
}

/**
 * The order with this number, when the phone is the one it was placed with (compared by its key,
 * `samePhone`); else null, the same whichever part is wrong.
 */
export function findOrderByNumberAndPhone(db: Db, orderNumber: number, phone: string): string | null {
  const order = db
    .select({ publicId: orders.publicId, phone: orders.phone })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber))
    .get();
  return order && samePhone(order.phone, phone) ? order.publicId : null;
}
