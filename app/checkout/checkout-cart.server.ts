import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type AppLoadContext, redirect } from "@remix-run/node";
import { type Locale, localePath } from "~/i18n/locale.ts";
import { type CartLine, type CartViewLine, loadCartView, readCartCookie, serializeCart } from "~/cart/cart.server.ts";
import { codeAfterChange } from "~/cart/cart-change.server.ts";
import { type CartPageLine, cartViewIn } from "~/cart/cart-messages.server.ts";
import type { CartDiscount } from "~/cart/views.ts";
import type { DeliveryQuote } from "~/settings/delivery.ts";

/** The lines the form shows, as one string: the action refuses an order for a cart that changed since. */
export function cartSignature(lines: Pick<CartViewLine, "productId" | "size" | "quantity">[]) {
  return lines.map((line) => `${line.productId}:${line.size ?? ""}:${line.quantity}`).join(",");
}

/** The fees the page showed: the action refuses an order whose fee changed since, rather than charge one the shopper did not see. */
/** What 'Order Items' shows of a cart line: no more is sent to the browser. */
export function orderItemLine({ productId, title, titleAr, size, quantity, unitPriceCents }: CartPageLine) {
  return { productId, title, titleAr, size, quantity, unitPriceCents };
}

export function deliverySignature(delivery: DeliveryQuote) {
  return delivery.fees.map((fee) => fee.feeCents).join(",");
}

/** The discount the page showed (its code and amount): the action refuses an order whose discount changed since. */
export function discountSignature(discount: CartDiscount | null) {
  return discount && discount.discountCents > 0 ? `${discount.code}:${discount.discountCents}` : "";
}

/** The code the order is placed with: the cart's, when it applied as the page showed it. */
export function couponToOrder(discount: CartDiscount | null) {
  return discount && discount.discountCents > 0 ? discount.code : null;
}

/** The cart the checkout orders: the lines that can be bought, and apart those that no longer can. */
export async function readCheckoutCart(request: Request, context: AppLoadContext, i18n: I18n) {
  const { lines, code } = await readCartCookie(request, context.cookies);
  return checkoutCart(context, lines, code, i18n);
}

function checkoutCart(context: AppLoadContext, lines: CartLine[], code: string | null, i18n: I18n) {
  const cart = cartViewIn(i18n, loadCartView(context.db, context.storage, lines, code));
  return {
    ...cart,
    lines: cart.lines.filter((line) => line.available),
    unavailable: cart.lines.filter((line) => !line.available),
  };
}

/**
 * Why the form the shopper sent no longer matches what would be ordered (the cart's lines or the
 * delivery fees changed since the page was rendered), or null when it still does; in `i18n`'s language.
 */
export function checkoutChangedSince(
  formData: FormData,
  cart: {
    lines: Pick<CartViewLine, "productId" | "size" | "quantity">[];
    delivery: DeliveryQuote;
    discount: CartDiscount | null;
  },
  i18n: I18n,
) {
  if (formData.get("cartSignature") !== cartSignature(cart.lines))
    return i18n._(
      msg`Your cart changed while you were checking out. Please check the order items and place the order again.`,
    );
  if (formData.get("deliverySignature") !== deliverySignature(cart.delivery))
    return i18n._(
      msg`The delivery fees changed while you were checking out. Please check the Order Summary and place the order again.`,
    );
  if ((formData.get("discountSignature") ?? "") !== discountSignature(cart.discount))
    return i18n._(
      msg`The discount changed while you were checking out. Please check the Order Summary and place the order again.`,
    );
  return null;
}

/** After an order: the cart emptied, and the receipt at `/?order={public id}` in the page's language. */
export async function placedOrderRedirect(context: AppLoadContext, publicId: string, locale: Locale) {
  const headers = new Headers();
  headers.append("Set-Cookie", await serializeCart([], context.cookies));
  // The order in the URL, not a one-time flash: reloading, sharing or bookmarking shows the receipt again.
  return redirect(localePath(locale, `/?order=${publicId}`), { headers });
}

/**
 * The checkout's 'Apply' (a code) or 'Remove code' without JavaScript, or a code typed but not applied
 * (null when neither): the cart cookie with the code
 * kept as the cart's own form keeps it (checked again on every render), the lines unchanged; and
 * the summary with that code, because this response's page is rendered before the browser sends
 * the new cookie back.
 */
export async function keepDiscountCode(request: Request, context: AppLoadContext, formData: FormData, i18n: I18n) {
  const step = new URL(request.url).searchParams.get("discount");
  const typed = formData.get("code");
  // The field is posted with the checkout only without JavaScript (it joins the form). Enter there, or
  // Place Order, with a code typed but not applied: the code is applied first and the page shown with
  // it, rather than an order placed without the code the shopper sees in the field.
  const typedCode = typeof typed === "string" ? typed.slice(0, 200) : null;
  const asked = step === "apply" || step === "remove";
  if (!asked && typedCode === null) return null;
  const { lines, code } = await readCartCookie(request, context.cookies);
  const next =
    step === "remove"
      ? codeAfterChange(code, { intent: "remove-discount" })
      : codeAfterChange(code, { intent: "discount", code: typedCode ?? "" });
  if (!asked && next === code) return null;
  const { discount, delivery } = checkoutCart(context, lines, next, i18n);
  return {
    cookie: await serializeCart(lines, context.cookies, next),
    // Conform's reply without a status or errors: the fields come back as typed, none marked wrong.
    reply: {
      status: undefined,
      error: undefined,
      summary: { discount, delivery, discountSignature: discountSignature(discount) },
    },
  };
}
