import type { OrderEvent, OrderLanguage } from "./order-status.ts";
import { ENGLISH, type ShopperLanguage } from "~/i18n/shopper-language.ts";
import { WHATSAPP_WORDS, type WhatsAppWords } from "./whatsapp-answers.ts";
import { SHOP_NAME } from "~/catalogue/options.ts";

/** Order times as the owner reads them: Lebanese time, day month year and hour. */
export function formatOrderTime(iso: string) {
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Beirut" });
}

/**
 * The WhatsApp message the owner starts from, fitting the order's state: short, naming the order
 * so the customer knows which, with its tracking link when the shop has a public address
 * (PUBLIC_URL). Placed: asks to confirm; shipped: on its way, with the cash to have ready;
 * delivered: thanks. In the order's language (`language`), the English word for word as it always was.
 */
export function whatsAppMessage(
  order: { orderNumber: number; customerName: string; totalCents: number; status: string; confirmedAt: unknown },
  trackingUrl?: string | null,
  language: ShopperLanguage = ENGLISH,
) {
  const who = { name: order.customerName, shop: SHOP_NAME, number: order.orderNumber };
  const total = language.money(order.totalCents);
  const words: WhatsAppWords =
    order.status === "shipped"
      ? { code: "whatsapp.shipped", ...who, total }
      : order.status === "delivered"
        ? { code: "whatsapp.delivered", ...who }
        : order.status === "canceled"
          ? { code: "whatsapp.canceled", ...who }
          : order.status === "returned"
            ? { code: "whatsapp.returned", ...who }
            : order.status === "processing" && !order.confirmedAt
              ? { code: "whatsapp.to-confirm", ...who, total }
              : { code: "whatsapp.confirmed", ...who, total };
  const text = language.say(WHATSAPP_WORDS, words);
  return trackingUrl
    ? language.say(WHATSAPP_WORDS, { code: "whatsapp.follow", text, url: language.ltr(trackingUrl) })
    : text;
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
  "return-requested": "Return requested",
  "return-approved": "Return approved",
  "return-refused": "Return refused",
  "return-received": "Return received",
};
