/** Arabic-Indic digits ٠-٩ (U+0660…) and Persian digits ۰-۹ (U+06F0…), as phone keyboards in Lebanon type them. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** The text with every Arabic-Indic or Persian digit written as its Western digit ('٠٣١٢' → '0312'); the rest as it was. */
export function westernDigits(text: string): string {
  return text.replace(EASTERN_DIGITS, (digit) => String(digit.codePointAt(0)! & 0xf));
}
