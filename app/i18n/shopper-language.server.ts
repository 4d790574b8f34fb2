import { i18nFor } from "./i18n.server.ts";
import { ENGLISH, languageOf, type ShopperLanguage } from "./shopper-language.ts";

const ARABIC = languageOf(i18nFor("ar"));

/**
 * The language a message to a shopper is written in (an order's `language`, a request's): English
 * as the code writes it, Arabic from the server's catalogues. Anything else is English.
 */
export function shopperLanguage(locale: string | null | undefined): ShopperLanguage {
  return locale === "ar" ? ARABIC : ENGLISH;
}
