import { z } from "zod";
import { westernDigits } from "~/utils/digits.ts";
import { hasReachableLength, PHONE_PATTERN } from "~/utils/phone.ts";
import type { StockAlertAnswer } from "./stock-alert-answers.ts";

/** The checkout's email rule (the checkout stands above the catalogue, so it is not imported). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A blank form field (or JSON `""`, `null`) is a field not given. */
const blankIsAbsent = (value: unknown) => (value === "" || value === null ? undefined : value);

const optionalText = (max: number) =>
  z.preprocess(
    (value) => blankIsAbsent(typeof value === "string" ? value.trim() : value),
    z
      .string({ error: "must be text" })
      .max(max, { error: `must be at most ${max} characters` })
      .optional(),
  );

/**
 * 'Tell me when it's back', one schema for the product page's form and `POST /api/stock-alert`:
 * `{ productId, size?, email?, phone? }` with one of email and phone. Its messages are the API's
 * English (each names its field through the issue's path); the page says each issue by its code
 * (`stockAlertAnswerOf`). The phone's E.164 form is the model's to work out.
 */
export const stockAlertSchema = z
  .object({
    productId: z.coerce
      .number({ error: "must be a product id" })
      .int({ error: "must be a product id" })
      .positive({ error: "must be a product id" })
      .max(Number.MAX_SAFE_INTEGER, { error: "must be a product id" }),
    size: optionalText(40),
    email: optionalText(254).refine((email) => email === undefined || EMAIL_PATTERN.test(email), {
      error: "Invalid email format",
    }),
    phone: optionalText(40).refine(
      // Arabic-Indic digits, as a Lebanese keyboard types them, are digits too.
      (phone) => phone === undefined || (PHONE_PATTERN.test(westernDigits(phone)) && hasReachableLength(phone)),
      { error: "Invalid phone number" },
    ),
    /** The page's language for an `/api/` client; a page's form takes its own page's. */
    language: z.enum(["en", "ar"], { error: "must be 'en' or 'ar'" }).optional(),
  })
  .superRefine((input, context) => {
    if (input.email === undefined && input.phone === undefined)
      context.addIssue({
        code: "custom",
        path: ["email"],
        message: "give an email or a phone",
        params: { answer: "stock-alert.contact" },
      });
    else if (input.email !== undefined && input.phone !== undefined)
      context.addIssue({
        code: "custom",
        path: ["phone"],
        message: "give an email or a phone, not both",
        params: { answer: "stock-alert.one-contact" },
      });
  });

export type StockAlertInput = z.output<typeof stockAlertSchema>;

/** The form's fields that can be wrong, each with what the page says of it. */
export type StockAlertField = "email" | "phone" | "size";

/** What the page says of an issue of the schema: the issue's own answer, else its field's. */
export function stockAlertAnswerOf(issue: z.core.$ZodIssue): { field: StockAlertField; answer: StockAlertAnswer } {
  const field = issue.path[0] === "phone" ? "phone" : issue.path[0] === "size" ? "size" : "email";
  const own =
    issue.code === "custom" ? (issue.params as { answer?: StockAlertAnswer["code"] } | undefined)?.answer : undefined;
  const code = own ?? (`stock-alert.${field}` as const);
  return { field, answer: { code } as StockAlertAnswer };
}
