/** Lebanon's country calling code. */
const LEBANON = "961";

/**
 * A phone number reduced to its national digits, so the ways Lebanese shoppers write one number
 * compare equal: '+961 70 123 456', '00961 70 123 456', '70-123456' and '70123456' all give
 * '70123456', and '03 123 456' and '+961 3 123 456' both give '3123456'.
 * Only digits count; an international prefix (00) and Lebanon's code are dropped when what follows
 * is a whole national number (7 or 8 digits), then the trunk 0. A foreign number keeps its
 * country code: it matches when written the same way (docs/decisions/014).
 */
export function nationalPhoneDigits(phone: string): string {
  let digits = phone.replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  if (digits.startsWith(LEBANON) && digits.length >= LEBANON.length + 7) digits = digits.slice(LEBANON.length);
  if (digits.startsWith("0")) digits = digits.slice(1);
  return digits;
}

export function samePhone(a: string, b: string): boolean {
  const left = nationalPhoneDigits(a);
  return left.length >= 6 && left === nationalPhoneDigits(b);
}

/** `https://wa.me/<digits>`: the international form WhatsApp wants; a number without a country code is Lebanese. */
export function whatsappHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (phone.trim().startsWith("+")) return `https://wa.me/${digits}`;
  if (digits.startsWith("00")) return `https://wa.me/${digits.slice(2)}`;
  if (digits.startsWith(LEBANON) && digits.length >= LEBANON.length + 7) return `https://wa.me/${digits}`;
  return `https://wa.me/${LEBANON}${digits.replace(/^0/, "")}`;
}
