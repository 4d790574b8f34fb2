import type { AnswerTable } from "~/i18n/answers.ts";

/** Why `placeOrder` placed nothing (OrderRefused's answer; a code's refusal is a DiscountAnswer). Browser-safe. */
export type OrderAnswer =
  | { code: "order.empty" }
  | { code: "order.governorate" }
  | { code: "order.form-used" }
  | { code: "order.key-reused" }
  | { code: "order.blocked" }
  | { code: "order.unavailable"; productId: number }
  | { code: "order.size-unavailable"; size: string; title: string }
  | { code: "order.choose-size"; title: string }
  | { code: "order.stock"; left: number; title: string }
  | { code: "order.stock-size"; left: number; title: string; size: string };

/**
 * Their English, word for word what `/api/` answers (`order.key-reused` is its word for
 * `order.form-used`, which the checkout says); the checkout says a product gone or short in its own
 * words (checkout-answers.ts). Other languages by the same id.
 */
export const ORDER_ANSWERS: AnswerTable<OrderAnswer> = {
  "order.empty": /*i18n*/ { id: "order.empty", message: "The order has no items" },
  "order.governorate": /*i18n*/ { id: "order.governorate", message: "District is required" },
  "order.form-used": /*i18n*/ {
    id: "order.form-used",
    message:
      "This checkout form was already used for a different order. Please reload the page and place the order again.",
  },
  "order.key-reused": /*i18n*/ {
    id: "order.key-reused",
    message: "Idempotency key already used for a different order",
  },
  "order.blocked": /*i18n*/ {
    id: "order.blocked",
    message: "We could not take this order online. Please call us to order.",
  },
  "order.unavailable": /*i18n*/ { id: "order.unavailable", message: "Product {productId} is not available" },
  "order.size-unavailable": /*i18n*/ {
    id: "order.size-unavailable",
    message: "Size {size} is not available for {title}",
  },
  "order.choose-size": /*i18n*/ { id: "order.choose-size", message: "Please choose a size for {title}" },
  "order.stock": /*i18n*/ { id: "order.stock", message: "Only {left} left in stock of {title}" },
  "order.stock-size": /*i18n*/ {
    id: "order.stock-size",
    message: "Only {left} left in stock of {title} (size {size})",
  },
};
