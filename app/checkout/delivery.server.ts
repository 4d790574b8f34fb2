import type { Cents } from "~/utils/money.ts";
import { GOVERNORATES, type Governorate } from "~/settings/delivery.ts";
import { type DiscountTerms, discountOffCents } from "~/discounts/discount-rule.ts";
import type { DeliveryQuote } from "./views.ts";
import type { DeliverySettings } from "../settings/settings.server.ts";

/**
 * The governorate's fee, or nothing once the subtotal (after any discount) reaches the
 * free-delivery threshold. Only the two functions below call it.
 */
function deliveryFeeCents(settings: DeliverySettings, governorate: Governorate, subtotalCents: Cents): Cents {
  if (settings.freeDeliveryFromCents !== null && subtotalCents >= settings.freeDeliveryFromCents) return 0;
  return settings.feesCents[governorate];
}

export type { DeliveryQuote };

export type OrderTotals = { subtotalCents: Cents; discountCents: Cents; deliveryFeeCents: Cents; totalCents: Cents };

/**
 * The one rule for an order's money (decision 038): the discount off the subtotal (never more than
 * it), the delivery fee of the governorate with the free-delivery threshold compared to the
 * subtotal after the discount, and total = subtotal − discount + fee. `placeOrder` charges it; the
 * cart and the checkout show it through `quoteOrderTotals`; a fee or total a client sends is never read.
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
  const fees = GOVERNORATES.map((governorate) => ({
    governorate,
    feeCents: orderTotals(settings, governorate, subtotalCents, discount).deliveryFeeCents,
  }));
  const amounts = fees.map((fee) => fee.feeCents);
  return {
    discountCents: discount ? discountOffCents(discount, subtotalCents) : 0,
    delivery: {
      fees,
      lowestCents: Math.min(...amounts),
      highestCents: Math.max(...amounts),
      freeDeliveryFromCents: settings.freeDeliveryFromCents,
    },
  };
}
