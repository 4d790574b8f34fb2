import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { isolated, shopperMessage } from "~/checkout/shopper-messages.server.ts";
import { CART_MESSAGES, type CartView } from "./cart.server.ts";

/** The cart's rules answer in the contract's English (cart.server.ts, also read by placeOrder and its tests). */ const ONLY_LEFT =
  /^Only (\d+) items available in stock$/;
const ADDED = /^(.*) was added to your cart\.$/s;

/** A message of the cart's rules (checkAddToCart, checkCartQuantity, a code's refusal) in the page's language. */
export function cartMessage(i18n: I18n, english: string): string {
  if (i18n.locale === "en") return english;
  switch (english) {
    case CART_MESSAGES.notFound:
      return i18n._(msg`Product not found.`);
    case CART_MESSAGES.chooseSize:
      return i18n._(msg`Please choose a size`);
    case CART_MESSAGES.noSizes:
      return i18n._(msg`This product has no sizes`);
    case CART_MESSAGES.outOfStock:
      return i18n._(msg`This product is out of stock`);
    case CART_MESSAGES.atLeastOne:
      return i18n._(msg`Quantity must be at least 1`);
    case CART_MESSAGES.noLongerAvailable:
      return i18n._(msg`This product is no longer available`);
  }
  const available = ONLY_LEFT.exec(english)?.[1];
  if (available) return i18n._(msg`Only ${available} items available in stock`);
  const added = ADDED.exec(english)?.[1];
  if (added !== undefined) {
    const title = isolated(added);
    return i18n._(msg`${title} was added to your cart.`);
  }
  return shopperMessage(i18n, english);
}

/** The cart action's answer to a post it cannot read. */
export const badCartRequest = (i18n: I18n) => i18n._(msg`Something went wrong with that request. Please try again.`);

/** The cart view with its words in the page's language: a gone product's line, the code's refusal. */
export function cartViewIn<View extends CartView>(i18n: I18n, view: View): View {
  if (i18n.locale === "en") return view;
  return {
    ...view,
    lines: view.lines.map((line) =>
      !line.available && line.title === CART_MESSAGES.noLongerAvailable
        ? { ...line, title: cartMessage(i18n, line.title) }
        : line,
    ),
    discount: view.discount?.message
      ? { ...view.discount, message: shopperMessage(i18n, view.discount.message) }
      : view.discount,
  };
}
