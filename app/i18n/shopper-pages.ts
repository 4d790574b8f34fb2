/**
 * The shopper's pages, by their route files: each also exists in Arabic under `/ar` (routes.ts
 * mounts the same module there a second time), so each declares its twin with hreflang and carries
 * the language switch. The admin, the /api/ calls and the feeds stay English only.
 */
export const SHOPPER_PAGE_FILES = [
  "routes/_index.tsx",
  "routes/shop._index.tsx",
  "routes/shop.product._index.tsx",
  "routes/shop.product.$id.tsx",
  "routes/cart.tsx",
  "routes/checkout.tsx",
  "routes/track._index.tsx",
  "routes/track.$id.tsx",
  "routes/condition-guide.tsx",
  "routes/$.tsx",
] as const;

/** The Arabic twin of a route, by id: `ar/` and the English route's id. */
export const ARABIC_ROUTE_ID_PREFIX = "ar/";

/** The English route ids of the shopper's pages (flat routes name a route by its file, less `.tsx`). */
export const SHOPPER_ROUTE_IDS: ReadonlySet<string> = new Set(
  SHOPPER_PAGE_FILES.map((file) => file.replace(/\.tsx$/, "")),
);
