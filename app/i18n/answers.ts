import type { I18n } from "@lingui/core";

/**
 * A model's answer to a shopper (a refusal, a warning, a success): a code and the values its
 * message names, never a finished sentence. Each domain owns its codes and their English in a
 * browser-safe `*-answers.ts` of its own (the `answers` catalogue, lingui.config.ts); a page says an
 * answer in its language by the code, `/api/` and English pages in the fixed English wording.
 */
export type Answer = { code: string } & { [value: string]: string | number };

/** A code's English, as Lingui's extractor reads it (the `/*i18n*\/` descriptor in each table). */
export type AnswerMessage = { id: string; message: string };

/** A domain's answers: each code's English, by code (the table's key is its descriptor's id). */
export type AnswerTable<A extends Answer> = { readonly [Code in A["code"]]: AnswerMessage };

/** An answer's values, without its code. */
function valuesOf({ code: _code, ...values }: Answer) {
  return values;
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** The answer in its fixed English wording: its message with each `{name}` replaced by the value as it is. */
export function englishOf<A extends Answer>(table: AnswerTable<A>, answer: A): string {
  const values = valuesOf(answer);
  const { message } = table[answer.code as A["code"]];
  return message.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Text of either direction (a product's title, a size, an amount) inside a plain-text message: Unicode's isolates. */
export const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * The answer in `i18n`'s language: English pages get the fixed English wording as it is; another
 * language's catalogue gives the message by the code (with its plural forms where a value is a
 * number), each text value isolated in its own direction (a title, a size, an amount).
 */
export function answerIn<A extends Answer>(i18n: I18n, table: AnswerTable<A>, answer: A): string {
  if (i18n.locale === "en") return englishOf(table, answer);
  const values = Object.fromEntries(
    Object.entries(valuesOf(answer)).map(([name, value]) => [
      name,
      typeof value === "string" ? isolated(value) : value,
    ]),
  );
  const { id, message } = table[answer.code as A["code"]];
  return i18n._({ id, message, values });
}
