import { useLocation } from "@remix-run/react";
import { useHasTwin } from "./language-alternates.tsx";
import { localeOfPath, pathInLocale } from "./locale.ts";

/**
 * 'العربية' on an English page, 'English' on an Arabic one: a plain link to the same page in the
 * other language (a whole document, as its direction and catalogue change with it). Each name is
 * written in its own language, so it is not translated.
 */
export function LanguageSwitch({ className }: { className: string }) {
  const { pathname, search } = useLocation();
  if (!useHasTwin()) return null;
  const other = localeOfPath(pathname) === "ar" ? "en" : "ar";
  return (
    <a href={pathInLocale(pathname + search, other)} hrefLang={other} lang={other} className={className}>
      {other === "ar" ? "العربية" : "English"}
    </a>
  );
}
