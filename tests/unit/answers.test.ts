import fs from "node:fs";
import { formatter } from "@lingui/format-po";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { type Answer, type AnswerMessage, type AnswerTable, answerIn, englishOf } from "~/i18n/answers.ts";
import { i18nFor } from "~/i18n/i18n.server.ts";
import { compileSourceMessage } from "~/i18n/source-messages.ts";

/** Every domain's answer tables: each `*-answers.ts` under app/, whatever it exports that holds messages. */
const modules = import.meta.glob<Record<string, unknown>>("/app/**/*-answers.ts", { eager: true });
const isMessage = (value: unknown): value is AnswerMessage =>
  typeof value === "object" && value !== null && "id" in value && "message" in value;
const tables = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => typeof value === "object" && value !== null && Object.values(value).every(isMessage))
    .map(([name, value]) => ({ name: `${file} ${name}`, table: value as Record<string, AnswerMessage> })),
);
const messages = tables.flatMap(({ table }) => Object.entries(table));

async function catalogue(locale: "en" | "ar") {
  const filename = `app/i18n/locales/${locale}/answers.po`;
  const po = formatter({ lineNumbers: false });
  return po.parse(fs.readFileSync(filename, "utf8"), { locale, sourceLocale: "en", filename });
}

type Tokens = ReturnType<typeof compileMessage>;
/** The names a message's arguments use, plural ones and those inside their branches alike. */
function argumentNames(tokens: Tokens, names = new Set<string>()) {
  for (const token of Array.isArray(tokens) ? tokens : [tokens]) {
    if (!Array.isArray(token)) continue;
    const [name, , format] = token as [string, string?, Record<string, Tokens>?];
    names.add(name);
    if (format && typeof format === "object")
      for (const [key, branch] of Object.entries(format)) if (key !== "offset") argumentNames(branch, names);
  }
  return names;
}
/** The plural arguments of a message, each with its branches' categories. */
function plurals(tokens: Tokens): { name: string; categories: string[] }[] {
  return (Array.isArray(tokens) ? tokens : []).flatMap((token) => {
    if (!Array.isArray(token)) return [];
    const [name, type, format] = token as [string, string?, Record<string, Tokens>?];
    return type === "plural" ? [{ name, categories: Object.keys(format ?? {}).filter((key) => key !== "offset") }] : [];
  });
}
const sorted = (names: Set<string>) => [...names].sort();

describe("the models' answers by code", () => {
  it("finds each domain's table", () => {
    const files = Object.keys(modules).sort();
    for (const domain of ["cart", "checkout", "discounts", "orders", "platform/db", "platform/security"])
      expect(files.some((file) => file.startsWith(`/app/${domain}/`))).toBe(true);
    expect(messages.length).toBeGreaterThanOrEqual(30);
  });

  it("keys each message by its own id, once across the domains, under the domain's prefix", () => {
    const ids = messages.map(([code]) => code);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [code, message] of messages) {
      expect(message.id).toBe(code);
      expect(code).toMatch(/^[a-z-]+\.[a-z-]+$/);
    }
  });

  it("writes the English with {name} placeholders only, as English pages compile them", () => {
    for (const [, { message }] of messages)
      expect(compileSourceMessage(message), message).toEqual(compileMessage(message));
  });

  it("has every code in the English catalogue with its English, and no code that is gone", async () => {
    const english = await catalogue("en");
    for (const [code, { message }] of messages) expect(english[code]?.translation, code).toBe(message);
    expect(Object.keys(english).sort()).toEqual(messages.map(([code]) => code).sort());
  });

  it("has every code in Arabic, with the English placeholders, Western digits and Arabic plural forms", async () => {
    const arabic = await catalogue("ar");
    for (const [code, { message }] of messages) {
      const translation = arabic[code]?.translation ?? "";
      expect(translation.trim(), `${code} has no Arabic (npm run i18n:extract, then translate)`).not.toBe("");
      const tokens = compileMessage(translation);
      expect(sorted(argumentNames(tokens)), `placeholders of ${code}`).toEqual(
        sorted(argumentNames(compileMessage(message))),
      );
      expect(translation, `${code} in Arabic`).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
      // In a plural, `#` would be formatted by Intl for Arabic (its own digits in some browsers): the
      // value is named instead. Outside one it is the letter itself ('#1042', an order's number).
      if (plurals(tokens).length > 0) expect(translation, `${code} in Arabic`).not.toContain("#");
      for (const { name, categories } of plurals(tokens))
        expect(categories.sort(), `${code}: Arabic's plural forms of {${name}}`).toEqual(
          ["few", "many", "one", "other", "two", "zero"].sort(),
        );
    }
    expect(Object.keys(arabic).sort()).toEqual(messages.map(([code]) => code).sort());
  });

  it("says an answer in English word for word, and in Arabic with its number and its title isolated", () => {
    const cart = messages.find(([code]) => code === "cart.stock")![1];
    const table = { "cart.stock": cart } as AnswerTable<{ code: "cart.stock"; left: number }>;
    expect(englishOf(table, { code: "cart.stock", left: 3 })).toBe("Only 3 items available in stock");
    expect(answerIn(i18nFor("en"), table, { code: "cart.stock", left: 1 })).toBe("Only 1 items available in stock");
    const arabic = i18nFor("ar");
    const inArabic = (left: number) => answerIn(arabic, table, { code: "cart.stock", left });
    expect(inArabic(3)).toContain("3");
    expect(inArabic(1)).not.toContain("1");
    expect(inArabic(2)).not.toBe(inArabic(11).replace("11", "2"));

    const added = messages.find(([code]) => code === "cart.added")![1];
    const addedTable = { "cart.added": added } as AnswerTable<{ code: "cart.added"; title: string }>;
    expect(answerIn(arabic, addedTable, { code: "cart.added", title: "Lamp" })).toContain("\u2068Lamp\u2069");
  });

  it("renders every code in Arabic for any count, never leaving a placeholder unfilled", () => {
    const arabic = i18nFor("ar");
    for (const { table } of tables)
      for (const [code, { message }] of Object.entries(table)) {
        const names = [...argumentNames(compileMessage(message))];
        for (const count of [0, 1, 2, 3, 11, 100]) {
          const values = Object.fromEntries(names.map((name) => [name, /left|productId/.test(name) ? count : "X"]));
          const said = answerIn(arabic, table as AnswerTable<Answer>, { code, ...values } as Answer);
          expect(said, code).not.toMatch(/[{}]|[A-Za-z]{2}/);
        }
      }
  });
});
