import { z } from "zod";
import { PHONE_PATTERN } from "../checkout/checkout-schema.ts";
import { withWesternDigits } from "../utils/digits-schema.ts";

/** The contract's one response for a wrong pair, whichever part is wrong. */
export const TRACK_NOT_FOUND = "We could not find an order with that number and phone.";

/** `/track`: the order number (as shown, '#1001' or '1001') and the phone it was placed with. */
export const trackSchema = z.object({
  // Arabic-Indic digits read as Western ('١٠٠١' is 1001); refines, not .regex(), so no HTML pattern refuses them first.
  number: withWesternDigits(
    z
      .string({ error: "Enter your order number" })
      .trim()
      .refine((text) => /^#?\s*\d{1,9}$/.test(text), { error: "Enter the order number, like 1001" })
      .transform((text) => Number(text.replace(/\D/g, ""))),
  ),
  phone: withWesternDigits(
    z
      .string({ error: "Phone number is required" })
      .trim()
      .max(30, { error: "Phone number is too long" })
      .refine((phone) => PHONE_PATTERN.test(phone), { error: "Invalid phone number format" }),
  ),
});
