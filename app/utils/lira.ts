import { type Cents, groupThousands, minusOf } from "./money.ts";

// The lira beside the dollar, apart from money.ts so that pages which never show lira do not load it.

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

/** "LBP 5,339,000": the amount in lira, Western digits, as the shop shows it beside the dollars. */
export function formatLbp(lbp: number): string {
  return `LBP ${minusOf(lbp)}${groupThousands(Math.round(Math.abs(lbp)))}`;
}

/** `formatLbp(centsToLbp(cents, rate))`, or null when the rate is off. */
export function formatCentsInLbp(cents: Cents, lbpRate: number | null): string | null {
  return lbpRate ? formatLbp(centsToLbp(cents, lbpRate)) : null;
}
