/**
 * An order's statuses and what each allows, in one browser-safe place: the admin pages, the
 * order models and the `/api/` calls all ask here. The values themselves are the tables'
 * (db/schema/order-enums.ts), handed on from here.
 */
import { ORDER_STATUSES, type OrderStatus, type ReturnReason } from "../../db/schema/order-enums.ts";

export {
  ORDER_EVENTS,
  ORDER_LANGUAGES,
  ORDER_STATUSES,
  type OrderEvent,
  type OrderLanguage,
  type OrderStatus,
  RETURN_REASONS,
  type ReturnReason,
  SHOPPER_MESSAGES,
  type ShopperMessage,
} from "../../db/schema/order-enums.ts";

/**
 * Completed orders are delivered, canceled or returned (refused at the door); the rest are active.
 */
export const COMPLETED_STATUSES: readonly OrderStatus[] = ["delivered", "canceled", "returned"];

/** Orders whose money never came in: left out of revenue and of cash to collect. */
export const UNPAID_STATUSES: readonly OrderStatus[] = ["canceled", "returned"];

export function isUnpaid(status: OrderStatus) {
  return UNPAID_STATUSES.includes(status);
}

export function isCompleted(status: OrderStatus) {
  return COMPLETED_STATUSES.includes(status);
}

export function isActive(status: OrderStatus) {
  return !isCompleted(status);
}

/** Any active order can be canceled (its items go back in stock); a completed one cannot. */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(isActive);

export function isCancellable(status: OrderStatus) {
  return CANCELLABLE_STATUSES.includes(status);
}

/** Forward only: processing → shipped → delivered; an order never moves back. */
const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = { processing: "shipped", shipped: "delivered" };

/** The status an order moves to next, or undefined when it cannot move forward. */
export function nextStatus(status: OrderStatus): OrderStatus | undefined {
  return NEXT_STATUS[status];
}

/** The statuses an order can be moved to (`order/updateOrder`'s optional `status`). */
export const REACHABLE_STATUSES: readonly string[] = Object.values(NEXT_STATUS);

/** The next-status button's label. */
export const NEXT_STATUS_LABEL: Partial<Record<OrderStatus, string>> = {
  processing: "Mark as Shipped",
  shipped: "Mark as Delivered",
};

/** The order desk's call list: still processing and not yet confirmed with the customer by phone. */
export function isAwaitingConfirmation(order: { status: OrderStatus; confirmedAt: unknown }) {
  return order.status === "processing" && !order.confirmedAt;
}

/**
 * A shipped order the customer refused or could not be reached for comes back `returned`
 * (`order/markReturned`), never through `order/updateOrder`'s forward step.
 */
export function isReturnable(status: OrderStatus) {
  return status === "shipped";
}

export const RETURN_REASON_LABEL: Record<ReturnReason, string> = {
  refused: "Refused at the door",
  unreachable: "Customer unreachable",
  other: "Other",
};
