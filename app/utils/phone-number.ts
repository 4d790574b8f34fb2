import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { westernDigits } from "./digits.ts";
import { internationalDigits, phoneDigits } from "./phone.ts";

// Apart from phone.ts, which every page loads (the footer's tel: and WhatsApp links): the number
// library and its metadata (about 40 KB gzipped) reach only the pages that check or format a number.

/**
 * THE one normal form of a phone number, the only one stored (decision 042): E.164 as
 * libphonenumber-js reads it, Lebanon when no country code is typed ('03 123 456',
 * '+961 3 123 456', '03123456' and '٠٣١٢٣٤٥٦' all give '+9613123456'). Null when it is not a
 * possible number of that country ('03 12 456' is a digit short).
 */
export function normalisePhone(phone: string): string | null {
  const parsed = parsePhoneNumberFromString(westernDigits(phone), "LB");
  return parsed?.isValid() ? parsed.number : null;
}

/** A stored number as people read it: '03 123 456' for a Lebanese one, '+33 6 12 34 56 78' for another; as stored when unreadable. */
export function formatPhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(westernDigits(phone), "LB");
  if (!parsed?.isValid()) return phone;
  return parsed.country === "LB" ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * THE key a phone number is stored and compared by (`orders.phone_key`, `blocked_phones.phone_key`,
 * `discount_uses.phone_key`, the order rate limit, tracking, `?phone=`): its E.164 form, the one
 * `normalisePhone` gives and the checkout stores, so a new order's key is its phone. A number the
 * library cannot read (typed before the checkout checked numbers, or mistyped at /track) falls back
 * to `internationalDigits` with a plus, which reads every Lebanese spelling the way the library does.
 * Changing how a number is read means re-keying the stored columns with `phone_key()` in a migration
 * (docs/decisions/050).
 */
export function phoneKey(phone: string): string {
  return normalisePhone(phone) ?? `+${internationalDigits(phone)}`;
}

/** Two numbers are one customer's when their keys are equal (and hold a real number's digits). */
export function samePhone(a: string, b: string): boolean {
  return phoneDigits(a).length >= 6 && phoneKey(a) === phoneKey(b);
}
