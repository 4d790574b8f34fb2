import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AppLoadContext } from "@remix-run/node";
import { i18nFor } from "~/i18n/i18n.server.ts";
import { isolated, shopperMessage } from "./shopper-messages.server.ts";
import { asDatabaseUnavailable, DatabaseUnavailable } from "~/platform/db/database-faults.server.ts";
import type { TooManyOrders } from "~/platform/security/order-rate-limit.server.ts";
import {
  type OrderLineInput,
  OrderRefused,
  type OrderWithItems,
  placeOrder,
  type ShippingInput,
} from "~/orders/order.server.ts";

/** Who is told: the checkout page (the form comes back with the message) or an /api/ client (spec §3). */
export type OrderAudience = "checkout" | "api";

/** Why an order was not placed, as its response says it; nothing was stored. */
export type OrderRefusal = {
  status: 400 | 403 | 404 | 409 | 429 | 503;
  message: string;
  headers?: Record<string, string>;
  /** Too little stock of one line: the API's body names the product, what is left, and the size when it has its own stock. */
  stock?: { productId: number; remaining: number; size?: string };
  /** The discount code does not apply: the message goes beside the 'Discount code' field. */
  discount?: true;
};

/**
 * The one place a refused order gets its message and status: a product gone, too little stock,
 * a size or governorate refused, a blocked phone number (403), a reused idempotency key, the rate limit, a locked or full
 * database. The checkout page responds 409 to every refusal of the cart (so it re-reads the cart);
 * the API keeps the statuses its clients know. The checkout's messages are in `i18n`'s language
 * (the page's); the API's stay English.
 */
export function orderRefusal(
  refusal: OrderRefused | TooManyOrders | DatabaseUnavailable,
  audience: OrderAudience,
  i18n: I18n = i18nFor("en"),
): OrderRefusal {
  const said = (message: string) => (audience === "checkout" ? shopperMessage(i18n, message) : message);
  if (refusal instanceof DatabaseUnavailable)
    return {
      status: 503,
      message: said(refusal.message),
      headers: { "Retry-After": String(refusal.retryAfterSeconds) },
    };
  if (!(refusal instanceof OrderRefused))
    return {
      status: 429,
      message: said(refusal.message),
      headers: { "Retry-After": String(refusal.retryAfterSeconds) },
    };
  const { reason, details } = refusal;
  if (reason === "discount")
    return { status: audience === "checkout" ? 409 : 400, message: said(refusal.message), discount: true };
  // A blocked number: the same 403 and words on the checkout and the API (contract).
  if (reason === "blocked") return { status: 403, message: said(refusal.message) };
  if (audience === "checkout") {
    if (reason === "stock") {
      const remaining = details.remaining ?? 0;
      const title = i18n.locale === "en" ? (details.title ?? "") : isolated(details.title ?? "");
      const size = details.size ?? "";
      return {
        status: 409,
        message:
          details.size === undefined
            ? i18n._(
                msg`Sorry, only ${remaining} of "${title}" left in stock. Please change the quantity in your cart.`,
              )
            : i18n._(
                msg`Sorry, only ${remaining} of "${title}" (size ${size}) left in stock. Please change the quantity in your cart.`,
              ),
      };
    }
    if (reason === "unavailable")
      return {
        status: 409,
        message: i18n._(msg`A product in your cart is no longer available. Please review your cart.`),
      };
    return { status: 409, message: said(refusal.message) };
  }
  if (reason === "unavailable") return { status: 404, message: refusal.message };
  if (reason === "key-reused") return { status: 409, message: "Idempotency key already used for a different order" };
  if (reason === "stock")
    return {
      status: 409,
      message: refusal.message,
      stock: {
        productId: details.productId!,
        remaining: details.remaining!,
        ...(details.size === undefined ? {} : { size: details.size }),
      },
    };
  return { status: 400, message: refusal.message };
}

/**
 * Places an order within the rate limits (per phone number and per client address), for the
 * checkout form and for `order/createOrder` alike: `{ placed }`, or `{ refused }` with the
 * response `orderRefusal` gives it. Unexpected errors pass through.
 */
export async function submitOrder(
  context: Pick<AppLoadContext, "db" | "orderRateLimit" | "clientAddress">,
  input: {
    lines: OrderLineInput[];
    shipping: ShippingInput;
    idempotencyKey: string | null;
    couponCode?: string | null;
  },
  audience: OrderAudience,
  i18n: I18n = i18nFor("en"),
): Promise<{ placed: { order: OrderWithItems; created: boolean } } | { refused: OrderRefusal }> {
  try {
    const outcome = await context.orderRateLimit.placeWithin(
      { phone: input.shipping.phone, address: context.clientAddress },
      () => placeOrder(context.db, input),
    );
    if ("tooMany" in outcome) return { refused: orderRefusal(outcome.tooMany, audience, i18n) };
    return { placed: outcome.placed };
  } catch (error) {
    if (error instanceof OrderRefused) return { refused: orderRefusal(error, audience, i18n) };
    const unavailable = asDatabaseUnavailable(error);
    if (unavailable) return { refused: orderRefusal(unavailable, audience, i18n) };
    throw error;
  }
}
