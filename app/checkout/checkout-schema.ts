import { z } from "zod";
import { GOVERNORATES } from "../catalogue/options.ts";
import { withWesternDigits } from "../utils/digits-schema.ts";
import { normalisePhone } from "../utils/phone-number.ts";

/** Spec §5 "Checkout": the email pattern and the phone pattern (an optional + then digits, spaces, hyphens or parentheses). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\+?[0-9\s()-]+$/;

/** Trimmed and required, with the spec's message for both a missing and a blank value. */
const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });

/**
 * The checkout form, used by Conform in the browser and by the action on the server, so both
 * give the spec's messages. `district` is the governorate, one of the seven.
 */
export const checkoutSchema = z.object({
  name: required("Name is required").pipe(z.string().max(100, { error: "Name is too long" })),
  email: required("Email is required").pipe(
    z.string().max(254, { error: "Email is too long" }).regex(EMAIL_PATTERN, { error: "Invalid email format" }),
  ),
  // Besides the spec's pattern, a number libphonenumber-js knows (Lebanon unless a country code is
  // typed), stored in its one normal form, E.164 (decision 042). Arabic-Indic digits read as Western.
  // A refine, not .regex(): an HTML pattern attribute would refuse Arabic digits before the server reads them.
  phone: withWesternDigits(
    required("Phone number is required").pipe(
      z
        .string()
        .max(30, { error: "Phone number is too long" })
        .refine((phone) => PHONE_PATTERN.test(phone), { error: "Invalid phone number format", abort: true })
        .transform((phone, context) => {
          const normal = normalisePhone(phone);
          if (normal) return normal;
          context.addIssue({ code: "custom", message: "Invalid phone number format" });
          return z.NEVER;
        }),
    ),
  ),
  district: z.enum(GOVERNORATES, { error: "District is required" }),
  city: required("City is required").pipe(z.string().max(100, { error: "City is too long" })),
  street: required("Street is required").pipe(z.string().max(200, { error: "Street is too long" })),
  building: required("Building is required").pipe(z.string().max(100, { error: "Building is too long" })),
  address: required("Full address is required").pipe(
    z.string().max(500, { error: "Full address is too long (at most 500 characters)" }),
  ),
});

export type CheckoutInput = z.infer<typeof checkoutSchema>;
