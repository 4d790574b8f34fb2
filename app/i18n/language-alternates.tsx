import { useLocation, useMatches } from "@remix-run/react";
import { englishPath, localePath } from "./locale.ts";
import { ARABIC_ROUTE_ID_PREFIX, SHOPPER_ROUTE_IDS } from "./shopper-pages.ts";

/** Whether the page has a twin in the other language (a shopper page, in either language). */
export function useHasTwin() {
  const leaf = useMatches().at(-1)?.id ?? "";
  return leaf.startsWith(ARABIC_ROUTE_ID_PREFIX) || SHOPPER_ROUTE_IDS.has(leaf);
}

/** Both languages of a shopper page, declared for search engines (absolute, as hreflang asks). */
export function LanguageAlternates({ origin }: { origin: string }) {
  const { pathname, search } = useLocation();
  if (!useHasTwin()) return null;
  const english = englishPath(pathname) + search;
  return (
    <>
      <link rel="alternate" hrefLang="en" href={origin + english} />
      <link rel="alternate" hrefLang="ar" href={origin + localePath("ar", english)} />
      <link rel="alternate" hrefLang="x-default" href={origin + english} />
    </>
  );
}
