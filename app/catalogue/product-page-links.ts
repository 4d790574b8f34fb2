/** The product page's state, kept in its URL: the chosen size and image (an index here; `?image=` counts from 1). */
export type ProductPageState = { size: string | null; image: number };

/** The product page's URL with one part of its state changed: a real link, so it works without JavaScript. */
export function withParam(current: ProductPageState, change: Partial<ProductPageState>) {
  const next = { ...current, ...change };
  const params = new URLSearchParams();
  if (next.size) params.set("size", next.size);
  if (next.image > 0) params.set("image", String(next.image + 1));
  const query = params.toString();
  return query ? `?${query}` : ".";
}
