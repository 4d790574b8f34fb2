/** Money is held as integer cents everywhere but the edges (forms, JSON, display). */
export type Cents = number;

export const DELIVERY_FEE_CENTS: Cents = 400;

export function toCents(dollars: number): Cents {
  return Math.round(dollars * 100);
}

export function toDollars(cents: Cents): number {
  return cents / 100;
}

const formatter = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "$1,234.50" */
export function formatMoney(cents: Cents): string {
  return formatter.format(cents / 100);
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
