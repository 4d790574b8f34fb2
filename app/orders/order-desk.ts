import type { OrderEvent } from "./order-status.ts";
import { formatMoney } from "../utils/money.ts";
import { SHOP_NAME } from "../catalogue/options.ts";

/** Order times as the owner reads them: Lebanese time, day month year and hour. */
export function formatOrderTime(iso: string) {
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Beirut" });
}

/** The WhatsApp message the owner starts from: short, naming the order so the customer knows which. */
export function confirmationMessage(order: { orderNumber: number; customerName: string; totalCents: number }) {
  return `Hello ${order.customerName}, this is ${SHOP_NAME} about your order #${order.orderNumber} (${formatMoney(order.totalCents)}, cash on delivery). Can you confirm it, please?`;
}

/** How each history event reads in the timeline. */
export const EVENT_LABEL: Record<OrderEvent, string> = {
  placed: "Placed",
  confirmed: "Confirmed",
  shipped: "Shipped",
  delivered: "Delivered",
  canceled: "Canceled",
  returned: "Returned",
  note: "Note",
};
