import { useLocation } from "@remix-run/react";
import { type Locale, localeOfPath, localePath } from "./locale.ts";

/** The page's language, from its URL. */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/**
 * The shop's own links in the page's language: `to("/cart")` is `/cart` on an English page and
 * `/ar/cart` on an Arabic one. Every link, form action and redirect between shopper pages uses it.
 */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localePath(locale, path);
}
