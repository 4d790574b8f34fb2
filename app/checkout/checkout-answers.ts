import type { AnswerTable } from "~/i18n/answers.ts";

/** How the checkout page tells a refused order's product trouble (`/api/` keeps the order's own words). Browser-safe. */
export type CheckoutAnswer =
  | { code: "checkout.unavailable" }
  | { code: "checkout.stock"; left: number; title: string }
  | { code: "checkout.stock-size"; left: number; title: string; size: string };

/** Their English; other languages by the same id. */
export const CHECKOUT_ANSWERS: AnswerTable<CheckoutAnswer> = {
  "checkout.unavailable": /*i18n*/ {
    id: "checkout.unavailable",
    message: "A product in your cart is no longer available. Please review your cart.",
  },
  "checkout.stock": /*i18n*/ {
    id: "checkout.stock",
    message: 'Sorry, only {left} of "{title}" left in stock. Please change the quantity in your cart.',
  },
  "checkout.stock-size": /*i18n*/ {
    id: "checkout.stock-size",
    message: 'Sorry, only {left} of "{title}" (size {size}) left in stock. Please change the quantity in your cart.',
  },
};
