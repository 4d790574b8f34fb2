import { type I18n, type Messages, setupI18n } from "@lingui/core";
import type { Locale } from "./locale.ts";
import { compileSourceMessage } from "./source-messages.ts";

const instances = new WeakMap<Messages, I18n>();

/**
 * One Lingui instance per catalogue, made once and never switched to another language: a page's
 * language is its URL's, so every render of a page in one language can share it, on the server too.
 */
export function i18nForCatalogue(locale: Locale, messages: Messages): I18n {
  let i18n = instances.get(messages);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: messages } });
    // English reads the source message kept in the code; so would a translation ever missing.
    i18n.setMessagesCompiler(compileSourceMessage);
    instances.set(messages, i18n);
  }
  return i18n;
}
