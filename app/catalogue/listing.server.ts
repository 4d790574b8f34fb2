import { and, asc, desc, gt, inArray, lte, type SQL, sql } from "drizzle-orm";
import { products, visibleConditionCounts, visibleProductCounts } from "../../db/schema/index.ts";
import type { Grade, Packaging } from "~/catalogue/condition.ts";
import type { Db } from "~/platform/db/db.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import type { ProductCardData } from "~/catalogue/views.ts";
import type { ProductSort } from "./sorts.ts";
import { cardColumns, visible, withCardImages } from "./product-cards.server.ts";

/** The packaging and grade a listing is narrowed to; an empty list does not narrow. */
export type ConditionFilter = { packaging?: Packaging[]; grade?: Grade[] };

function conditionWhere(filter: ConditionFilter | undefined) {
  return and(
    filter?.packaging?.length ? inArray(products.packaging, filter.packaging) : undefined,
    filter?.grade?.length ? inArray(products.grade, filter.grade) : undefined,
  );
}

export const isFiltered = (filter: ConditionFilter | undefined) =>
  Boolean(filter?.packaging?.length || filter?.grade?.length);

/** A listing's order: the shop's sorts, and by name on the Arabic pages (the Arabic title where there is one). */
export type ListingOrder = ProductSort | "name-ar";

/** The listing's order for a sort on a page in `locale`. */
export const listingOrder = (sort: ProductSort, locale: "en" | "ar"): ListingOrder =>
  sort === "name" && locale === "ar" ? "name-ar" : sort;

const orderings: Record<ListingOrder, SQL[]> = {
  latest: [desc(products.createdAt), desc(products.id)],
  name: [sql`${products.title} collate nocase asc`, asc(products.id)],
  // The expression of products_visible_title_ar_idx, so this is an index walk too.
  "name-ar": [sql`coalesce(nullif(${products.titleAr}, ''), ${products.title}) collate nocase asc`, asc(products.id)],
  high: [desc(products.priceCents), desc(products.id)],
  low: [asc(products.priceCents), asc(products.id)],
};

export type Listing = { items: ProductCardData[]; total: number };

/**
 * One page of the visible catalogue, optionally within a set of categories and narrowed to some
 * packagings and grades (and to what is in stock), sorted and paged in SQL. The sort indexes are led by the visibility flag,
 * so a page is an index range scan whatever the size of the catalogue; a condition filter only
 * skips the rows it does not want along that walk (decision 025), and the total is a sum over the counts the triggers maintain.
 * Sold-out products come after those in stock: the page is read in stock first, then
 * topped up with sold-out ones in the same order, two walks of the same index instead of a sort.
 */
export function listVisibleProducts(
  db: Db,
  storage: Storage,
  options: {
    categoryIds?: number[];
    condition?: ConditionFilter;
    inStockOnly?: boolean;
    sort: ListingOrder;
    limit: number;
  },
): Listing {
  const where = and(
    visible,
    options.categoryIds ? inArray(products.categoryId, options.categoryIds) : undefined,
    conditionWhere(options.condition),
  );
  const page = (stock: SQL, limit: number) =>
    db
      .select(cardColumns)
      .from(products)
      .where(and(where, stock))
      .orderBy(...orderings[options.sort])
      .limit(limit)
      .all();
  const rows = page(gt(products.stock, 0), options.limit);
  if (!options.inStockOnly && rows.length < options.limit)
    rows.push(...page(lte(products.stock, 0), options.limit - rows.length));
  const total = options.inStockOnly
    ? countInStock(db, where)
    : isFiltered(options.condition)
      ? countVisibleInCondition(db, options.categoryIds, options.condition)
      : countVisible(db, options.categoryIds);
  return { items: withCardImages(db, storage, rows), total };
}

/** The trigger-kept counts do not know the stock: 'In stock only' counts its rows (a narrowed listing, so fewer). */
function countInStock(db: Db, where: SQL | undefined) {
  const [{ total } = { total: 0 }] = db
    .select({ total: sql<number>`count(*)` })
    .from(products)
    .where(and(where, gt(products.stock, 0)))
    .all();
  return total;
}

/** How many visible products there are in some condition (and categories): a sum over the per-condition counts the triggers maintain. */
function countVisibleInCondition(db: Db, categoryIds: number[] | undefined, filter: ConditionFilter | undefined) {
  const [{ total } = { total: 0 }] = db
    .select({ total: sql<number>`coalesce(sum(${visibleConditionCounts.visible}), 0)` })
    .from(visibleConditionCounts)
    .where(
      and(
        categoryIds ? inArray(visibleConditionCounts.categoryId, categoryIds) : undefined,
        filter?.packaging?.length ? inArray(visibleConditionCounts.packaging, filter.packaging) : undefined,
        filter?.grade?.length ? inArray(visibleConditionCounts.grade, filter.grade) : undefined,
      ),
    )
    .all();
  return total;
}

/** How many visible products there are, in all or in some categories: a sum over the counts the triggers maintain. */
export function countVisible(db: Db, categoryIds?: number[]) {
  const [{ total } = { total: 0 }] = db
    .select({ total: sql<number>`coalesce(sum(${visibleProductCounts.visible}), 0)` })
    .from(visibleProductCounts)
    .where(categoryIds ? inArray(visibleProductCounts.categoryId, categoryIds) : undefined)
    .all();
  return total;
}

/** Ids of one page of visible products (optionally within categories), newest first: the API's listings and the sitemap. */
export function visibleProductIds(db: Db, options: { categoryIds?: number[]; limit: number; offset: number }) {
  const where = options.categoryIds ? and(visible, inArray(products.categoryId, options.categoryIds)) : visible;
  const ids = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...orderings.latest)
    .limit(options.limit)
    .offset(options.offset)
    .all()
    .map((row) => row.id);
  return { ids, total: countVisible(db, options.categoryIds) };
}
