import type { I18n } from "@lingui/core";
import { messages as arabicPages } from "./locales/ar/pages.po";
import { messages as arabicServer } from "./locales/ar/server.po";
import { messages as englishPages } from "./locales/en/pages.po";
import { messages as englishServer } from "./locales/en/server.po";
import { i18nForCatalogue } from "./i18n-for-catalogue.ts";
import { localeOfPath, type Locale } from "./locale.ts";

/** Both catalogues of each language: what the pages render and what only loaders and actions say. */
const CATALOGUES = {
  en: { ...englishPages, ...englishServer },
  ar: { ...arabicPages, ...arabicServer },
} satisfies Record<Locale, object>;

/** Lingui for loaders, actions and emails in `locale`. */
export const i18nFor = (locale: Locale): I18n => i18nForCatalogue(locale, CATALOGUES[locale]);

/** Lingui in the language of the page the request is for (its path: `/ar/...` is Arabic). */
export const i18nOfRequest = (request: Request): I18n => i18nFor(localeOfPath(new URL(request.url).pathname));
