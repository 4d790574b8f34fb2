import fs from "node:fs";
import { formatter } from "@lingui/format-po";

/**
 * The shop's own text, read from its catalogues: what a test clicks on an Arabic page (`arabic("Add
 * to Cart")`, so a better translation never breaks a test) and what must not be left in English.
 */
export type CatalogueText = { arabic: (english: string) => string; englishLeftovers: string[] };

export async function readCatalogueText(): Promise<CatalogueText> {
  const po = formatter({ lineNumbers: false });
  const pairs = new Map<string, string>();
  for (const name of ["pages", "server", "answers"]) {
    const read = async (locale: string) => {
      const filename = `app/i18n/locales/${locale}/${name}.po`;
      return po.parse(fs.readFileSync(filename, "utf8"), { locale, sourceLocale: "en", filename });
    };
    const [english, arabic] = await Promise.all([read("en"), read("ar")]);
    for (const [id, entry] of Object.entries(english)) {
      // A message keyed by code (the `answers` catalogue) keeps its English as the English catalogue's translation.
      const source = entry.message ?? entry.translation ?? id;
      pairs.set(source, arabic[id]?.translation ?? "");
    }
  }
  return {
    arabic(english) {
      const translation = pairs.get(english);
      if (!translation) throw new Error(`No Arabic for "${english}" in the catalogues`);
      return translation;
    },
    // Messages with a Latin letter whose Arabic differs (a name kept in Latin is not a leftover).
    englishLeftovers: [...pairs]
      .filter(([english, arabic]) => /[A-Za-z]{2}/.test(english) && arabic !== english && !english.includes("{"))
      .map(([english]) => english),
  };
}
