import type { Cents } from "~/utils/money.ts";
import type { DeliveryQuote, Governorate } from "~/settings/delivery.ts";
import { deliveryFeeCents, deliveryQuote } from "~/settings/delivery.server.ts";
import type { DeliverySettings } from "~/settings/settings.server.ts";
import { type DiscountTerms, discountOffCents } from "~/discounts/discount-rule.ts";

export type OrderTotals = { subtotalCents: Cents; discountCents: Cents; deliveryFeeCents: Cents; totalCents: Cents };

/**
 * The one rule for an order's money (decision 038): the discount off the subtotal (never more than
 * it), the delivery fee of the governorate with the free-delivery threshold compared to the
 * subtotal after the discount, and total = subtotal − discount + fee. `placeOrder` charges it; the
 * cart and the checkout show it through `quoteOrderTotals`; a fee or total a client sends is never read.
 * It lives with the cart, below orders and checkout and above the discount and fee rules it joins.
 */
export function orderTotals(
  settings: DeliverySettings,
  governorate: Governorate,
  subtotalCents: Cents,
  discount: DiscountTerms | null,
): OrderTotals {
  const discountCents = discount ? discountOffCents(discount, subtotalCents) : 0;
  const feeCents = deliveryFeeCents(settings, governorate, subtotalCents - discountCents);
  return {
    subtotalCents,
    discountCents,
    deliveryFeeCents: feeCents,
    totalCents: subtotalCents - discountCents + feeCents,
  };
}

/**
 * The same totals before the governorate is known (the cart, the checkout's summary): the discount,
 * and for each governorate the fee `orderTotals` would charge.
 */
export function quoteOrderTotals(
  settings: DeliverySettings,
  subtotalCents: Cents,
  discount: DiscountTerms | null,
): { discountCents: Cents; delivery: DeliveryQuote } {
  const discountCents = discount ? discountOffCents(discount, subtotalCents) : 0;
  return { discountCents, delivery: deliveryQuote(settings, subtotalCents - discountCents) };
}
