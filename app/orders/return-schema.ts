import { z } from "zod";
import { RETURN_REASONS } from "./order-status.ts";
import { hasReachableLength, PHONE_PATTERN } from "~/utils/phone.ts";

export const RETURN_NOTE_MAX_LENGTH = 500;
export const BLOCK_REASON_MAX_LENGTH = 500;

/**
 * 'Mark as Returned' (the dialog's form and `order/markReturned` alike): why the parcel came back,
 * and an optional note of at most 500 characters (blank is none).
 */
export const returnSchema = z.object({
  reason: z.enum(RETURN_REASONS, { error: "Choose why the order came back: refused, unreachable or other" }),
  note: z
    .string()
    .trim()
    .max(RETURN_NOTE_MAX_LENGTH, { error: `Note must be at most ${RETURN_NOTE_MAX_LENGTH} characters` })
    .optional()
    .transform((note) => note || undefined),
});

export type ReturnInput = { reason: z.output<typeof returnSchema>["reason"]; note?: string | undefined };

/** A phone number as the checkout takes it: PHONE_PATTERN (app/utils/phone.ts), and 7 to 15 digits. */
const phoneField = z
  .string({ error: "Phone number is required" })
  .trim()
  .min(1, { error: "Phone number is required", abort: true })
  .max(30, { error: "Phone number is too long" })
  .regex(PHONE_PATTERN, { error: "Invalid phone number format", abort: true })
  .refine(hasReachableLength, { error: "Invalid phone number format" });

/** Blocking a number (the dialog, Settings and `customer/block`): the number and why. */
export const blockPhoneSchema = z.object({
  phone: phoneField,
  reason: z
    .string({ error: "Reason is required" })
    .trim()
    .min(1, { error: "Reason is required" })
    .max(BLOCK_REASON_MAX_LENGTH, { error: `Reason must be at most ${BLOCK_REASON_MAX_LENGTH} characters` }),
});

/** Unblocking (Settings, the dialog and `customer/unblock`). */
export const unblockPhoneSchema = z.object({ phone: phoneField });

/**
 * 'Block this number' and a row's 'Unblock' as buttons of an admin page (the order desk's page,
 * Settings, the order dialog): one schema, told apart by `intent`, spread into each page's union.
 */
export const blockedPhoneIntentSchema = z.discriminatedUnion("intent", [
  blockPhoneSchema.extend({ intent: z.literal("block") }),
  unblockPhoneSchema.extend({ intent: z.literal("unblock") }),
]);

export type BlockedPhoneIntent = z.output<typeof blockedPhoneIntentSchema>;

/** What every page says to an 'Unblock' without a number it can read (a hand-made or stale form). */
export const UNBLOCK_REFUSED = "Choose a number to unblock";
