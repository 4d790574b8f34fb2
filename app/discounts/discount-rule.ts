import type { Cents } from "~/utils/money.ts";

/** What a code takes off: a percentage or a fixed amount (one of the two). Browser-safe. */
export type DiscountTerms = { percent: number | null; amountCents: Cents | null };

/** 3 to 32 letters, digits or dashes. */
export const CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;

/** Codes compare without case: each is kept and looked up upper-case. */
export function canonicalCode(code: string) {
  return code.trim().toUpperCase();
}

/**
 * The amount a code takes off a subtotal, in cents: a percentage rounded to the cent, or the fixed
 * amount; never more than the subtotal, so a code cannot bring a total below the delivery fee.
 */
export function discountOffCents(terms: DiscountTerms, subtotalCents: Cents): Cents {
  const off = terms.percent !== null ? Math.round((subtotalCents * terms.percent) / 100) : (terms.amountCents ?? 0);
  return Math.max(0, Math.min(off, subtotalCents));
}

/** "$50" for whole dollars, "$49.99" otherwise: the minimum as the refusal names it. */
export function formatMinimum(cents: Cents) {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}
