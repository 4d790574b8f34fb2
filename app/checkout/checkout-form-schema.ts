import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { GOVERNORATES } from "~/settings/delivery.ts";
import { withWesternDigits } from "~/utils/digits-schema.ts";
import { memoisedPer } from "~/utils/memoised-per.ts";
import { normalisePhone } from "~/utils/phone-number.ts";
import { PHONE_PATTERN } from "~/utils/phone.ts";
import { EMAIL_PATTERN } from "./checkout-schema.ts";

/** Trimmed and required, with the same message for both a missing and a blank value. */
const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });

/**
 * The checkout form, used by Conform in the browser and by the action on the server, so both
 * give the same messages, in the page's language (decision 044): `checkoutSchemaFor(i18n)`, with
 * `i18nFor("en")` for `order/createOrder`, whose answers stay English. `district` is the
 * governorate, one of the seven, by its English name in either language.
 */
export const checkoutSchemaFor = memoisedPer((i18n: I18n) => {
  const invalidPhone = i18n._(msg`Invalid phone number format`);
  return z.object({
    name: required(i18n._(msg`Name is required`)).pipe(z.string().max(100, { error: i18n._(msg`Name is too long`) })),
    email: required(i18n._(msg`Email is required`)).pipe(
      z
        .string()
        .max(254, { error: i18n._(msg`Email is too long`) })
        .regex(EMAIL_PATTERN, { error: i18n._(msg`Invalid email format`) }),
    ),
    // Besides PHONE_PATTERN, a number libphonenumber-js knows (Lebanon unless a country code is
    // typed), stored in its one normal form, E.164 (decision 042). Arabic-Indic digits read as Western.
    // A refine, not .regex(): an HTML pattern attribute would refuse Arabic digits before the server reads them.
    phone: withWesternDigits(
      required(i18n._(msg`Phone number is required`)).pipe(
        z
          .string()
          .max(30, { error: i18n._(msg`Phone number is too long`) })
          .refine((phone) => PHONE_PATTERN.test(phone), { error: invalidPhone, abort: true })
          .transform((phone, context) => {
            const normal = normalisePhone(phone);
            if (normal) return normal;
            context.addIssue({ code: "custom", message: invalidPhone });
            return z.NEVER;
          }),
      ),
    ),
    district: z.enum(GOVERNORATES, { error: i18n._(msg`District is required`) }),
    city: required(i18n._(msg`City is required`)).pipe(z.string().max(100, { error: i18n._(msg`City is too long`) })),
    street: required(i18n._(msg`Street is required`)).pipe(
      z.string().max(200, { error: i18n._(msg`Street is too long`) }),
    ),
    building: required(i18n._(msg`Building is required`)).pipe(
      z.string().max(100, { error: i18n._(msg`Building is too long`) }),
    ),
    address: required(i18n._(msg`Full address is required`)).pipe(
      z.string().max(500, { error: i18n._(msg`Full address is too long (at most 500 characters)`) }),
    ),
  });
});

export type CheckoutInput = z.infer<ReturnType<typeof checkoutSchemaFor>>;
