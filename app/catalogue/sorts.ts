/** Spec §4 "Shop list": latest (newest first), name (A-Z), high (price high-low), low. Browser-safe: the sort menu reads it. */
export const PRODUCT_SORTS = ["latest", "name", "high", "low"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export function parseSort(value: string | null): ProductSort {
  return PRODUCT_SORTS.find((sort) => sort === value) ?? "latest";
}
