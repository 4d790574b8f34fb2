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

/** Contract: every order must be reachable, so a phone number holds 7 to 15 digits (15 is the ITU maximum). */
export function hasReachableLength(phone: string) {
  const digits = phoneDigits(phone).length;
  return digits >= 7 && digits <= 15;
}

/**
 * The number in international form, digits only (what wa.me takes): "+…" and "00…" already carry
 * a country code; a local Lebanese number ("03 123 456", "71 123 456", even "071 123 456") loses
 * its trunk 0 and gains 961; longer numbers without a plus are taken to carry their country code.
 */
export function internationalDigits(phone: string) {
  const digits = phoneDigits(phone);
  if (phone.trim().startsWith("+")) return digits;
  if (digits.startsWith("00")) return digits.slice(2);
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

/**
 * A phone number reduced to its national digits, so the ways Lebanese shoppers write one number
 * compare equal: '+961 70 123 456', '00961 70 123 456', '70-123456' and '70123456' all give
 * '70123456', and '03 123 456' and '+961 3 123 456' both give '3123456'.
 * Only digits count; an international prefix (00) and Lebanon's code are dropped when what follows
 * is a whole national number (7 or 8 digits), then the trunk 0. A foreign number keeps its
 * country code: it matches when written the same way (docs/decisions/020).
 */
export function nationalPhoneDigits(phone: string): string {
  let digits = phoneDigits(phone);
  if (digits.startsWith("00")) digits = digits.slice(2);
  if (digits.startsWith(LEBANON_CODE) && digits.length >= LEBANON_CODE.length + 7)
    digits = digits.slice(LEBANON_CODE.length);
  if (digits.startsWith("0")) digits = digits.slice(1);
  return digits;
}

/**
 * Whether two phone numbers are one: THE comparison for the order brake, tracking and any list of
 * phones. Orders stored before decision 042 hold the number as typed, newer ones E.164: both
 * reduce to the same national digits.
 */
export function samePhone(a: string, b: string): boolean {
  const left = nationalPhoneDigits(a);
  return left.length >= 6 && left === nationalPhoneDigits(b);
}
