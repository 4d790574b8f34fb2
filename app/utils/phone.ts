import { westernDigits } from "./digits.ts";

/** Lebanon's country calling code: numbers typed without one are Lebanese (the shop delivers only there). */
const LEBANON_CODE = "961";

/** A Lebanese number written locally (e.g. 03 123 456, 71 123 456) holds at most 8 digits. */
const LOCAL_LEBANESE_MAX_DIGITS = 8;

/** The digits a phone number holds (Arabic-Indic ones as Western), without the spaces, hyphens, parentheses or plus sign around them. */
export function phoneDigits(phone: string) {
  return westernDigits(phone).replace(/\D/g, "");
}

/** What the phone field's hint shows. */
export const PHONE_EXAMPLE = "03 123 456";

/**
 * The phone pattern (an optional + then digits, spaces, hyphens or
 * parentheses), shared by every form that takes a phone (checkout, returns, tracking, settings).
 */
export const PHONE_PATTERN = /^\+?[0-9\s()-]+$/;

/** Every order must be reachable by phone, so a phone number holds 7 to 15 digits (15 is the ITU maximum). */
export function hasReachableLength(phone: string) {
  const digits = phoneDigits(phone).length;
  return digits >= 7 && digits <= 15;
}

/**
 * The number's international digits, country code first, no plus: what wa.me and tel: take, and
 * what `phoneKey` (app/utils/phone-number.ts) falls back to for a number the phone library cannot
 * read. Without the library, which is too big for every page's footer links.
 * "+…" and "00…" already carry a country code; Lebanon's 961 followed by a whole national number
 * (7 or 8 digits, a trunk 0 after the code dropped) is Lebanese whatever is written around it; a
 * local Lebanese number ("03 123 456", "71 123 456", even "071 123 456") loses its trunk 0 and
 * gains 961; longer numbers without a plus are taken to carry their country code. So
 * '03 123 456', '+961 3 123 456' and '9613123456' are all '9613123456'.
 */
export function internationalDigits(phone: string): string {
  let digits = phoneDigits(phone);
  let international = phone.trim().startsWith("+");
  if (!international && digits.startsWith("00")) {
    digits = digits.slice(2);
    international = true;
  }
  if (digits.startsWith(LEBANON_CODE) && (international || digits.length >= LEBANON_CODE.length + 7))
    return LEBANON_CODE + digits.slice(LEBANON_CODE.length).replace(/^0/, "");
  if (international) return digits;
  const national = digits.replace(/^0/, "");
  return national.length <= LOCAL_LEBANESE_MAX_DIGITS ? LEBANON_CODE + national : national;
}

/** A `tel:` link from the digits, with the country code so it dials from any phone. */
export function telHref(phone: string) {
  return `tel:+${internationalDigits(phone)}`;
}

/** A WhatsApp chat with that number, with a message prefilled when given (the sender still presses send). */
export function whatsAppHref(phone: string, message?: string) {
  const chat = `https://wa.me/${internationalDigits(phone)}`;
  return message ? `${chat}?text=${encodeURIComponent(message)}` : chat;
}
