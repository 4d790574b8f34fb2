import type { UIMatch } from "@remix-run/react";
import { catalogueOf } from "./catalogue-handle.ts";
import { i18nForCatalogue } from "./i18n-for-catalogue.ts";
import { localeOfPath } from "./locale.ts";

const NO_MESSAGES = { en: {}, ar: {} };

/**
 * The Lingui instance of the page, for the shell and for `meta` functions
 * (`i18nOfMatches(matches, location.pathname)`): the Arabic layout's catalogue under `/ar`; English
 * needs none (its messages are the code's own, decision 044), nor does the root's own error screen.
 */
export function i18nOfMatches(matches: { handle?: UIMatch["handle"] }[], pathname: string) {
  for (const match of matches) {
    const catalogue = catalogueOf(match.handle);
    if (catalogue) return i18nForCatalogue(catalogue.locale, catalogue.messages);
  }
  const locale = localeOfPath(pathname);
  return i18nForCatalogue(locale, NO_MESSAGES[locale]);
}
