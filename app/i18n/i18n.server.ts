import type { I18n } from "@lingui/core";
import { messages as arabicPages } from "./locales/ar/pages.po";
import { messages as arabicServer } from "./locales/ar/server.po";
import { messages as arabicAnswers } from "./locales/ar/answers.po";
import { i18nForCatalogue } from "./i18n-for-catalogue.ts";
import { localeOfPath, type Locale } from "./locale.ts";

/**
 * The server's catalogues of each language: what the pages render, what only loaders and actions
 * say, and the models' answers by code.
 * English is the code's own text (decision 044): its catalogues are the record of what to translate.
 */
const CATALOGUES = {
  en: {},
  ar: { ...arabicPages, ...arabicServer, ...arabicAnswers },
} satisfies Record<Locale, object>;

/** Lingui for loaders, actions and emails in `locale`. */
export const i18nFor = (locale: Locale): I18n => i18nForCatalogue(locale, CATALOGUES[locale]);

/** Lingui in the language of the page the request is for (its path: `/ar/...` is Arabic). */
export const i18nOfRequest = (request: Request): I18n => i18nFor(localeOfPath(new URL(request.url).pathname));
