import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** The shop's sorts: latest (newest first), name (A-Z), high (price high-low), low. Browser-safe: the sort menu reads it. */
export const PRODUCT_SORTS = ["latest", "name", "high", "low"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export function parseSort(value: string | null): ProductSort {
  return PRODUCT_SORTS.find((sort) => sort === value) ?? "latest";
}

/** The sort menu's labels, in the page's language (`i18n._(SORT_LABELS.latest)`). */
export const SORT_LABELS: Record<ProductSort, MessageDescriptor> = {
  latest: msg`Latest`,
  name: msg`Name (A-Z)`,
  high: msg`Price (High-Low)`,
  low: msg`Price (Low-High)`,
};
