import type { StockBySize } from "./views.ts";

/**
 * Reading stock kept per size (`{ S: 0, M: 2, L: 1 }`; null when the sizes share the product's one
 * stock). Browser-safe: the product page, the admin forms
 * and the table use it.
 */

/** Anything that carries a product's stock; `stockBySize` absent or null means one shared stock. */
type StockHolder = { stock: number; stockBySize?: StockBySize | null };

/** What a size has left: its own count where the product keeps one per size, else the shared stock. */
export function stockOfSize(product: StockHolder, size: string | null) {
  if (!product.stockBySize || size === null) return product.stock;
  return product.stockBySize[size] ?? 0;
}

/** The sizes with none left of their own; none on shared stock (there the whole product runs out). */
export function sizesWithNoneLeft(product: StockHolder & { sizes: string[] }) {
  const bySize = product.stockBySize;
  return bySize ? product.sizes.filter((size) => (bySize[size] ?? 0) <= 0) : [];
}

/** 'S 0 · M 2 · L 1', in the product's size order; a line breaks only between sizes. */
export function describeStockBySize(sizes: string[], stockBySize: Record<string, number>) {
  return sizes.map((size) => `${size}\u00a0${stockBySize[size] ?? 0}`).join(" · ");
}
