/**
 * The margin of a sale or a product: what is left of the price once the cost is paid, as a share of
 * the price (0.4 is 40%). Browser-safe: the products table and the Overview show it.
 */
export function marginOf(priceCents: number, costCents: number | null): number | null {
  if (costCents === null || priceCents <= 0) return null;
  return (priceCents - costCents) / priceCents;
}

/** "40%", "-12%": whole percents, as a glance at a table wants them. */
export function formatMargin(margin: number): string {
  return `${Math.round(margin * 100)}%`;
}

/** The products table's orders, by `?sort=`: newest first (no parameter), or by margin either way. */
export const ADMIN_PRODUCT_SORTS = ["newest", "margin-high", "margin-low"] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

export const ADMIN_PRODUCT_SORT_LABELS: Record<AdminProductSort, string> = {
  newest: "Newest",
  "margin-high": "Margin, highest first",
  "margin-low": "Margin, lowest first",
};

export function adminProductSort(value: string | null): AdminProductSort {
  return (ADMIN_PRODUCT_SORTS as readonly (string | null)[]).includes(value) ? (value as AdminProductSort) : "newest";
}
