import type { I18n } from "@lingui/core";
import { createElement, Fragment, type ReactNode } from "react";
import { formatMoney } from "~/utils/money.ts";
import { type Answer, type AnswerMessage, type AnswerTable, englishOf, isolated } from "./answers.ts";
import { directionOf, type Locale, localePath } from "./locale.ts";

/**
 * The one switch for a message the shop sends a shopper outside a page (an email, a WhatsApp
 * text): everything that differs by the shopper's language, asked of one value. English is the
 * code's own wording, as it always was; another language says each message from its catalogue by
 * the message's code (decision 046's tables, `*-answers.ts`), never by matching the English.
 * Browser-safe; `shopperLanguage(locale)` (shopper-language.server.ts) gives one with its catalogue.
 */
export type ShopperLanguage = {
  locale: Locale;
  /** For `<html lang dir>`. */
  dir: "ltr" | "rtl";
  /**
   * A message by its code with its values. English: each `{name}` replaced by the value as it is.
   * Another language: from its catalogue (plural forms where a value is a number; numbers stay in
   * Western digits), each text value isolated in its own direction unless already isolated
   * (`ltr`, `money`).
   */
  say<A extends Answer>(table: AnswerTable<A>, answer: A): string;
  /**
   * The same message as React children, for an email's HTML: the values named in `nodes` placed as
   * those nodes (a `<span dir="auto">` around a name), every other value as its own text, the way
   * JSX writes `Order #{number}`, so an English email renders exactly as its JSX did.
   */
  sayWith<A extends Answer>(table: AnswerTable<A>, answer: A, nodes?: Partial<Record<string, ReactNode>>): ReactNode;
  /** Text that reads left to right (a phone number, a code): isolated left to right in a right-to-left language. */
  ltr(text: string): string;
  /** An amount in dollars ('$12.50'), isolated left to right in a right-to-left language. */
  money(cents: number): string;
  /** When something happened, as the shopper reads it: Lebanese time, Western digits. */
  dateTime(at: Date): string;
  /** An item's title in this language: its Arabic title where it has one. */
  titleOf(item: { title: string; titleAr?: string | null }): string;
  /** A shop page's absolute address in this language: `https://shop/track/x` → `https://shop/ar/track/x`. */
  pageUrl(publicUrl: string, path: string): string;
};

/** Unicode's left-to-right isolate (LRI … PDI): '$12.50' or '+961 70 123 456' inside Arabic text. */
const leftToRight = (text: string) => `\u2066${text}\u2069`;
const ISOLATED = /^[\u2066\u2067\u2068]/;
/** Stands for a value while a message is cut around it (a private-use letter: never in a message or a value). */
const slot = (index: number) => `\uE000${index}\uE000`;
const SLOTS = /\uE000(\d+)\uE000/;

const SHOP_TIME = { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Beirut" } as const;

function pageUrl(locale: Locale, publicUrl: string, path: string) {
  return `${publicUrl.replace(/\/+$/, "")}${localePath(locale, path)}`;
}

/** A message cut at its values: text, value, text… with empty texts left out (React writes none). */
function withNodes(
  say: (answer: Answer) => string,
  answer: Answer,
  nodes: Partial<Record<string, ReactNode>>,
  show: (value: string | number) => string,
): ReactNode {
  const { code, ...values } = answer;
  const names = Object.keys(values);
  const marked = say({ code, ...Object.fromEntries(names.map((name, index) => [name, slot(index)])) });
  const parts = marked.split(SLOTS).flatMap((part, index): ReactNode[] => {
    if (index % 2 === 0) return part === "" ? [] : [part];
    const name = names[Number(part)]!;
    return [name in nodes ? nodes[name] : show(values[name]!)];
  });
  return createElement(Fragment, null, ...parts);
}

/** English: the code's own wording, values as they are. */
export const ENGLISH: ShopperLanguage = {
  locale: "en",
  dir: "ltr",
  say: (table, answer) => englishOf(table, answer),
  sayWith: (table, answer, nodes = {}) =>
    withNodes((marked) => englishOf(table as AnswerTable<Answer>, marked), answer, nodes, String),
  ltr: (text) => text,
  money: (cents) => formatMoney(cents),
  dateTime: (at) => at.toLocaleString("en-GB", SHOP_TIME),
  titleOf: (item) => item.title,
  pageUrl: (publicUrl, path) => pageUrl("en", publicUrl, path),
};

/** A right-to-left language whose messages come from `i18n`'s catalogue (Arabic). */
export function languageOf(i18n: I18n): ShopperLanguage {
  const locale = i18n.locale as Locale;
  const sayMarked = (table: Record<string, AnswerMessage | undefined>, answer: Answer, marked: boolean) => {
    const { code, ...values } = answer;
    const shown = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        typeof value === "string" && !ISOLATED.test(value) && !(marked && SLOTS.test(value)) ? isolated(value) : value,
      ]),
    );
    const { id, message } = table[code]!;
    return i18n._({ id, message, values: shown });
  };
  return {
    locale,
    dir: directionOf(locale),
    say: (table, answer) => sayMarked(table, answer, false),
    sayWith: (table, answer, nodes = {}) =>
      withNodes(
        (marked) => sayMarked(table, marked, true),
        answer,
        nodes,
        (value) => (typeof value === "string" && !ISOLATED.test(value) ? isolated(value) : String(value)),
      ),
    ltr: leftToRight,
    money: (cents) => leftToRight(formatMoney(cents)),
    // Arabic words for the month, Western digits (as the shop writes every number, decision 042).
    dateTime: (at) => at.toLocaleString(`${locale}-u-nu-latn`, SHOP_TIME),
    titleOf: (item) => (locale === "ar" && item.titleAr?.trim()) || item.title,
    pageUrl: (publicUrl, path) => pageUrl(locale, publicUrl, path),
  };
}
