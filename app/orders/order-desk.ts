import type { OrderEvent, OrderLanguage } from "./order-status.ts";
import { formatMoney } from "~/utils/money.ts";
import { SHOP_NAME } from "~/catalogue/options.ts";

/** Order times as the owner reads them: Lebanese time, day month year and hour. */
export function formatOrderTime(iso: string) {
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Beirut" });
}

/**
 * The WhatsApp message the owner starts from, fitting the order's state: short, naming the order
 * so the customer knows which, with its tracking link when the shop has a public address
 * (PUBLIC_URL). Placed: asks to confirm; shipped: on its way, with the cash to have ready;
 * delivered: thanks.
 */
export function whatsAppMessage(
  order: { orderNumber: number; customerName: string; totalCents: number; status: string; confirmedAt: unknown },
  trackingUrl?: string | null,
) {
  const hello = `Hello ${order.customerName}, this is ${SHOP_NAME}`;
  const total = formatMoney(order.totalCents);
  const number = `#${order.orderNumber}`;
  const text =
    order.status === "shipped"
      ? `${hello}: your order ${number} is on its way. Please have ${total} ready in cash for the courier.`
      : order.status === "delivered"
        ? `${hello}: thank you for your order ${number}! We hope you enjoy it.`
        : order.status === "canceled" || order.status === "returned"
          ? `${hello} about your order ${number}, which was ${order.status === "canceled" ? "canceled" : "returned to us"}.`
          : order.status === "processing" && !order.confirmedAt
            ? `${hello} about your order ${number} (${total}, cash on delivery). Can you confirm it, please?`
            : `${hello}: your order ${number} (${total}, cash on delivery) is confirmed and being prepared.`;
  return trackingUrl ? `${text} Follow it here: ${trackingUrl}` : text;
}

/** The shopper's link to their order, when the shop has a public address: the page in the order's language. */
export function trackingUrl(publicUrl: string | undefined, publicId: string, language: OrderLanguage = "en") {
  return publicUrl ? `${publicUrl.replace(/\/+$/, "")}${language === "ar" ? "/ar" : ""}/track/${publicId}` : null;
}

/** How the order dialog names the language an order was placed in. */
export const LANGUAGE_LABEL: Record<OrderLanguage, string> = { en: "English", ar: "Arabic (العربية)" };

/** How each history event reads in the timeline. */
export const EVENT_LABEL: Record<OrderEvent, string> = {
  placed: "Placed",
  confirmed: "Confirmed",
  shipped: "Shipped",
  delivered: "Delivered",
  canceled: "Canceled",
  returned: "Returned",
  note: "Note",
  emailed: "Emailed",
};
