/** Money is held as integer cents everywhere but the edges (forms, JSON, display). */
export type Cents = number;

export const DELIVERY_FEE_CENTS: Cents = 400;

export function toCents(dollars: number): Cents {
  return Math.round(dollars * 100);
}

export function toDollars(cents: Cents): number {
  return cents / 100;
}

/**
 * "1,234,567": a whole number's digits in groups of three, as en-US writes them. By hand, not with
 * `Intl.NumberFormat`: building a formatter loads the locale's data, and one built when the module
 * is loaded cost about 15 ms of the phone's main thread at every page's start (Chromium, measured),
 * inside the task that runs the page's scripts. Both give the same strings (tests/unit/money-format.test.ts).
 */
export function groupThousands(whole: number | string): string {
  const digits = String(whole);
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let index = grouped.length; index < digits.length; index += 3) grouped += `,${digits.slice(index, index + 3)}`;
  return grouped;
}

/** The minus sign en-US writes: before any amount below zero, even one that rounds to 0 ("-$0.00"). */
export const minusOf = (amount: number) => (amount < 0 || Object.is(amount, -0) ? "-" : "");

/** "$1,234.50"; "-$4.00" below zero (en-US's currency format; a part of a cent rounded half away from zero, as Intl does). */
export function formatMoney(cents: Cents): string {
  const rounded = Math.round(Math.abs(cents));
  return `${minusOf(cents)}$${groupThousands(Math.floor(rounded / 100))}.${String(rounded % 100).padStart(2, "0")}`;
}

/**
 * The old price shown struck through: the stored price new, or (only when the owner turned
 * Settings, Pricing on) 1.2 × price when none is stored; null when there is nothing above the price to show.
 */
export function shownOldPriceCents(
  priceCents: Cents,
  oldPriceCents: Cents | null,
  inventWhenMissing: boolean,
): Cents | null {
  const old = oldPriceCents ?? (inventWhenMissing ? Math.round(priceCents * 1.2) : null);
  return old !== null && old > priceCents ? old : null;
}

/** The '-N%' badge: discount = 100 − round(price / oldPrice × 100). */
export function discountPercent(priceCents: Cents, oldPriceCents: Cents): number {
  if (oldPriceCents <= 0) return 0;
  return 100 - Math.round((priceCents / oldPriceCents) * 100);
}
