/**
 * The values an order's columns may hold: statuses, history events, return reasons and the
 * shopper's email steps. Plain constants that import nothing, so the tables here and the order
 * domain's browser-safe files (app/orders/order-status.ts) share them without the tables knowing
 * the domain; what each value allows is the domain's (order-status.ts).
 */
export const ORDER_STATUSES = ["processing", "shipped", "delivered", "canceled", "returned"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const RETURN_REASONS = ["refused", "unreachable", "other"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** What an order's history records: each status it reached, and the owner's notes. */
export const ORDER_EVENTS = [
  "placed",
  "confirmed",
  "shipped",
  "delivered",
  "canceled",
  "returned",
  "note",
  "emailed",
  "return-requested",
  "return-approved",
  "return-refused",
  "return-received",
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** The steps the shopper hears of by email. */
export const SHOPPER_MESSAGES = [
  "placed",
  "confirmed",
  "shipped",
  "delivered",
  "canceled",
  "returned",
  "return-requested",
  "return-approved",
  "return-refused",
  "return-received",
] as const;
export type ShopperMessage = (typeof SHOPPER_MESSAGES)[number];

/**
 * A return after delivery (return_requests): its states, in order, and the shopper's reasons.
 * Distinct from RETURN_REASONS, which say why a parcel was refused at the door.
 */
export const RETURN_REQUEST_STATUSES = ["requested", "approved", "refused", "received"] as const;
export type ReturnRequestStatus = (typeof RETURN_REQUEST_STATUSES)[number];

export const RETURN_REQUEST_REASONS = ["not-as-described", "defective", "changed-mind", "other"] as const;
export type ReturnRequestReason = (typeof RETURN_REQUEST_REASONS)[number];
/** The languages an order can be placed in: the page's (`/ar` pages are Arabic), which its emails and texts follow. */
export const ORDER_LANGUAGES = ["en", "ar"] as const;
export type OrderLanguage = (typeof ORDER_LANGUAGES)[number];
