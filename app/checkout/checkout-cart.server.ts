import type { AppLoadContext } from "@remix-run/node";
import { type CartViewLine, loadCartView, readCart } from "~/cart/cart.server.ts";
import type { DeliveryQuote } from "./views.ts";

/** The lines the form shows, as one string: the action refuses an order for a cart that changed since. */
export function cartSignature(lines: Pick<CartViewLine, "productId" | "size" | "quantity">[]) {
  return lines.map((line) => `${line.productId}:${line.size ?? ""}:${line.quantity}`).join(",");
}

/** The fees the page showed: the action refuses an order whose fee changed since, rather than charge one the shopper did not see. */
export function deliverySignature(delivery: DeliveryQuote) {
  return delivery.fees.map((fee) => fee.feeCents).join(",");
}

/** The cart the checkout orders: the lines that can be bought, and apart those that no longer can. */
export async function readCheckoutCart(request: Request, context: AppLoadContext) {
  const cart = loadCartView(context.db, context.storage, await readCart(request, context.cookies));
  return {
    ...cart,
    lines: cart.lines.filter((line) => line.available),
    unavailable: cart.lines.filter((line) => !line.available),
  };
}

/**
 * Why the form the shopper sent no longer matches what would be ordered (the cart's lines or the
 * delivery fees changed since the page was rendered), or null when it still does.
 */
export function checkoutChangedSince(
  formData: FormData,
  cart: { lines: Pick<CartViewLine, "productId" | "size" | "quantity">[]; delivery: DeliveryQuote },
) {
  if (formData.get("cartSignature") !== cartSignature(cart.lines))
    return "Your cart changed while you were checking out. Please check the order items and place the order again.";
  if (formData.get("deliverySignature") !== deliverySignature(cart.delivery))
    return "The delivery fees changed while you were checking out. Please check the Order Summary and place the order again.";
  return null;
}
