import fs from "node:fs";
import { formatter } from "@lingui/format-po";
import { describe, expect, it } from "vitest";
import { englishPath, localeOfPath, localePath, pathInLocale } from "~/i18n/locale.ts";

const po = formatter({ lineNumbers: false });

async function catalogue(locale: "en" | "ar", name: "pages" | "server") {
  const filename = `app/i18n/locales/${locale}/${name}.po`;
  const entries = await po.parse(fs.readFileSync(filename, "utf8"), { locale, sourceLocale: "en", filename });
  return Object.entries(entries).map(([id, entry]) => ({
    id,
    message: entry.message ?? id,
    translation: entry.translation ?? "",
  }));
}

/** The names a message's values use, each once (a plural names its value in every form). */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)/g)].map((match) => match[1]))].sort();
/** Arabic's six plural forms, which every Arabic plural gives (decision 046). */
const ARABIC_FORMS = ["few", "many", "one", "other", "two", "zero"];
const pluralForms = (text: string) =>
  /\{\w+, plural,/.test(text)
    ? [...text.matchAll(/\b(zero|one|two|few|many|other) \{/g)].map((m) => m[1]).sort()
    : null;

describe("the Arabic catalogues", () => {
  for (const name of ["pages", "server"] as const) {
    it(`translate every message of the English ${name} catalogue, with the same placeholders`, async () => {
      const english = await catalogue("en", name);
      const arabic = new Map((await catalogue("ar", name)).map((entry) => [entry.id, entry]));
      if (name === "pages") expect(english.length).toBeGreaterThan(0);
      const untranslated = english.filter((entry) => !arabic.get(entry.id)?.translation.trim()).map((e) => e.message);
      expect(untranslated, "messages without an Arabic translation (npm run i18n:extract, then translate)").toEqual([]);
      for (const entry of english) {
        const translation = arabic.get(entry.id)!.translation;
        expect(placeholders(translation), `placeholders of "${entry.message}"`).toEqual(placeholders(entry.message));
        const forms = pluralForms(translation);
        if (forms) expect(forms, `Arabic's plural forms of "${entry.message}"`).toEqual(ARABIC_FORMS);
        // Digits stay Western on the Arabic pages (CONTRACT, "Arabic and the lira").
        expect(translation, `"${entry.message}" in Arabic`).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
      }
    });
  }
});

describe("Arabic counts", () => {
  it("say a count in Arabic's plural forms, in Western digits, where the pages and the tracking page count", async () => {
    const { i18nFor } = await import("~/i18n/i18n.server.ts");
    const arabic = i18nFor("ar");
    const idOf = async (name: "pages" | "server", message: string) =>
      (await catalogue("en", name)).find((entry) => entry.message === message)!.id;
    const tries = await idOf("server", "Too many tries. Please try again in {minutes} minutes, or call us.");
    const say = (id: string, values: Record<string, number>) => arabic._(id, values);
    expect(say(tries, { minutes: 1 })).toContain("دقيقة واحدة");
    expect(say(tries, { minutes: 2 })).toContain("دقيقتين");
    expect(say(tries, { minutes: 5 })).toContain("5 دقائق");
    expect(say(tries, { minutes: 15 })).toContain("15 دقيقة");
    const shown = await idOf("pages", "Show {total} products");
    expect(say(shown, { total: 2 })).toBe("اعرض المنتجين");
    expect(say(shown, { total: 7 })).toBe("اعرض 7 منتجات");
    expect(say(shown, { total: 120 })).toBe("اعرض 120 منتجاً");
    expect(say(shown, { total: 100 })).toBe("اعرض 100 منتج");
  });
});

describe("a page's language is its path", () => {
  it("reads /ar and everything under it as Arabic, nothing else", () => {
    expect(localeOfPath("/ar")).toBe("ar");
    expect(localeOfPath("/ar/shop/product/7")).toBe("ar");
    expect(localeOfPath("/arabic-lamp")).toBe("en");
    expect(localeOfPath("/shop")).toBe("en");
  });

  it("moves a path between the languages, query and all", () => {
    expect(localePath("ar", "/")).toBe("/ar");
    expect(localePath("ar", "/?order=12")).toBe("/ar?order=12");
    expect(localePath("ar", "/shop?category=tv")).toBe("/ar/shop?category=tv");
    expect(localePath("ar", "/ar/cart")).toBe("/ar/cart");
    expect(localePath("en", "/cart")).toBe("/cart");
    expect(localePath("ar", "https://example.com/x")).toBe("https://example.com/x");
    expect(englishPath("/ar")).toBe("/");
    expect(englishPath("/ar?order=12")).toBe("/?order=12");
    expect(englishPath("/ar/track/abc")).toBe("/track/abc");
    expect(pathInLocale("/track/abc", "ar")).toBe("/ar/track/abc");
    expect(pathInLocale("/ar/track/abc", "en")).toBe("/track/abc");
  });
});

describe("English is read from the code", () => {
  it("compiles every English message as Lingui's own compiler does", async () => {
    const { compileMessage } = await import("@lingui/message-utils/compileMessage");
    const { compileSourceMessage } = await import("~/i18n/source-messages.ts");
    for (const name of ["pages", "server"] as const) {
      for (const { message } of await catalogue("en", name)) {
        expect(compileSourceMessage(message), message).toEqual(compileMessage(message));
      }
    }
  });
});
