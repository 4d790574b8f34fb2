import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Db } from "~/platform/db/db.server.ts";
import { type Cents, formatMoney } from "~/utils/money.ts";
import { deliveryQuote } from "./delivery.server.ts";
import { deliverySettingsForPages } from "./shop-settings.server.ts";

/**
 * The product page's line on paying and delivery, in the page's language: 'Cash on delivery ·
 * Delivery $4.00', 'from' the lowest fee when the owner set different fees by governorate, or free
 * when this item alone reaches the free-delivery threshold. Said by the loader (the server
 * catalogue): the browser renders a string, no code.
 */
export function productDeliveryNote(db: Db, i18n: I18n, priceCents: Cents): string {
  const quote = deliveryQuote(deliverySettingsForPages(db), priceCents);
  // The amount stays left to right inside an Arabic sentence.
  const fee = i18n.locale === "ar" ? `\u2066${formatMoney(quote.lowestCents)}\u2069` : formatMoney(quote.lowestCents);
  if (quote.highestCents === 0) return i18n._(msg`Cash on delivery · Free delivery`);
  if (quote.lowestCents !== quote.highestCents)
    return i18n._(msg`Cash on delivery · Delivery from ${fee}, by governorate`);
  return i18n._(msg`Cash on delivery · Delivery ${fee}`);
}
