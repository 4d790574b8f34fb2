import type { Db } from "~/lib/db.server.ts";
import { readPricingSettings } from "./settings.server.ts";

/**
 * Whether a product without a stored price new shows an invented one of 1.2 × its price (spec §9).
 * Off unless the owner turns it on in Settings, Pricing: the contract forbids a made-up reference
 * price by default (decision 026). The one place the listing and the product page ask.
 */
export function inventsOldPrice(db: Db): boolean {
  return readPricingSettings(db).inventOldPrice;
}
