import type { AnswerTable } from "~/i18n/answers.ts";

/** What the cart's rules answer (checkAddToCart, checkCartQuantity, a line whose product is gone). Browser-safe. */
export type CartAnswer =
  | { code: "cart.not-found" }
  | { code: "cart.choose-size" }
  | { code: "cart.no-sizes" }
  | { code: "cart.out-of-stock" }
  | { code: "cart.at-least-one" }
  | { code: "cart.stock"; left: number }
  | { code: "cart.added"; title: string }
  | { code: "cart.gone" };

/** The cart's answers in the product's fixed English wording (kept word for word; tests check it); each page's catalogue says them by the same id. */
export const CART_ANSWERS: AnswerTable<CartAnswer> = {
  "cart.not-found": /*i18n*/ { id: "cart.not-found", message: "Product not found." },
  "cart.choose-size": /*i18n*/ { id: "cart.choose-size", message: "Please choose a size" },
  "cart.no-sizes": /*i18n*/ { id: "cart.no-sizes", message: "This product has no sizes" },
  "cart.out-of-stock": /*i18n*/ { id: "cart.out-of-stock", message: "This product is out of stock" },
  "cart.at-least-one": /*i18n*/ { id: "cart.at-least-one", message: "Quantity must be at least 1" },
  "cart.stock": /*i18n*/ { id: "cart.stock", message: "Only {left} items available in stock" },
  "cart.added": /*i18n*/ { id: "cart.added", message: "{title} was added to your cart." },
  "cart.gone": /*i18n*/ { id: "cart.gone", message: "This product is no longer available" },
};
