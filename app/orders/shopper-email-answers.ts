import type { AnswerTable } from "~/i18n/answers.ts";

/**
 * The words of the shopper's order emails (shopper-email.server.tsx), by code: the English is the
 * product's fixed wording, word for word what English orders always received; other languages by
 * the same id (app/i18n/locales/ar/answers.po). Browser-safe, like every answer table.
 */
export type ShopperEmailWords =
  | { code: "shopper-email.subject-placed"; number: number }
  | { code: "shopper-email.subject-confirmed"; number: number }
  | { code: "shopper-email.subject-shipped"; number: number }
  | { code: "shopper-email.subject-delivered"; number: number }
  | { code: "shopper-email.subject-canceled"; number: number }
  | { code: "shopper-email.subject-returned"; number: number }
  | { code: "shopper-email.subject-return-requested"; number: number }
  | { code: "shopper-email.subject-return-approved"; number: number }
  | { code: "shopper-email.subject-return-refused"; number: number }
  | { code: "shopper-email.subject-return-received"; number: number }
  | { code: "shopper-email.heading-return-requested" }
  | { code: "shopper-email.heading-return-approved" }
  | { code: "shopper-email.heading-return-refused" }
  | { code: "shopper-email.heading-return-received" }
  | { code: "shopper-email.intro-return-requested"; units: string }
  | { code: "shopper-email.intro-return-approved"; phone: string; units: string }
  | { code: "shopper-email.intro-return-refused"; note: string; shopPhone: string }
  | { code: "shopper-email.intro-return-received"; units: string; refund: string }
  | { code: "shopper-email.due-return" }
  | { code: "shopper-email.preview"; subject: string; total: string }
  | { code: "shopper-email.heading-placed" }
  | { code: "shopper-email.heading-confirmed" }
  | { code: "shopper-email.heading-shipped" }
  | { code: "shopper-email.heading-delivered" }
  | { code: "shopper-email.heading-canceled" }
  | { code: "shopper-email.heading-returned" }
  | { code: "shopper-email.intro-placed"; phone: string }
  | { code: "shopper-email.intro-confirmed" }
  | { code: "shopper-email.intro-shipped"; total: string }
  | { code: "shopper-email.intro-delivered" }
  | { code: "shopper-email.intro-canceled"; shopPhone: string }
  | { code: "shopper-email.intro-returned"; shopPhone: string }
  | { code: "shopper-email.due-on-delivery" }
  | { code: "shopper-email.due-courier" }
  | { code: "shopper-email.due-paid" }
  | { code: "shopper-email.due-nothing" }
  | { code: "shopper-email.hello"; name: string }
  | { code: "shopper-email.order-number"; number: string }
  | { code: "shopper-email.placed-at"; time: string }
  | { code: "shopper-email.item"; quantity: number; title: string }
  | { code: "shopper-email.item-size"; quantity: number; title: string; size: string }
  | { code: "shopper-email.subtotal" }
  | { code: "shopper-email.discount"; coupon: string }
  | { code: "shopper-email.delivery" }
  | { code: "shopper-email.see-order" }
  | { code: "shopper-email.delivery-to" }
  | { code: "shopper-email.shop-phone"; phone: string }
  | { code: "shopper-email.why"; number: string };

export const SHOPPER_EMAIL_WORDS: AnswerTable<ShopperEmailWords> = {
  "shopper-email.subject-placed": /*i18n*/ { id: "shopper-email.subject-placed", message: "Order #{number} received" },
  "shopper-email.subject-confirmed": /*i18n*/ {
    id: "shopper-email.subject-confirmed",
    message: "Order #{number} confirmed",
  },
  "shopper-email.subject-shipped": /*i18n*/ {
    id: "shopper-email.subject-shipped",
    message: "Order #{number} is on its way",
  },
  "shopper-email.subject-delivered": /*i18n*/ {
    id: "shopper-email.subject-delivered",
    message: "Order #{number} delivered",
  },
  "shopper-email.subject-canceled": /*i18n*/ {
    id: "shopper-email.subject-canceled",
    message: "Order #{number} canceled",
  },
  "shopper-email.subject-returned": /*i18n*/ {
    id: "shopper-email.subject-returned",
    message: "Order #{number} returned",
  },
  "shopper-email.subject-return-requested": /*i18n*/ {
    id: "shopper-email.subject-return-requested",
    message: "Return request for order #{number} received",
  },
  "shopper-email.subject-return-approved": /*i18n*/ {
    id: "shopper-email.subject-return-approved",
    message: "Return for order #{number} approved",
  },
  "shopper-email.subject-return-refused": /*i18n*/ {
    id: "shopper-email.subject-return-refused",
    message: "Return for order #{number} refused",
  },
  "shopper-email.subject-return-received": /*i18n*/ {
    id: "shopper-email.subject-return-received",
    message: "Refund for order #{number}",
  },
  "shopper-email.heading-return-requested": /*i18n*/ {
    id: "shopper-email.heading-return-requested",
    message: "We received your return request",
  },
  "shopper-email.heading-return-approved": /*i18n*/ {
    id: "shopper-email.heading-return-approved",
    message: "Your return is approved",
  },
  "shopper-email.heading-return-refused": /*i18n*/ {
    id: "shopper-email.heading-return-refused",
    message: "We could not accept your return",
  },
  "shopper-email.heading-return-received": /*i18n*/ {
    id: "shopper-email.heading-return-received",
    message: "We received your return",
  },
  "shopper-email.intro-return-requested": /*i18n*/ {
    id: "shopper-email.intro-return-requested",
    message:
      "You asked to return {units}. We will look at your request and tell you by email, usually within two working days.",
  },
  "shopper-email.intro-return-approved": /*i18n*/ {
    id: "shopper-email.intro-return-approved",
    message:
      "We will call you on {phone} to arrange the pick-up of {units}. Please keep everything that came in the box.",
  },
  "shopper-email.intro-return-refused": /*i18n*/ {
    id: "shopper-email.intro-return-refused",
    message: "{note} If you have a question, call us on {shopPhone}.",
  },
  "shopper-email.intro-return-received": /*i18n*/ {
    id: "shopper-email.intro-return-received",
    message: "The items you sent back ({units}) reached us. We refunded you {refund}.",
  },
  "shopper-email.due-return": /*i18n*/ {
    id: "shopper-email.due-return",
    message: "Paid on delivery (order total)",
  },
  "shopper-email.preview": /*i18n*/ { id: "shopper-email.preview", message: "{subject}: {total}" },
  "shopper-email.heading-placed": /*i18n*/ {
    id: "shopper-email.heading-placed",
    message: "Thank you, we received your order",
  },
  "shopper-email.heading-confirmed": /*i18n*/ {
    id: "shopper-email.heading-confirmed",
    message: "Your order is confirmed",
  },
  "shopper-email.heading-shipped": /*i18n*/ {
    id: "shopper-email.heading-shipped",
    message: "Your order is on its way",
  },
  "shopper-email.heading-delivered": /*i18n*/ {
    id: "shopper-email.heading-delivered",
    message: "Your order was delivered",
  },
  "shopper-email.heading-canceled": /*i18n*/ {
    id: "shopper-email.heading-canceled",
    message: "Your order was canceled",
  },
  "shopper-email.heading-returned": /*i18n*/ {
    id: "shopper-email.heading-returned",
    message: "Your order came back to us",
  },
  "shopper-email.intro-placed": /*i18n*/ {
    id: "shopper-email.intro-placed",
    message: "We will call or message you on {phone} to confirm it before we ship. You pay in cash when it arrives.",
  },
  "shopper-email.intro-confirmed": /*i18n*/ {
    id: "shopper-email.intro-confirmed",
    message: "Thank you for confirming. We are preparing your order and will tell you when it ships.",
  },
  "shopper-email.intro-shipped": /*i18n*/ {
    id: "shopper-email.intro-shipped",
    message: "The courier is bringing your order. Please have {total} ready in cash when it arrives.",
  },
  "shopper-email.intro-delivered": /*i18n*/ {
    id: "shopper-email.intro-delivered",
    message: "Thank you for shopping with us. We hope you enjoy it.",
  },
  "shopper-email.intro-canceled": /*i18n*/ {
    id: "shopper-email.intro-canceled",
    message: "You have nothing to pay. If this is a mistake, call us on {shopPhone}.",
  },
  "shopper-email.intro-returned": /*i18n*/ {
    id: "shopper-email.intro-returned",
    message:
      "The parcel was returned to the shop. If you still want it, call us on {shopPhone} and we will send it again.",
  },
  "shopper-email.due-on-delivery": /*i18n*/ { id: "shopper-email.due-on-delivery", message: "To pay on delivery" },
  "shopper-email.due-courier": /*i18n*/ { id: "shopper-email.due-courier", message: "To pay the courier" },
  "shopper-email.due-paid": /*i18n*/ { id: "shopper-email.due-paid", message: "Paid on delivery" },
  "shopper-email.due-nothing": /*i18n*/ { id: "shopper-email.due-nothing", message: "Nothing to pay (order total)" },
  "shopper-email.hello": /*i18n*/ { id: "shopper-email.hello", message: "Hello {name}," },
  "shopper-email.order-number": /*i18n*/ { id: "shopper-email.order-number", message: "Order #{number}" },
  "shopper-email.placed-at": /*i18n*/ { id: "shopper-email.placed-at", message: ", placed {time}" },
  "shopper-email.item": /*i18n*/ { id: "shopper-email.item", message: "{quantity} × {title}" },
  "shopper-email.item-size": /*i18n*/ { id: "shopper-email.item-size", message: "{quantity} × {title} (size {size})" },
  "shopper-email.subtotal": /*i18n*/ { id: "shopper-email.subtotal", message: "Subtotal" },
  "shopper-email.discount": /*i18n*/ { id: "shopper-email.discount", message: "Discount ({coupon})" },
  "shopper-email.delivery": /*i18n*/ { id: "shopper-email.delivery", message: "Delivery" },
  "shopper-email.see-order": /*i18n*/ { id: "shopper-email.see-order", message: "See your order" },
  "shopper-email.delivery-to": /*i18n*/ { id: "shopper-email.delivery-to", message: "Delivery to" },
  "shopper-email.shop-phone": /*i18n*/ { id: "shopper-email.shop-phone", message: ", {phone}" },
  "shopper-email.why": /*i18n*/ {
    id: "shopper-email.why",
    message: "You receive this email because you placed order #{number} with us.",
  },
};
