import type { Cents } from "~/domain/money.ts";
import { GOVERNORATES, type Governorate } from "~/domain/options.ts";
import type { DeliverySettings } from "./settings.server.ts";

/**
 * The one delivery rule: the governorate's fee, or nothing once the subtotal reaches the
 * free-delivery threshold. The cart, the checkout, `placeOrder` and the API all come here; a fee
 * or total a client sends is never read.
 */
export function deliveryFeeCents(settings: DeliverySettings, governorate: Governorate, subtotalCents: Cents): Cents {
  if (settings.freeDeliveryFromCents !== null && subtotalCents >= settings.freeDeliveryFromCents) return 0;
  return settings.feesCents[governorate];
}

/** What delivery would cost a cart of this subtotal, for each governorate: what the cart and the checkout show. */
export type DeliveryQuote = {
  fees: { governorate: Governorate; feeCents: Cents }[];
  lowestCents: Cents;
  highestCents: Cents;
  freeDeliveryFromCents: Cents | null;
};

export function quoteDelivery(settings: DeliverySettings, subtotalCents: Cents): DeliveryQuote {
  const fees = GOVERNORATES.map((governorate) => ({
    governorate,
    feeCents: deliveryFeeCents(settings, governorate, subtotalCents),
  }));
  const amounts = fees.map((fee) => fee.feeCents);
  return {
    fees,
    lowestCents: Math.min(...amounts),
    highestCents: Math.max(...amounts),
    freeDeliveryFromCents: settings.freeDeliveryFromCents,
  };
}
