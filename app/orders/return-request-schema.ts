import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { PHONE_PATTERN } from "~/utils/phone.ts";
import { withWesternDigits } from "~/utils/digits-schema.ts";
import { memoisedPer } from "~/utils/memoised-per.ts";
import { formatMoney } from "~/utils/money.ts";
import { RETURN_REQUEST_NOTE_MAX_LENGTH, RETURN_REQUEST_REASONS } from "./return-request-status.ts";

/** The most units of one line a return names (an order line holds at most 99). */
const MAX_UNITS = 99;

/** What `requestReturn` takes, from the tracking page's form and from `/api/order/requestReturn` alike. */
export type ReturnRequestInput = {
  phone: string;
  items: { productId: number; size: string | null; quantity: number }[];
  reason: (typeof RETURN_REQUEST_REASONS)[number];
  note?: string | undefined;
};

const note = (tooLong: string) =>
  z
    .string()
    .trim()
    .max(RETURN_REQUEST_NOTE_MAX_LENGTH, { error: tooLong })
    .optional()
    .transform((text) => text || undefined);

const productId = z
  .union([z.string().regex(/^\d{1,15}$/, { error: "must be a product id" }), z.number().int().positive()])
  .transform(Number);

const size = z
  .string()
  .trim()
  .max(8)
  .nullish()
  .transform((text) => text || null);

/**
 * 'Return an item' on the tracking page, in the page's language: the phone the order was placed
 * with (the tracking page's phone check), how many of each line (0 leaves it), why and a note.
 */
export const returnRequestFormSchemaFor = memoisedPer((i18n: I18n) =>
  z.object({
    phone: withWesternDigits(
      z
        .string({ error: i18n._(msg`Phone number is required`) })
        .trim()
        .max(30, { error: i18n._(msg`Phone number is too long`) })
        .refine((phone) => PHONE_PATTERN.test(phone), { error: i18n._(msg`Invalid phone number format`) }),
    ),
    items: z
      .array(
        z.object({
          product: productId,
          size,
          quantity: z.coerce
            .number({ error: i18n._(msg`Choose how many`) })
            .int()
            .min(0)
            .max(MAX_UNITS),
        }),
      )
      .max(50)
      .default([]),
    reason: z.enum(RETURN_REQUEST_REASONS, { error: i18n._(msg`Choose why you are returning it`) }),
    note: note(i18n._(msg`Note must be at most 500 characters`)),
  }),
);

/** `POST /api/order/requestReturn?id=`: the contract's body, its messages in English. */
export const returnRequestApiSchema = z.object({
  phone: z.string({ error: "Phone number is required" }).trim().min(1, { error: "Phone number is required" }).max(30),
  items: z
    .array(
      z.object({
        product: productId,
        size,
        quantity: z
          .number({ error: "must be a number" })
          .int({ error: "must be a whole number" })
          .min(1)
          .max(MAX_UNITS),
      }),
    )
    .min(1, { error: "must hold at least one item" })
    .max(50),
  reason: z.enum(RETURN_REQUEST_REASONS, {
    error: "must be one of not-as-described, defective, changed-mind, other",
  }),
  note: note(`Note must be at most ${RETURN_REQUEST_NOTE_MAX_LENGTH} characters`),
});

/**
 * A refund in dollars as typed ("50", "49.5", "49.50") to integer cents, never rounded: a third
 * decimal, a minus sign or anything but digits is refused with a message that says so. A number
 * from `/api/` is read as the text it was written as.
 */
export const refundField = withWesternDigits(
  z
    .union([z.string(), z.number()], { error: "Refund: enter an amount in dollars, like 50.00" })
    .transform((value, ctx): number => {
      const text = String(value).trim();
      const refuse = (message: string) => {
        ctx.addIssue({ code: "custom", message: `Refund: ${message}` });
        return z.NEVER;
      };
      if (/^-/.test(text)) return refuse("the amount must be 0.00 or more");
      if (!/^\d+(\.\d+)?$/.test(text)) return refuse("enter an amount in dollars, like 50.00");
      const [whole = "0", fraction = ""] = text.split(".");
      if (fraction.length > 2) return refuse("use at most two decimals, like 49.99");
      if (whole.length > 7) return refuse(`the amount must be ${formatMoney(99_999_99)} or less`);
      return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    }),
);

/** 'Refuse return' in the order dialog and `/api/order/refuseReturn`: the note the shopper reads. */
export const refuseReturnSchema = z.object({
  note: z
    .string({ error: "Note is required: tell the customer why" })
    .trim()
    .min(1, { error: "Note is required: tell the customer why" })
    .max(RETURN_REQUEST_NOTE_MAX_LENGTH, {
      error: `Note must be at most ${RETURN_REQUEST_NOTE_MAX_LENGTH} characters`,
    }),
});

/**
 * 'Received' in the order dialog: the refund, and for each returned line how many of its units go
 * back to stock (the rest are written off).
 */
export const receiveReturnFormSchema = z.object({
  refund: refundField,
  lines: z
    .array(
      z.object({
        line: z.coerce.number().int().positive(),
        restocked: z.coerce.number({ error: "Choose how many go back to stock" }).int().min(0).max(MAX_UNITS),
      }),
    )
    .max(50)
    .default([]),
});

/** `POST /api/order/receiveReturn?id=`: `restock` sends every returned unit back to stock, or none. */
export const receiveReturnApiSchema = z.object({
  refund: refundField,
  restock: z.boolean({ error: "must be true or false" }),
});

/** What `receiveReturn` takes: the refund in cents and, per returned line (order item id), the units back to stock. */
export type ReceiveReturnInput = { refundCents: number; restocked: Map<number, number> | "all" | "none" };
