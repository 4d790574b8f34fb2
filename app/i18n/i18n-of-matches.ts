import type { UIMatch } from "@remix-run/react";
import { catalogueOf } from "./catalogue-handle.ts";
import { i18nForCatalogue } from "./i18n-for-catalogue.ts";
import { localeOfPath } from "./locale.ts";

const NO_MESSAGES = { en: {}, ar: {} };

/**
 * The Lingui instance of the matched language layout, for the shell and for `meta` functions
 * (`i18nOfMatches(matches, location.pathname)`); when none rendered (the root's own error), one
 * without messages in the path's language.
 */
export function i18nOfMatches(matches: { handle?: UIMatch["handle"] }[], pathname: string) {
  for (const match of matches) {
    const catalogue = catalogueOf(match.handle);
    if (catalogue) return i18nForCatalogue(catalogue.locale, catalogue.messages);
  }
  const locale = localeOfPath(pathname);
  return i18nForCatalogue(locale, NO_MESSAGES[locale]);
}
