import { z } from "zod";
import { westernDigits } from "./digits.ts";

// Apart from digits.ts, which the footer's phone links load on every page: zod reaches only the
// pages that validate a form.

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
