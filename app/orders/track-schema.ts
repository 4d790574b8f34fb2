import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { PHONE_PATTERN } from "~/utils/phone.ts";
import { withWesternDigits } from "~/utils/digits-schema.ts";
import { memoisedPer } from "~/utils/memoised-per.ts";

/** The one response for a wrong pair, whichever part is wrong, so it never tells which (the English page's words, kept word for word). */
export const TRACK_NOT_FOUND = "We could not find an order with that number and phone.";

/** `/track`: the order number (as shown, '#1001' or '1001') and the phone it was placed with, in the page's language. */
export const trackSchemaFor = memoisedPer((i18n: I18n) => {
  return z.object({
    // Arabic-Indic digits read as Western ('١٠٠١' is 1001); refines, not .regex(), so no HTML pattern refuses them first.
    number: withWesternDigits(
      z
        .string({ error: i18n._(msg`Enter your order number`) })
        .trim()
        .refine((text) => /^#?\s*\d{1,9}$/.test(text), { error: i18n._(msg`Enter the order number, like 1001`) })
        .transform((text) => Number(text.replace(/\D/g, ""))),
    ),
    phone: withWesternDigits(
      z
        .string({ error: i18n._(msg`Phone number is required`) })
        .trim()
        .max(30, { error: i18n._(msg`Phone number is too long`) })
        .refine((phone) => PHONE_PATTERN.test(phone), { error: i18n._(msg`Invalid phone number format`) }),
    ),
  });
});
