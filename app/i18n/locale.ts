/** The shop's two languages (decision 044): English at `/`, Arabic under `/ar`, chosen by the URL alone. */
export const LOCALES = ["en", "ar"] as const;
export type Locale = (typeof LOCALES)[number];

const ARABIC_PATH = /^\/ar(?=[/?#]|$)/;

/** The page's language, from its path: `/ar` and everything under it is Arabic. */
export function localeOfPath(pathname: string): Locale {
  return ARABIC_PATH.test(pathname) ? "ar" : "en";
}

export const directionOf = (locale: Locale) => (locale === "ar" ? "rtl" : "ltr");

/** An English path (`/shop?q=tv`) as it is in `locale`: `/ar/shop?q=tv`; `/` becomes `/ar`. */
export function localePath(locale: Locale, path: string): string {
  if (locale === "en" || !path.startsWith("/") || path.startsWith("//")) return path;
  if (ARABIC_PATH.test(path)) return path;
  return path === "/" || /^\/[?#]/.test(path) ? `/ar${path.slice(1)}` : `/ar${path}`;
}

/** The English path of a page in either language: `/ar/cart` → `/cart`, `/ar` → `/`. */
export function englishPath(path: string): string {
  if (!ARABIC_PATH.test(path)) return path;
  const rest = path.slice(3);
  return rest === "" || /^[?#]/.test(rest) ? `/${rest}` : rest;
}

/** The same page in another language, for the language switch and hreflang. */
export const pathInLocale = (path: string, locale: Locale) => localePath(locale, englishPath(path));
