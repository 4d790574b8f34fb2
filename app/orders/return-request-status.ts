/**
 * Returns after delivery (a shopper sends items of a delivered order back), browser-safe: the
 * states, the reasons, the window and the admin's words. Not the parcel refused at the door, which
 * is the order's own `returned` status (order-status.ts, order-return.server.ts).
 */
import {
  RETURN_REQUEST_REASONS,
  RETURN_REQUEST_STATUSES,
  type ReturnRequestReason,
  type ReturnRequestStatus,
} from "../../db/schema/order-enums.ts";

export { RETURN_REQUEST_REASONS, RETURN_REQUEST_STATUSES, type ReturnRequestReason, type ReturnRequestStatus };

export const RETURN_REQUEST_NOTE_MAX_LENGTH = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a delivered order's window closes; null when the shop takes no returns (0 days). */
export function returnWindowEnd(deliveredAt: Date, returnDays: number): Date | null {
  return returnDays > 0 ? new Date(deliveredAt.getTime() + returnDays * DAY_MS) : null;
}

export function isInsideReturnWindow(deliveredAt: Date, returnDays: number, now: Date) {
  const end = returnWindowEnd(deliveredAt, returnDays);
  return end !== null && now.getTime() < end.getTime();
}

/** The admin's words (the admin stays in English); the shopper's are the tracking page's, by key. */
export const RETURN_REQUEST_STATUS_LABEL: Record<ReturnRequestStatus, string> = {
  requested: "Return requested",
  approved: "Return approved",
  refused: "Return refused",
  received: "Return received",
};

export const RETURN_REQUEST_REASON_LABEL: Record<ReturnRequestReason, string> = {
  "not-as-described": "Not as described",
  defective: "Defective",
  "changed-mind": "Changed my mind",
  other: "Other",
};

/**
 * At most what was paid for these units: their prices less their share of the order's discount
 * (rounded down, so the cap never exceeds what came in). The delivery fee is never refunded here.
 */
export function paidForUnits(
  order: { subtotalCents: number; discountCents: number },
  units: { unitPriceCents: number; quantity: number }[],
) {
  const priceCents = units.reduce((sum, unit) => sum + unit.unitPriceCents * unit.quantity, 0);
  if (order.subtotalCents <= 0 || order.discountCents <= 0) return priceCents;
  return Math.floor((priceCents * (order.subtotalCents - order.discountCents)) / order.subtotalCents);
}
