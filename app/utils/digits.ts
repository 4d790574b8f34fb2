import { z } from "zod";

/** Arabic-Indic digits ٠-٩ (U+0660…) and Persian digits ۰-۹ (U+06F0…), as phone keyboards in Lebanon type them. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** The text with every Arabic-Indic or Persian digit written as its Western digit ('٠٣١٢' → '0312'); the rest as it was. */
export function westernDigits(text: string): string {
  return text.replace(EASTERN_DIGITS, (digit) => String(digit.codePointAt(0)! & 0xf));
}

/**
 * The schema, reading typed text with Western digits first: a form field where a number is typed
 * (phone, order number, quantity, price) is wrapped in it, so the page and `/api/` accept
 * '٠٣١٢٣٤٥٦' and store '03123456'. Anything but a string passes through as it came.
 */
export function withWesternDigits<Schema extends z.ZodType>(schema: Schema) {
  // Typed as the schema's own input, so Conform's field types stay what they were.
  return z.preprocess(
    (value) => (typeof value === "string" ? westernDigits(value) : value),
    schema,
  ) as unknown as z.ZodType<z.output<Schema>, z.input<Schema>>;
}
