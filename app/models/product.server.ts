import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { categories, productImages, products, visibleProductCounts } from "../../db/schema/index.ts";
import type { Db } from "~/lib/db.server.ts";
import { imageSources } from "~/lib/images.server.ts";
import { toDollars } from "~/lib/money.ts";
import type { Storage } from "~/lib/storage.server.ts";
import type { ImageSources, ProductCardData, SearchSuggestion } from "~/lib/views.ts";

/** Spec §4 "Shop list": latest (newest first), name (A-Z), high (price high-low), low. */
export const PRODUCT_SORTS = ["latest", "name", "high", "low"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export function parseSort(value: string | null): ProductSort {
  return PRODUCT_SORTS.find((sort) => sort === value) ?? "latest";
}

type StoredImageRow = { productId: number; variantPrefix: string; variantWidths: number[]; width: number; height: number; originalKey: string };

/** What a product card shows; the same card on the home carousels and /shop. */
const cardColumns = {
  id: products.id,
  title: products.title,
  priceCents: products.priceCents,
  oldPriceCents: products.oldPriceCents,
  stock: products.stock,
  sizes: products.sizes,
};

type CardRow = Omit<ProductCardData, "image">;

const orderings: Record<ProductSort, SQL[]> = {
  latest: [desc(products.createdAt), desc(products.id)],
  name: [sql`${products.title} collate nocase asc`, asc(products.id)],
  high: [desc(products.priceCents), desc(products.id)],
  low: [asc(products.priceCents), asc(products.id)],
};

/** The images of several products, in gallery order, in one query. */
function imagesOf(db: Db, productIds: number[]): Map<number, StoredImageRow[]> {
  const byProduct = new Map<number, StoredImageRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = db
    .select({
      productId: productImages.productId,
      variantPrefix: productImages.variantPrefix,
      variantWidths: productImages.variantWidths,
      width: productImages.width,
      height: productImages.height,
      originalKey: productImages.originalKey,
    })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id))
    .all();
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

function withCardImages(db: Db, storage: Storage, rows: CardRow[]): ProductCardData[] {
  const images = imagesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const first = images.get(row.id)?.[0];
    return { ...row, image: first ? imageSources(storage, first) : null };
  });
}

const visible = eq(products.isHidden, false);

export type Listing = { items: ProductCardData[]; total: number };

/**
 * One page of the visible catalogue, optionally within a set of categories, sorted and paged in
 * SQL. The sort indexes are led by the visibility flag, so a page is an index range scan whatever
 * the size of the catalogue.
 */
export function listVisibleProducts(
  db: Db,
  storage: Storage,
  options: { categoryIds?: number[]; sort: ProductSort; limit: number; offset?: number },
): Listing {
  const where = options.categoryIds ? and(visible, inArray(products.categoryId, options.categoryIds)) : visible;
  const rows = db
    .select(cardColumns)
    .from(products)
    .where(where)
    .orderBy(...orderings[options.sort])
    .limit(options.limit)
    .offset(options.offset ?? 0)
    .all();
  return { items: withCardImages(db, storage, rows), total: countVisible(db, options.categoryIds) };
}

/** How many visible products there are, in all or in some categories: a sum over the kept counts. */
export function countVisible(db: Db, categoryIds?: number[]) {
  const [{ total } = { total: 0 }] = db
    .select({ total: sql<number>`coalesce(sum(${visibleProductCounts.visible}), 0)` })
    .from(visibleProductCounts)
    .where(categoryIds ? inArray(visibleProductCounts.categoryId, categoryIds) : undefined)
    .all();
  return total;
}

/**
 * Turns what a shopper typed into an FTS5 query that cannot fail: every word becomes a quoted
 * string (so quotes, operators and SQL characters are only text), all words must match, and the
 * last one matches as a prefix ('blen' finds 'Blender'). Null when nothing searchable is left.
 */
export function toFtsQuery(text: string): string | null {
  const words = text
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]+/gu, " ").trim())
    .filter(Boolean)
    .flatMap((word) => word.split(" "));
  if (words.length === 0) return null;
  return words.map((word, index) => `"${word}"${index === words.length - 1 ? "*" : ""}`).join(" ");
}

const rawOrderings: Record<ProductSort, string> = {
  latest: "p.created_at desc, p.id desc",
  name: "p.title collate nocase, p.id",
  high: "p.price_cents desc, p.id desc",
  low: "p.price_cents, p.id",
};

/**
 * Up to this many matches are ranked by relevance (bm25 costs a few microseconds a match); a
 * broader search lists its matches newest first, which stays an index walk at any catalogue size.
 */
const RANKED_MATCHES = 500;

/**
 * Ids of one page of visible products matching a search, and how many match. The search index
 * holds visible products only (migration 0003), so counting needs no join.
 */
export function searchProductIds(db: Db, text: string, options: { sort?: ProductSort; limit: number; offset?: number }) {
  const match = toFtsQuery(text);
  if (!match) return { ids: [], total: 0 };
  const total = db.$client.prepare("select count(*) from products_fts where products_fts match ?").pluck().get(match) as number;
  const offset = options.offset ?? 0;
  let query: string;
  if (options.sort) {
    query = `select p.id from products_fts f cross join products p on p.id = f.rowid where products_fts match ? order by ${rawOrderings[options.sort]} limit ? offset ?`;
  } else if (total <= RANKED_MATCHES) {
    query = "select rowid from products_fts where products_fts match ? order by rank, rowid desc limit ? offset ?";
  } else {
    query = "select rowid from products_fts where products_fts match ? order by rowid desc limit ? offset ?";
  }
  const ids = db.$client.prepare(query).pluck().all(match, options.limit, offset) as number[];
  return { ids, total };
}

/** Full-text search over title, description and category label, as product cards. */
export function searchVisibleProducts(
  db: Db,
  storage: Storage,
  text: string,
  options: { sort?: ProductSort; limit: number; offset?: number },
): Listing {
  const { ids, total } = searchProductIds(db, text, options);
  if (ids.length === 0) return { items: [], total };
  const rows = new Map(db.select(cardColumns).from(products).where(inArray(products.id, ids)).all().map((row) => [row.id, row]));
  return { items: withCardImages(db, storage, ids.flatMap((id) => rows.get(id) ?? [])), total };
}

/**
 * Up to `limit` visible products picked at random from the given categories, for the home
 * carousels. Each pick jumps to a random id within one category's id range (chosen by the range's
 * width) and takes the next visible product there: a few index seeks, whatever the catalogue's size,
 * where ORDER BY random() or a random OFFSET would read every row.
 */
export function randomVisibleProducts(db: Db, storage: Storage, categoryIds: number[], limit: number, random = Math.random): ProductCardData[] {
  if (categoryIds.length === 0 || limit <= 0) return [];
  // Any limit + 1 of them (no ORDER BY, so SQLite stops there): when that is all there is, show them all.
  const some = db
    .select(cardColumns)
    .from(products)
    .where(and(inArray(products.categoryId, categoryIds), visible))
    .limit(limit + 1)
    .all();
  if (some.length <= limit) return withCardImages(db, storage, shuffle(some, random));

  const ranges = categoryIds.flatMap((categoryId) => {
    const inCategory = and(eq(products.categoryId, categoryId), visible);
    const first = db.select({ id: products.id }).from(products).where(inCategory).orderBy(asc(products.id)).limit(1).get();
    const last = db.select({ id: products.id }).from(products).where(inCategory).orderBy(desc(products.id)).limit(1).get();
    return first && last ? [{ categoryId, first: first.id, span: last.id - first.id + 1 }] : [];
  });
  const totalSpan = ranges.reduce((sum, range) => sum + range.span, 0);
  const picked = new Map<number, CardRow>();
  for (let attempt = 0; attempt < limit * 3 && picked.size < limit; attempt++) {
    let point = Math.floor(random() * totalSpan);
    const range = ranges.find((candidate) => (point -= candidate.span) < 0)!;
    const row = db
      .select(cardColumns)
      .from(products)
      .where(and(eq(products.categoryId, range.categoryId), visible, sql`${products.id} >= ${range.first + range.span + point}`))
      .orderBy(asc(products.id))
      .limit(1)
      .get();
    if (row) picked.set(row.id, row);
  }
  // Gaps in the ids can make picks land on products already taken: fill up from the first rows.
  for (const row of some) if (picked.size < limit && !picked.has(row.id)) picked.set(row.id, row);
  return withCardImages(db, storage, [...picked.values()]);
}

function shuffle<T>(items: T[], random: () => number) {
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled;
}

export type ProductDetail = {
  id: number;
  title: string;
  description: string;
  priceCents: number;
  oldPriceCents: number | null;
  stock: number;
  sizes: string[];
  categoryId: number;
  createdAt: Date;
  images: (ImageSources & { full: string })[];
};

/** A visible product with its gallery; undefined when unknown or hidden (contract: 404). */
export function getVisibleProduct(db: Db, storage: Storage, id: number): ProductDetail | undefined {
  const row = db
    .select({ ...cardColumns, description: products.description, categoryId: products.categoryId, createdAt: products.createdAt })
    .from(products)
    .where(and(eq(products.id, id), visible))
    .get();
  if (!row) return undefined;
  const images = (imagesOf(db, [id]).get(id) ?? []).map((image) => ({ ...imageSources(storage, image), full: largestUrl(storage, image) }));
  return { ...row, images };
}

function largestUrl(storage: Storage, image: Pick<StoredImageRow, "variantPrefix" | "variantWidths">) {
  return storage.url(`${image.variantPrefix}-${image.variantWidths[image.variantWidths.length - 1]}.webp`);
}

/** Suggestions under the search box: title, price and a small image, nothing more. */
export function suggestProducts(db: Db, storage: Storage, text: string, limit: number): SearchSuggestion[] {
  return searchVisibleProducts(db, storage, text, { limit }).items.map((item) => ({
    id: item.id,
    title: item.title,
    priceCents: item.priceCents,
    image: item.image ? { src: item.image.srcSet.split(" ")[0]!, width: item.image.width, height: item.image.height } : null,
  }));
}

// ---------------------------------------------------------------------------------------------
// The /api/ shape (spec §3 "Product"), shared by the public and the administrator calls.

export type ApiProduct = {
  _id: string;
  Title: string;
  Description: string;
  price: number;
  oldPrice: number | null;
  quantity: number;
  size: string[];
  image_link: string[];
  thumbnail: string | null;
  Category: string;
  createdAt: string;
  isHidden?: boolean;
};

const apiColumns = {
  id: products.id,
  title: products.title,
  description: products.description,
  priceCents: products.priceCents,
  oldPriceCents: products.oldPriceCents,
  stock: products.stock,
  sizes: products.sizes,
  isHidden: products.isHidden,
  createdAt: products.createdAt,
  category: categories.name,
};

type ApiRow = {
  id: number;
  title: string;
  description: string;
  priceCents: number;
  oldPriceCents: number | null;
  stock: number;
  sizes: string[];
  isHidden: boolean;
  createdAt: Date;
  /** The category value, e.g. "Home Appliances". */
  category: string;
};

/** Reads products by id (in the given order) in the API's shape; absolute image URLs. */
export function apiProductsByIds(db: Db, storage: Storage, origin: string, ids: number[], options: { admin?: boolean } = {}): ApiProduct[] {
  if (ids.length === 0) return [];
  const rows = db.select(apiColumns).from(products).innerJoin(categories, eq(categories.id, products.categoryId)).where(inArray(products.id, ids)).all();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const images = imagesOf(db, ids);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toApiProduct(row, images.get(id) ?? [], storage, origin, options)] : [];
  });
}

export function toApiProduct(row: ApiRow, images: Pick<StoredImageRow, "variantPrefix" | "variantWidths">[], storage: Storage, origin: string, options: { admin?: boolean } = {}): ApiProduct {
  const links = images.map((image) => origin + largestUrl(storage, image));
  const first = images[0];
  return {
    _id: String(row.id),
    Title: row.title,
    Description: row.description,
    price: toDollars(row.priceCents),
    oldPrice: row.oldPriceCents === null ? null : toDollars(row.oldPriceCents),
    quantity: row.stock,
    size: row.sizes,
    image_link: links,
    thumbnail: first ? origin + storage.url(`${first.variantPrefix}-${first.variantWidths[0]}.webp`) : null,
    Category: row.category,
    createdAt: row.createdAt.toISOString(),
    ...(options.admin ? { isHidden: row.isHidden } : {}),
  };
}

/** Ids of one page of visible products (optionally within categories), newest first. */
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
