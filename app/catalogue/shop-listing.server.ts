import { cachedPerCatalogueVersionWith } from "~/platform/db/catalogue-version.server.ts";
import { GRADES, knownValues, PACKAGINGS } from "~/catalogue/condition.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { MAX_SHOWN, PAGE_SIZE } from "~/catalogue/options.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import { ancestorsOf, descendantIds, findCategory, listCategories } from "./category.server.ts";
import { conditionFacets } from "./facets.server.ts";
import { type ConditionFilter, type Listing, listingOrder, listVisibleProducts } from "./listing.server.ts";
import type { Locale } from "~/i18n/locale.ts";
import { searchVisibleProducts } from "./search.server.ts";
import { parseSort, type ProductSort } from "./sorts.ts";

/** What the shop page was asked for, read from its URL: every value bounded, unknown ones dropped. */
export type ShopQuery = {
  search: string;
  category: string;
  /** Null: none asked (a search's best match, else the latest first). */
  sort: ProductSort | null;
  shown: number;
  condition: Required<ConditionFilter>;
  /** `stock=in`: only what can be ordered now. */
  inStock: boolean;
  /** Sorted by name on an Arabic page: by the Arabic titles (a listing of its own, cached apart). */
  arabicNames: boolean;
};

/** `show` is how many products are shown: 10, then 10 more per Show More. */
function parseShown(value: string | null) {
  const wanted = Number.parseInt(value ?? "", 10);
  if (!Number.isFinite(wanted) || wanted < PAGE_SIZE) return PAGE_SIZE;
  return Math.min(Math.ceil(wanted / PAGE_SIZE) * PAGE_SIZE, MAX_SHOWN);
}

export function parseShopQuery(params: URLSearchParams, locale: Locale = "en"): ShopQuery {
  const search = (params.get("search") ?? "").trim().slice(0, 100);
  const sort = params.get("sort");
  return {
    search,
    // A search lists matches from the whole catalogue: a category beside it is ignored.
    category: search ? "" : (params.get("category") ?? "").trim().slice(0, 100),
    // An unknown sort is the default one, so made-up values all ask for the same cached listing.
    sort: sort ? parseSort(sort) : null,
    shown: parseShown(params.get("show")),
    // Unknown values are ignored, never an error.
    condition: {
      packaging: knownValues(PACKAGINGS, params.getAll("packaging")),
      grade: knownValues(GRADES, params.getAll("grade")),
    },
    inStock: params.get("stock") === "in",
    arabicNames: locale === "ar" && sort !== null && parseSort(sort) === "name",
  };
}

function computeShopListing(db: Db, storage: Storage, query: ShopQuery) {
  const { search, condition, shown } = query;
  const rows = listCategories(db);
  const category = query.category ? findCategory(rows, query.category) : undefined;
  const unknownCategory = query.category && !category ? query.category : null;
  const trail = category ? ancestorsOf(rows, category.id) : [];
  const categoryIds = category ? descendantIds(rows, category.id) : undefined;

  let listing: Listing;
  if (search) {
    listing = searchVisibleProducts(db, storage, search, {
      sort: query.sort ? listingOrder(query.sort, query.arabicNames ? "ar" : "en") : undefined,
      condition,
      inStockOnly: query.inStock,
      limit: shown,
    });
  } else if (unknownCategory) {
    listing = { items: [], total: 0 };
  } else {
    listing = listVisibleProducts(db, storage, {
      categoryIds,
      condition,
      inStockOnly: query.inStock,
      sort: listingOrder(query.sort ?? "latest", query.arabicNames ? "ar" : "en"),
      limit: shown,
    });
  }
  const facets = unknownCategory
    ? conditionFacets(db, { categoryIds: [] })
    : conditionFacets(db, { categoryIds, condition, search });

  // The category tree is the root loader's (the header renders it too): sent to the browser once.
  return {
    search,
    category: category ? { id: category.id, label: category.label, slug: category.slug } : null,
    unknownCategory,
    trail: trail.map((row) => ({ label: row.label, slug: row.slug })),
    openIds: trail.map((row) => row.id),
    sort: query.sort ?? (search ? null : ("latest" as ProductSort)),
    shown,
    condition,
    inStock: query.inStock,
    facets,
    items: listing.items,
    total: listing.total,
  };
}

export type ShopListing = ReturnType<typeof computeShopListing>;

/** How many short listings are cached, and up to how many products a listing may show to count as short. */
const CACHED_LISTINGS = 256;
const LARGEST_SHORT = 4 * PAGE_SIZE;
/**
 * Long listings (Show More past 40, up to MAX_SHOWN cards) have a smaller cache of their own, so
 * memory stays bounded (16 of 500 cards are a few megabytes) while the few long pages shoppers
 * actually reach, `/shop?show=100` and the like, are built once per catalogue version too.
 */
const CACHED_LONG_LISTINGS = 16;

const computeFromKey = (db: Db, storage: Storage, key: string) =>
  computeShopListing(db, storage, JSON.parse(key) as ShopQuery);
const cachedListings = cachedPerCatalogueVersionWith(computeFromKey, CACHED_LISTINGS);
const cachedLongListings = cachedPerCatalogueVersionWith(computeFromKey, CACHED_LONG_LISTINGS);

/**
 * The shop page's listing: its products, total, Filters counts and the category it is in. A
 * listing asked again (the first pages of the catalogue and its categories, popular searches,
 * a long page) costs a lookup until the next catalogue change (a product saved, an order placed):
 * its queries, the card images and the counts are built once per catalogue version, not once per
 * shopper, so its cost does not follow the catalogue's size.
 */
export function shopListing(db: Db, storage: Storage, query: ShopQuery): ShopListing {
  // Everything on a listing (cards, prices, stock, counts) is the catalogue's; nothing is the shopper's.
  const cached = query.shown > LARGEST_SHORT ? cachedLongListings : cachedListings;
  return cached(db, storage, JSON.stringify(query));
}
