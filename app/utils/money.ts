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
 * The old price shown struck through: the stored price new, or (only when the owner turned the
 * spec §9 rule on) 1.2 × price when none is stored; null when there is nothing above the price to show.
 */
export function shownOldPriceCents(
  priceCents: Cents,
  oldPriceCents: Cents | null,
  inventWhenMissing: boolean,
): Cents | null {
  const old = oldPriceCents ?? (inventWhenMissing ? Math.round(priceCents * 1.2) : null);
  return old !== null && old > priceCents ? old : null;
}

/** Spec §9: discount = 100 − round(price / oldPrice × 100). */
export function discountPercent(priceCents: Cents, oldPriceCents: Cents): number {
  if (oldPriceCents <= 0) return 0;
  return 100 - Math.round((priceCents / oldPriceCents) * 100);
}

/** The highest lira rate the owner may set: LBP for one dollar. */
export const MAX_LBP_RATE = 100_000_000;

/**
 * A dollar amount in lira at `lbpRate` (LBP for one dollar), rounded to the nearest 1,000 lira
 * (half up), in integer arithmetic: $59.65 at 89,500 is 5,338,675, so 5,339,000.
 */
export function centsToLbp(cents: Cents, lbpRate: number): number {
  const exact = BigInt(Math.round(cents)) * BigInt(Math.round(lbpRate)); // lira × 100
  return Number(((exact + 50_000n) / 100_000n) * 1_000n);
}

const liraFormatter = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** "LBP 5,339,000": the amount in lira, Western digits, as the shop shows it beside the dollars. */
export function formatLbp(lbp: number): string {
  return `LBP ${liraFormatter.format(lbp)}`;
}

/** `formatLbp(centsToLbp(cents, rate))`, or null when the rate is off. */
export function formatCentsInLbp(cents: Cents, lbpRate: number | null): string | null {
  return lbpRate ? formatLbp(centsToLbp(cents, lbpRate)) : null;
}
