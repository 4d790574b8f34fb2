import { cachedOncePerCatalogueVersion } from "~/platform/db/catalogue-version.server.ts";
import type { Db } from "~/platform/db/db.server.ts";
import type { PageShopDetails } from "~/settings/shop-details.ts";
import { telHref, whatsAppHref } from "~/utils/phone.ts";
import {
  type DeliverySettings,
  readDeliverySettings,
  readLiraSettings,
  readPricingSettings,
  readShopDetails,
} from "./settings.server.ts";

/**
 * Whether a product without a stored price new shows an invented one of 1.2 × its price.
 * Off unless the owner turns it on in Settings, Pricing: no made-up reference
 * price by default (decision 026). The one place the listing and the product page ask; read again
 * only after a settings write (settings are among the tables the catalogue version watches).
 */
export const inventsOldPrice: (db: Db) => boolean = cachedOncePerCatalogueVersion(
  (db) => readPricingSettings(db).inventOldPrice,
);

/** The shop's phone, links and returns policy as every shopper page shows them, read again only after a change. */
export const shopDetailsForPages: (db: Db) => PageShopDetails = cachedOncePerCatalogueVersion((db) => {
  const details = readShopDetails(db);
  return {
    ...details,
    contactHref: telHref(details.contactPhone),
    whatsappHref: details.whatsappNumber ? whatsAppHref(details.whatsappNumber) : null,
  };
});

/** The lira rate shopper pages show totals at (null: off), read again only after a change. */
export const lbpRateForPages: (db: Db) => number | null = cachedOncePerCatalogueVersion(
  (db) => readLiraSettings(db).lbpRate,
);

/** The delivery fees and free-delivery threshold as the product pages say them, read again only after a change. */
export const deliverySettingsForPages: (db: Db) => DeliverySettings = cachedOncePerCatalogueVersion((db) =>
  readDeliverySettings(db),
);
