import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

/**
 * The shop's translations (decision 044): English is the source, written in the code with Lingui's
 * macros; Arabic lives in app/i18n/locales/ar/*.po. Three catalogues per language: `pages` (what the
 * browser renders, shipped as one small chunk per language), `server` (loader and action text,
 * never sent to the browser) and `answers` (the models' answers by code, each domain's
 * `*-answers.ts`, said by loaders and actions: never sent either). The admin stays in English and
 * uses no macros.
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "ar"],
  fallbackLocales: false,
  // Where each message is used, without line numbers: a catalogue changes only when its messages do.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: "<rootDir>/app/i18n/locales/{locale}/pages",
      include: ["<rootDir>/app"],
      exclude: ["**/*.server.ts", "**/*.server.tsx", "**/*-answers.ts", "**/node_modules/**"],
    },
    {
      path: "<rootDir>/app/i18n/locales/{locale}/server",
      include: ["<rootDir>/app/**/*.server.ts", "<rootDir>/app/**/*.server.tsx"],
    },
    {
      path: "<rootDir>/app/i18n/locales/{locale}/answers",
      include: ["<rootDir>/app/**/*-answers.ts"],
    },
  ],
  orderBy: "message",
});
