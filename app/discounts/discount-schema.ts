import { z } from "zod";
import type { Cents } from "~/utils/money.ts";
import { CODE_PATTERN } from "./discount-rule.ts";

export const MAX_DISCOUNT_AMOUNT_CENTS: Cents = 10_000_000;

/** A form sends text, JSON sends numbers: both are read as the text a person would type. */
const asText = (value: unknown) => (typeof value === "number" ? String(value) : value);

/** Dollars ("50", "49.99", or 50 in JSON) to integer cents, never rounded. */
const dollars = (min: Cents) =>
  z.preprocess(
    asText,
    z
      .string({ error: "must be an amount in dollars, like 5.00" })
      .trim()
      .transform((text, ctx): Cents => {
        const refuse = (message: string) => {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        };
        if (!/^\d+(\.\d+)?$/.test(text)) return refuse("must be an amount in dollars, like 5.00");
        const [whole = "0", fraction = ""] = text.split(".");
        if (fraction.length > 2) return refuse("use at most two decimals, like 4.25");
        const cents = whole.length > 9 ? Infinity : Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
        if (cents < min) return refuse(`must be at least $${(min / 100).toFixed(2)}`);
        if (cents > MAX_DISCOUNT_AMOUNT_CENTS) return refuse("must be $100,000.00 or less");
        return cents;
      }),
  );

const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );

/** A Beirut date as typed in a date field or sent as an ISO date: "2026-12-01". */
const shopDate = z
  .string({ error: "must be a date like 2026-12-01" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date like 2026-12-01" })
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    {
      error: "must be a real date",
    },
  );

/** A checkbox sends "on"; JSON sends true or false. */
const flag = z.preprocess(
  (value) => (value === "on" || value === "true" ? true : value === "false" || value === "off" ? false : value),
  z.boolean({ error: "must be true or false" }),
);

/**
 * The fields of a discount code, shared by the Discounts page (Conform in the browser, the action
 * on the server) and `/api/discount/create|edit` (the same schema over parsed JSON). An optional
 * field left empty is absent; JSON may also send null to clear it on an edit.
 */
export const discountFields = z.object({
  code: z
    .string({ error: "is required" })
    .trim()
    .min(1, { error: "is required" })
    .regex(CODE_PATTERN, { error: "must be 3 to 32 letters, digits or dashes" })
    .transform((code) => code.toUpperCase()),
  percent: wholeNumber(1, 90, "must be a whole number from 1 to 90").nullable().optional(),
  amount: dollars(1).nullable().optional(),
  minSubtotal: dollars(1).nullable().optional(),
  startsAt: shopDate.nullable().optional(),
  endsAt: shopDate.nullable().optional(),
  maxUses: wholeNumber(1, 1_000_000, "must be a whole number from 1 to 1000000").nullable().optional(),
  oncePerPhone: flag.optional(),
  active: flag.optional(),
});

type Fields = Partial<z.output<typeof discountFields>>;

function checkTogether(value: Fields, ctx: z.RefinementCtx, creating: boolean) {
  const percent = value.percent ?? null;
  const amount = value.amount ?? null;
  if (percent !== null && amount !== null)
    ctx.addIssue({ code: "custom", path: ["amount"], message: "give a percentage or an amount, not both" });
  else if (creating && percent === null && amount === null)
    ctx.addIssue({ code: "custom", path: ["percent"], message: "give a percentage (1 to 90) or an amount" });
  if (value.startsAt && value.endsAt && value.endsAt < value.startsAt)
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "must be on or after the start date" });
}

/** A new code (the page's form, add and edit alike, and `discount/create`). */
export const discountSchema = discountFields.superRefine((value, ctx) => checkTogether(value, ctx, true));

/** `discount/edit`: the same fields, each optional. */
export const discountEditSchema = discountFields
  .partial()
  .superRefine((value, ctx) => checkTogether(value, ctx, false));

export type DiscountInput = z.output<typeof discountFields>;
export type DiscountEdit = Partial<DiscountInput>;

/** A discount code as the dashboard shows it (browser-safe). */
export type DiscountView = {
  id: number;
  code: string;
  percent: number | null;
  amountCents: number | null;
  minSubtotalCents: number | null;
  /** Beirut dates, "2026-12-01", or null. */
  startsOn: string | null;
  endsOn: string | null;
  maxUses: number | null;
  oncePerPhone: boolean;
  active: boolean;
  uses: number;
};
