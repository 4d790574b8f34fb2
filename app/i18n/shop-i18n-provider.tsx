import { I18nProvider } from "@lingui/react";
import { useLocation, useMatches } from "@remix-run/react";
import type { ReactNode } from "react";
import { i18nOfMatches } from "./i18n-of-matches.ts";

/** Gives the whole document, shell included, the page's language and catalogue. */
export function ShopI18nProvider({ children }: { children: ReactNode }) {
  const i18n = i18nOfMatches(useMatches(), useLocation().pathname);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
