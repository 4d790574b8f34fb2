/**
 * The catalogue's pages and the query parameters each one reads (decision 047): one table for the
 * address their loaders see, the page cache's and the render memo's keys, and the canonical link.
 *
 * A page's address is its path and the parameters its loaders read, nothing else: server.ts
 * rewrites a catalogue page's URL to it before anything runs (`pageAddress`), so a parameter no
 * page reads (Facebook's `fbclid`, Google's `gclid`, `utm_*`, a crawler's invention) changes
 * nothing, and the caches, keyed by the URL the page was rendered from, hold one copy where a
 * shared link would have made thousands. A parameter missing from this table never reaches a
 * loader, so a page can never be cached under a key that lacks something it read: forgetting one
 * here shows at once as a filter that does nothing, never as a wrong page served from a cache.
 */

type CataloguePage = {
  /** The page, its Arabic twin and their single-fetch `.data` twins for client navigations. */
  path: RegExp;
  /** Every parameter the page's loaders (and the root's) read, in the order the address keeps them. */
  reads: readonly string[];
  /** Those that name a page of its own for search engines; the canonical link keeps only these. */
  canonical: readonly string[];
};

const CATALOGUE_PAGES: Record<"home" | "listing" | "product", CataloguePage> = {
  // `order`: the summary of an order just placed (app/checkout/placed-order.server.ts).
  home: { path: /^\/(?:_root\.data|ar(?:\.data)?)?$/, reads: ["order"], canonical: [] },
  // parseShopQuery (app/catalogue/shop-listing.server.ts).
  listing: {
    path: /^\/(?:ar\/)?shop(?:\.data)?$/,
    reads: ["search", "category", "sort", "show", "packaging", "grade", "stock"],
    canonical: ["category"],
  },
  // The product page's loader: the chosen size and the photo shown.
  product: { path: /^\/(?:ar\/)?shop\/product\/\d+(?:\.data)?$/, reads: ["size", "image"], canonical: [] },
};

/** Remix's own: which routes a `.data` request loads (`_routes`), and the older data requests' `_data`. */
const REMIX_READS = ["_routes", "_data"];

function cataloguePageOf(pathname: string) {
  for (const page of Object.values(CATALOGUE_PAGES)) if (page.path.test(pathname)) return page;
  return undefined;
}

/**
 * `/`, `/shop`, a product page, their Arabic twins (`/ar`, `/ar/shop`, `/ar/shop/product/12`), and
 * their `.data` twins (`/_root.data` is `/`'s, `/ar.data` is `/ar`'s): rendered from the address
 * and their loader data alone, so the page cache caches them for anonymous visitors and the render
 * memo reuses their renders for everyone else.
 */
export function isCataloguePage(pathname: string) {
  return cataloguePageOf(pathname) !== undefined;
}

/**
 * A request target (`/shop?fbclid=x&sort=name`) as its page reads it: for a catalogue page, the
 * path and the parameters it reads, in the table's order (each name's values in the order given),
 * encoded one way; any other target as it is.
 */
export function pageAddress(target: string) {
  const queryAt = target.indexOf("?");
  if (queryAt === -1) return target;
  const pathname = target.slice(0, queryAt);
  const page = cataloguePageOf(pathname);
  if (!page) return target;
  const order = [...page.reads, ...REMIX_READS];
  const kept = [...new URLSearchParams(target.slice(queryAt + 1))]
    .filter(([name]) => order.includes(name))
    // A stable sort: repeated names (packaging, grade) keep their values' order.
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  const query = new URLSearchParams(kept).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The canonical address of a catalogue page: its path and, of `values` (the page's resolved
 * state, e.g. the category it shows), those the table names canonical for it.
 */
export function canonicalAddress(path: string, values: Record<string, string | null | undefined> = {}) {
  const page = cataloguePageOf(path);
  const query = new URLSearchParams();
  for (const name of page?.canonical ?? []) {
    const value = values[name];
    if (value) query.set(name, value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
