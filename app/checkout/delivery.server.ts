import type { Cents } from "~/utils/money.ts";
import { GOVERNORATES, type Governorate } from "~/catalogue/options.ts";
import type { DeliveryQuote } from "./views.ts";
import type { DeliverySettings } from "../settings/settings.server.ts";

/**
 * The one delivery rule: the governorate's fee, or nothing once the subtotal reaches the
 * free-delivery threshold. The cart, the checkout, `placeOrder` and the API all come here; a fee
 * or total a client sends is never read.
 */
export function deliveryFeeCents(settings: DeliverySettings, governorate: Governorate, subtotalCents: Cents): Cents {
  if (settings.freeDeliveryFromCents !== null && subtotalCents >= settings.freeDeliveryFromCents) return 0;
  return settings.feesCents[governorate];
}

export type { DeliveryQuote };

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
