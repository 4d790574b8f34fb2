import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { answerIn } from "~/i18n/answers.ts";
import { DISCOUNT_ANSWERS } from "~/discounts/discount-answers.ts";
import type { CartDiscount } from "./views.ts";
import { type CartAnswer, CART_ANSWERS } from "./cart-answers.ts";
import type { CartView, CartViewLine } from "./cart.server.ts";

/** A cart rule's answer (checkAddToCart, checkCartQuantity) in the page's language, by its code. */
export const cartMessage = (i18n: I18n, answer: CartAnswer) => answerIn(i18n, CART_ANSWERS, answer);

/** The cart action's answer to a post it cannot read. */
export const badCartRequest = (i18n: I18n) => i18n._(msg`Something went wrong with that request. Please try again.`);

/**
 * The header's cart link's name, counted in the page's language: 'Cart', 'Cart, 1 item', 'Cart, 3
 * items' (Arabic by its plural forms). Said by the root loader: no browser code carries the words.
 */
export function cartLinkLabel(i18n: I18n, cartQuantity: number) {
  if (cartQuantity <= 0) return i18n._(msg`Cart`);
  return cartQuantity === 1 ? i18n._(msg`Cart, 1 item`) : i18n._(msg`Cart, ${cartQuantity} items`);
}

/** A cart line as pages show it: a gone product's line named as such. */
export type CartPageLine = Omit<CartViewLine, "title"> & { title: string };

/** The cart view as pages show it, in the page's language: a gone product's line, the code's refusal. */
export function cartViewIn(
  i18n: I18n,
  view: CartView,
): Omit<CartView, "lines" | "discount"> & { lines: CartPageLine[]; discount: CartDiscount | null } {
  const { lines, discount, ...rest } = view;
  return {
    ...rest,
    lines: lines.map((line) => ({ ...line, title: line.title ?? cartMessage(i18n, { code: "cart.gone" }) })),
    discount: discount && {
      code: discount.code,
      discountCents: discount.discountCents,
      message: discount.refusal && answerIn(i18n, DISCOUNT_ANSWERS, discount.refusal),
    },
  };
}
