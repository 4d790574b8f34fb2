import type { I18n } from "@lingui/core";
import type { AppLoadContext } from "@remix-run/node";
import { type Answer, type AnswerTable, answerIn, englishOf } from "~/i18n/answers.ts";
import { i18nFor } from "~/i18n/i18n.server.ts";
import { DATABASE_ANSWERS } from "~/platform/db/database-answers.ts";
import { asDatabaseUnavailable, DatabaseUnavailable } from "~/platform/db/database-faults.server.ts";
import { ORDER_RATE_ANSWERS } from "~/platform/security/order-rate-limit-answers.ts";
import type { TooManyOrders } from "~/platform/security/order-rate-limit.server.ts";
import {
  ORDER_REFUSAL_ANSWERS,
  type OrderLineInput,
  OrderRefused,
  type OrderWithItems,
  placeOrder,
  type ShippingInput,
} from "~/orders/order.server.ts";
import type { OrderLanguage } from "~/orders/order-status.ts";
import { CHECKOUT_ANSWERS, type CheckoutAnswer } from "./checkout-answers.ts";

/** Who is told: the checkout page (the form comes back with the message) or an /api/ client. */
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
 * (the page's), said by their codes; the API's stay in the product's fixed English wording.
 */
export function orderRefusal(
  refusal: OrderRefused | TooManyOrders | DatabaseUnavailable,
  audience: OrderAudience,
  i18n: I18n = i18nFor("en"),
): OrderRefusal {
  const said = <A extends Answer>(table: AnswerTable<A>, answer: A) =>
    audience === "checkout" ? answerIn(i18n, table, answer) : englishOf(table, answer);
  if (refusal instanceof DatabaseUnavailable)
    return { status: 503, message: said(DATABASE_ANSWERS, refusal.answer), headers: refusal.headers };
  if (!(refusal instanceof OrderRefused))
    return {
      status: 429,
      message: said(ORDER_RATE_ANSWERS, refusal.answer),
      headers: { "Retry-After": String(refusal.retryAfterSeconds) },
    };
  const { reason, details, answer } = refusal;
  const message = said(ORDER_REFUSAL_ANSWERS, answer);
  if (reason === "discount") return { status: audience === "checkout" ? 409 : 400, message, discount: true };
  // A blocked number: the same 403 and words on the checkout and the API.
  if (reason === "blocked") return { status: 403, message };
  if (audience === "checkout") {
    const trouble = checkoutAnswer(refusal);
    return { status: 409, message: trouble ? answerIn(i18n, CHECKOUT_ANSWERS, trouble) : message };
  }
  if (reason === "unavailable") return { status: 404, message };
  if (reason === "key-reused")
    return { status: 409, message: englishOf(ORDER_REFUSAL_ANSWERS, { code: "order.key-reused" }) };
  if (reason === "stock")
    return {
      status: 409,
      message,
      stock: {
        productId: details.productId!,
        remaining: details.remaining!,
        ...(details.size === undefined ? {} : { size: details.size }),
      },
    };
  return { status: 400, message };
}

/** The checkout's own words for a product gone or short (it points the shopper back to the cart). */
function checkoutAnswer({ reason, details }: OrderRefused): CheckoutAnswer | null {
  if (reason === "unavailable") return { code: "checkout.unavailable" };
  if (reason !== "stock") return null;
  const left = details.remaining ?? 0;
  const title = details.title ?? "";
  return details.size === undefined
    ? { code: "checkout.stock", left, title }
    : { code: "checkout.stock-size", left, title, size: details.size };
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
    language?: OrderLanguage;
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
