import { I18nProvider } from "@lingui/react";
import { useLocation, useMatches, type UIMatch } from "@remix-run/react";
import type { ReactNode } from "react";
import { catalogueOf } from "./catalogue-handle.ts";
import { i18nForCatalogue } from "./i18n-for-catalogue.ts";
import { localeOfPath } from "./locale.ts";

const NO_MESSAGES = { en: {}, ar: {} };

/**
 * The Lingui instance of the matched language layout; when none rendered (the root's own error),
 * one without messages in the path's language.
 */
export function i18nOfMatches(matches: Pick<UIMatch, "handle">[], pathname: string) {
  for (const match of matches) {
    const catalogue = catalogueOf(match.handle);
    if (catalogue) return i18nForCatalogue(catalogue.locale, catalogue.messages);
  }
  const locale = localeOfPath(pathname);
  return i18nForCatalogue(locale, NO_MESSAGES[locale]);
}

/** Gives the whole document, shell included, the page's language and catalogue. */
export function ShopI18nProvider({ children }: { children: ReactNode }) {
  const i18n = i18nOfMatches(useMatches(), useLocation().pathname);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
