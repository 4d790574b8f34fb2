import type { Cents } from "~/utils/money.ts";
import { type DeliveryQuote, GOVERNORATES, type Governorate } from "./delivery.ts";
import type { DeliverySettings } from "./settings.server.ts";

/**
 * The one delivery fee rule: the governorate's fee, or nothing once the subtotal (after any
 * discount) reaches the free-delivery threshold. `orderTotals` charges it, `deliveryQuote` shows it.
 */
export function deliveryFeeCents(settings: DeliverySettings, governorate: Governorate, subtotalCents: Cents): Cents {
  if (settings.freeDeliveryFromCents !== null && subtotalCents >= settings.freeDeliveryFromCents) return 0;
  return settings.feesCents[governorate];
}

/** Each governorate's fee for this subtotal (after any discount), before the governorate is known. */
export function deliveryQuote(settings: DeliverySettings, subtotalCents: Cents): DeliveryQuote {
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
