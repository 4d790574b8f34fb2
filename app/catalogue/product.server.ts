import { and, asc, type Column, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  categories,
  productImages,
  products,
  visibleConditionCounts,
  visibleProductCounts,
} from "../../db/schema/index.ts";
import { GRADES, type Grade, PACKAGINGS, type Packaging } from "~/catalogue/condition.ts";
import { keptPerCatalogueVersion, keptPerCatalogueVersionWith } from "~/platform/db/catalogue-version.server.ts";
import { seededRandom } from "~/utils/seeded-random.ts";
import { type Db, preparedOnce } from "~/platform/db/db.server.ts";
import { imageSources } from "~/platform/files/images.server.ts";
import { shownOldPriceCents, toDollars } from "~/utils/money.ts";
import { oneTypoAway } from "~/utils/typos.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import type { ConditionFacets, ImageSources, ProductCardData, SearchSuggestion } from "~/catalogue/views.ts";
import { inventsOldPrice } from "../settings/shop-settings.server.ts";

/** Spec §4 "Shop list": latest (newest first), name (A-Z), high (price high-low), low. */
export const PRODUCT_SORTS = ["latest", "name", "high", "low"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export function parseSort(value: string | null): ProductSort {
  return PRODUCT_SORTS.find((sort) => sort === value) ?? "latest";
}

type StoredImageRow = {
  productId: number;
  variantPrefix: string;
  variantWidths: number[];
  width: number;
  height: number;
  originalKey: string;
  caption: string;
};

/** What a product card shows; the same card on the home carousels and /shop. */
const cardColumns = {
  id: products.id,
  title: products.title,
  priceCents: products.priceCents,
  oldPriceCents: products.oldPriceCents,
  stock: products.stock,
  sizes: products.sizes,
  packaging: sql<Packaging>`${products.packaging}`,
  grade: sql<Grade>`${products.grade}`,
};

type CardRow = Omit<ProductCardData, "image">;

/** The packaging and grade a listing is narrowed to; an empty list does not narrow. */
export type ConditionFilter = { packaging?: Packaging[]; grade?: Grade[] };

function conditionWhere(filter: ConditionFilter | undefined) {
  return and(
    filter?.packaging?.length ? inArray(products.packaging, filter.packaging) : undefined,
    filter?.grade?.length ? inArray(products.grade, filter.grade) : undefined,
  );
}

const isFiltered = (filter: ConditionFilter | undefined) => Boolean(filter?.packaging?.length || filter?.grade?.length);

const orderings: Record<ProductSort, SQL[]> = {
  latest: [desc(products.createdAt), desc(products.id)],
  name: [sql`${products.title} collate nocase asc`, asc(products.id)],
  high: [desc(products.priceCents), desc(products.id)],
  low: [asc(products.priceCents), asc(products.id)],
};

/** `column in (…)` for a list passed as one JSON array: one prepared statement for any number of values. */
const inJsonList = (column: Column, name: string) =>
  sql`${column} in (select value from json_each(${sql.placeholder(name)}))`;

/** The images of several products, in gallery order: one query, prepared once. */
const imagesOfProducts = preparedOnce((db) =>
  db
    .select({
      productId: productImages.productId,
      variantPrefix: productImages.variantPrefix,
      variantWidths: productImages.variantWidths,
      width: productImages.width,
      height: productImages.height,
      originalKey: productImages.originalKey,
      caption: productImages.caption,
    })
    .from(productImages)
    .where(inJsonList(productImages.productId, "productIds"))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id))
    .prepare(),
);

function imagesOf(db: Db, productIds: number[]): Map<number, StoredImageRow[]> {
  const byProduct = new Map<number, StoredImageRow[]>();
  if (productIds.length === 0) return byProduct;
  for (const row of imagesOfProducts(db).all({ productIds: JSON.stringify(productIds) })) {
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
  const invent = inventsOldPrice(db);
  return rows.map((row) => {
    const first = images.get(row.id)?.[0];
    return {
      ...row,
      oldPriceCents: shownOldPriceCents(row.priceCents, row.oldPriceCents, invent),
      image: first ? imageSources(storage, first) : null,
    };
  });
}

const visible = eq(products.isHidden, false);

export type Listing = { items: ProductCardData[]; total: number };

/**
 * One page of the visible catalogue, optionally within a set of categories and narrowed to some
 * packagings and grades, sorted and paged in SQL. The sort indexes are led by the visibility flag,
 * so a page is an index range scan whatever the size of the catalogue; a condition filter only
 * skips the rows it does not want along that walk (decision 025), and the total is a sum over kept counts.
 */
export function listVisibleProducts(
  db: Db,
  storage: Storage,
  options: { categoryIds?: number[]; condition?: ConditionFilter; sort: ProductSort; limit: number; offset?: number },
): Listing {
  const where = and(
    visible,
    options.categoryIds ? inArray(products.categoryId, options.categoryIds) : undefined,
    conditionWhere(options.condition),
  );
  const rows = db
    .select(cardColumns)
    .from(products)
    .where(where)
    .orderBy(...orderings[options.sort])
    .limit(options.limit)
    .offset(options.offset ?? 0)
    .all();
  const total = isFiltered(options.condition)
    ? countVisibleInCondition(db, options.categoryIds, options.condition)
    : countVisible(db, options.categoryIds);
  return { items: withCardImages(db, storage, rows), total };
}

/** How many visible products there are in some condition (and categories): a sum over the kept per-condition counts. */
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

/** A search's matches counted by packaging and grade (each match's two values read from a narrow index). */
const searchConditionGroups = preparedOnce((db) =>
  db.$client.prepare(
    "select p.packaging as packaging, p.grade as grade, count(*) as n from products_fts f cross join products p indexed by products_condition_lookup_idx on p.id = f.rowid where products_fts match ? group by p.packaging, p.grade",
  ),
);

type ConditionGroup = { packaging: Packaging; grade: Grade; n: number };

/** How many recent searches keep their counts (a number, or a few rows, each). */
const SEARCHES_KEPT = 256;

/**
 * A search's matches by packaging and grade. Counting them reads every match (4 ms for a word that
 * matches 8,000 of 100,000 products), so the counts of the most recent searches are kept until the
 * catalogue changes: a search asked again, as popular ones are, costs a lookup.
 */
const searchGroups = keptPerCatalogueVersion(
  (db, match) => searchConditionGroups(db).all(match) as ConditionGroup[],
  SEARCHES_KEPT,
);

/**
 * The Filters panel's counts: for each packaging, how many products the listing would show with it
 * (the category and the grade filter kept), and the same for each grade. Without a search these are
 * sums over the kept per-condition counts (a few rows); with one, a grouped count of its matches.
 */
export function conditionFacets(
  db: Db,
  options: { categoryIds?: number[]; condition?: ConditionFilter; search?: string },
): ConditionFacets {
  const packagingCounts = new Map<string, number>();
  const gradeCounts = new Map<string, number>();
  const match = options.search ? toFtsQuery(options.search) : null;
  if (options.search && !match) return facetsFrom(packagingCounts, gradeCounts);
  if (match) {
    // One pass over the matches, grouped by both; each list is then narrowed by the other's filter.
    for (const row of searchGroups(db, match)) {
      const { packaging: packagings, grade: grades } = options.condition ?? {};
      if (!grades?.length || grades.includes(row.grade))
        packagingCounts.set(row.packaging, (packagingCounts.get(row.packaging) ?? 0) + row.n);
      if (!packagings?.length || packagings.includes(row.packaging))
        gradeCounts.set(row.grade, (gradeCounts.get(row.grade) ?? 0) + row.n);
    }
    return facetsFrom(packagingCounts, gradeCounts);
  }
  const inCategories = options.categoryIds
    ? inArray(visibleConditionCounts.categoryId, options.categoryIds)
    : undefined;
  const sum = sql<number>`coalesce(sum(${visibleConditionCounts.visible}), 0)`;
  const byPackaging = db
    .select({ value: visibleConditionCounts.packaging, n: sum })
    .from(visibleConditionCounts)
    .where(
      and(
        inCategories,
        options.condition?.grade?.length ? inArray(visibleConditionCounts.grade, options.condition.grade) : undefined,
      ),
    )
    .groupBy(visibleConditionCounts.packaging)
    .all();
  const byGrade = db
    .select({ value: visibleConditionCounts.grade, n: sum })
    .from(visibleConditionCounts)
    .where(
      and(
        inCategories,
        options.condition?.packaging?.length
          ? inArray(visibleConditionCounts.packaging, options.condition.packaging)
          : undefined,
      ),
    )
    .groupBy(visibleConditionCounts.grade)
    .all();
  for (const row of byPackaging) packagingCounts.set(row.value, row.n);
  for (const row of byGrade) gradeCounts.set(row.value, row.n);
  return facetsFrom(packagingCounts, gradeCounts);
}

function facetsFrom(packagingCounts: Map<string, number>, gradeCounts: Map<string, number>): ConditionFacets {
  return {
    packaging: PACKAGINGS.map((value) => ({ value, count: packagingCounts.get(value) ?? 0 })),
    grade: GRADES.map((value) => ({ value, count: gradeCounts.get(value) ?? 0 })),
  };
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

/** The words of what a shopper typed: letters and digits only, so quotes and operators are only text. */
function searchWords(text: string) {
  return text
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]+/gu, " ").trim())
    .filter(Boolean)
    .flatMap((word) => word.split(" "));
}

/**
 * Turns what a shopper typed into an FTS5 query that cannot fail: every word becomes a quoted
 * string (so quotes, operators and SQL characters are only text), all words must match, and the
 * last one matches as a prefix ('blen' finds 'Blender'). Null when nothing searchable is left.
 */
export function toFtsQuery(text: string): string | null {
  const words = searchWords(text);
  return words.length === 0 ? null : ftsQueryOf(words);
}

function ftsQueryOf(words: string[]) {
  return words.map((word, index) => wordQuery(word, index === words.length - 1)).join(" ");
}

function wordQuery(word: string, isPrefix: boolean) {
  return `"${word}"${isPrefix ? "*" : ""}`;
}

/** Words shorter than this are not corrected: one mistake in three letters is another word. */
const MIN_CORRECTED_LENGTH = 4;

/** At most this many spellings stand in for one mistyped word. */
const SPELLINGS_PER_WORD = 3;

/** The two search statements, prepared once per database: a correction runs them hundreds of times. */
const countStatement = preparedOnce((db) =>
  db.$client.prepare("select count(*) from products_fts where products_fts match ?").pluck(),
);
const anyStatement = preparedOnce((db) =>
  db.$client.prepare("select 1 from products_fts where products_fts match ? limit 1").pluck(),
);

/** How many products a search matches: it reads every match, so kept for recent searches like their Filters counts. */
const countMatches = keptPerCatalogueVersion((db, match) => countStatement(db).get(match) as number, SEARCHES_KEPT * 4);

const matchesAny = (db: Db, match: string) => anyStatement(db).get(match) !== undefined;

/**
 * Spellings one typing mistake away from a word that the search index holds, those matching the
 * most products first. Each of the few hundred candidates is one seek in the index's term b-tree
 * (some 15 µs, whatever the catalogue's size), so no separate vocabulary needs keeping in step.
 */
function closeSpellings(db: Db, word: string, isPrefix: boolean): string[] {
  // What the index stores: lower case, accents removed (its unicode61 tokenizer).
  const typed = word.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
  if (Array.from(typed).length < MIN_CORRECTED_LENGTH) return [];
  return [...oneTypoAway(typed, { asPrefix: isPrefix })]
    .filter((spelling) => matchesAny(db, wordQuery(spelling, isPrefix)))
    .map((spelling) => ({ spelling, matches: countMatches(db, wordQuery(spelling, isPrefix)) }))
    .sort((a, b) => b.matches - a.matches)
    .slice(0, SPELLINGS_PER_WORD)
    .map((candidate) => candidate.spelling);
}

/**
 * The FTS5 query for a search that matched nothing as typed: each word that matches nothing on
 * its own is replaced by its close spellings ('mixr' becomes "mixer"); words that match stay as
 * typed. Null when no word could be corrected. A search that matches as typed is never corrected,
 * so exact matches always come first.
 */
function correctedFtsQuery(db: Db, words: string[]): string | null {
  let corrected = false;
  const parts = words.map((word, index) => {
    const isLast = index === words.length - 1;
    const asTyped = wordQuery(word, isLast);
    if (matchesAny(db, asTyped)) return asTyped;
    const spellings = closeSpellings(db, word, isLast);
    if (spellings.length === 0) return asTyped;
    corrected = true;
    return `(${spellings.map((spelling) => wordQuery(spelling, isLast)).join(" OR ")})`;
  });
  // FTS5 needs an explicit AND beside a parenthesised group.
  return corrected ? parts.join(" AND ") : null;
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
 * holds visible products only (migration 0003), so counting needs no join. A search that matches
 * nothing as typed is tried once more with its mistyped words corrected (`correctedFtsQuery`).
 */
export function searchProductIds(
  db: Db,
  text: string,
  options: { sort?: ProductSort; condition?: ConditionFilter; limit: number; offset?: number },
) {
  const words = searchWords(text);
  if (words.length === 0) return { ids: [], total: 0 };
  let match = ftsQueryOf(words);
  let total = countMatches(db, match);
  const corrected = total === 0 ? correctedFtsQuery(db, words) : null;
  if (corrected) {
    match = corrected;
    total = countMatches(db, match);
  }
  if (isFiltered(options.condition)) return searchProductIdsInCondition(db, match, options.condition!, options);
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

/** A search narrowed to some packagings and grades: its matches joined with products, counted and paged in SQL. */
function searchProductIdsInCondition(
  db: Db,
  match: string,
  filter: ConditionFilter,
  options: { sort?: ProductSort; limit: number; offset?: number },
) {
  const clauses: string[] = [];
  const params: string[] = [];
  for (const column of ["packaging", "grade"] as const) {
    const values = filter[column];
    if (!values?.length) continue;
    clauses.push(` and p.${column} in (${values.map(() => "?").join(", ")})`);
    params.push(...values);
  }
  const from = `from products_fts f cross join products p on p.id = f.rowid where products_fts match ?${clauses.join("")}`;
  const total = db.$client
    .prepare(`select count(*) ${from}`)
    .pluck()
    .get(match, ...params) as number;
  const order = options.sort ? rawOrderings[options.sort] : total <= RANKED_MATCHES ? "f.rank, p.id desc" : "p.id desc";
  const ids = db.$client
    .prepare(`select p.id ${from} order by ${order} limit ? offset ?`)
    .pluck()
    .all(match, ...params, options.limit, options.offset ?? 0) as number[];
  return { ids, total };
}

/** Full-text search over title, description, category label and condition notes, as product cards. */
export function searchVisibleProducts(
  db: Db,
  storage: Storage,
  text: string,
  options: { sort?: ProductSort; condition?: ConditionFilter; limit: number; offset?: number },
): Listing {
  const { ids, total } = searchProductIds(db, text, options);
  if (ids.length === 0) return { items: [], total };
  const rows = new Map(
    db
      .select(cardColumns)
      .from(products)
      .where(inArray(products.id, ids))
      .all()
      .map((row) => [row.id, row]),
  );
  return {
    items: withCardImages(
      db,
      storage,
      ids.flatMap((id) => rows.get(id) ?? []),
    ),
    total,
  };
}

// The home carousels' statements, prepared once (db.server.ts): the three carousels run them on every visit.
const someVisibleIn = preparedOnce((db) =>
  db
    .select(cardColumns)
    .from(products)
    .where(and(inJsonList(products.categoryId, "categoryIds"), visible))
    .limit(sql.placeholder("limit"))
    .prepare(),
);
const visibleIdIn = (direction: typeof asc) =>
  preparedOnce((db) =>
    db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.categoryId, sql.placeholder("categoryId")), visible))
      .orderBy(direction(products.id))
      .limit(1)
      .prepare(),
  );
const firstVisibleIdIn = visibleIdIn(asc);
const lastVisibleIdIn = visibleIdIn(desc);
/**
 * For each `[categoryId, fromId]` point of a JSON array, the id of the first visible product in that
 * category from that id on (null past its end): one index seek a point, all of a carousel's in one call.
 */
const firstVisibleIdsFrom = preparedOnce((db) =>
  db.$client
    .prepare(
      `select (select p.id from products p where p.category_id = point.value ->> 0 and p.is_hidden = 0 and p.id >= point.value ->> 1 order by p.id limit 1) from json_each(?) point`,
    )
    .pluck(),
);
const cardsWithIds = preparedOnce((db) =>
  db.select(cardColumns).from(products).where(inJsonList(products.id, "ids")).prepare(),
);

/**
 * What random picks in some categories start from, kept until the catalogue changes (only the
 * picks themselves are drawn per page): any `limit` + 1 of their visible products (no ORDER BY, so
 * SQLite stops there; when that is all there is, they are shown shuffled), and each category's
 * range of visible ids. Keyed by `limit:categoryId,categoryId…`.
 */
const pickingGround = keptPerCatalogueVersion((db, key) => {
  const [limit = "0", list = ""] = key.split(":");
  const categoryIds = list.split(",").map(Number);
  const some = someVisibleIn(db).all({ categoryIds: JSON.stringify(categoryIds), limit: Number(limit) + 1 });
  const ranges = categoryIds.flatMap((categoryId) => {
    const first = firstVisibleIdIn(db).get({ categoryId });
    const last = lastVisibleIdIn(db).get({ categoryId });
    return first && last ? [{ categoryId, first: first.id, span: last.id - first.id + 1 }] : [];
  });
  return { some, ranges, totalSpan: ranges.reduce((sum, range) => sum + range.span, 0) };
}, 64);

/**
 * Up to `limit` visible products picked at random from the given categories, for the home
 * carousels. Each pick jumps to a random id within one category's id range (chosen by the range's
 * width) and takes the next visible product there: a few index seeks, whatever the catalogue's size,
 * where ORDER BY random() or a random OFFSET would read every row.
 */
export function randomVisibleProducts(
  db: Db,
  storage: Storage,
  categoryIds: number[],
  limit: number,
  random = Math.random,
): ProductCardData[] {
  if (categoryIds.length === 0 || limit <= 0) return [];
  const { some, ranges, totalSpan } = pickingGround(db, `${limit}:${categoryIds.join(",")}`);
  if (some.length <= limit) return withCardImages(db, storage, shuffle(some, random));

  // Three times as many points as wanted; the first `limit` distinct products they land on are the picks.
  const points = Array.from({ length: limit * 3 }, () => {
    let point = Math.floor(random() * totalSpan);
    const range = ranges.find((candidate) => (point -= candidate.span) < 0)!;
    return [range.categoryId, range.first + range.span + point];
  });
  const landed = firstVisibleIdsFrom(db).all(JSON.stringify(points)) as (number | null)[];
  const pickedIds = new Set<number>();
  for (const id of landed) if (id !== null && pickedIds.size < limit) pickedIds.add(id);
  const rows = new Map(
    cardsWithIds(db)
      .all({ ids: JSON.stringify([...pickedIds]) })
      .map((row) => [row.id, row]),
  );
  const picked = new Map<number, CardRow>();
  for (const id of pickedIds) if (rows.has(id)) picked.set(id, rows.get(id)!);
  // Gaps in the ids can make picks land on products already taken: fill up from the first rows.
  for (const row of some) if (picked.size < limit && !picked.has(row.id)) picked.set(row.id, row);
  return withCardImages(db, storage, [...picked.values()]);
}

/** How long the home carousels keep their picks, the same for every visitor meanwhile. */
export const CAROUSEL_PICKS_WINDOW_MS = 30_000;

/**
 * A home carousel's picks: random, changing every 30 seconds, and the same for every visitor within
 * that window (what the page cache shows cookieless visitors anyway). Drawn once per window,
 * carousel and catalogue version, so a shopper's home page costs a lookup, not three draws, and is
 * the same page for everyone with the same cart, which the render memo then draws only once
 * (decision 029).
 */
export function carouselPicks(
  db: Db,
  storage: Storage,
  carousel: string,
  categoryIds: number[],
  limit: number,
  now = Date.now(),
): ProductCardData[] {
  const window = Math.floor(now / CAROUSEL_PICKS_WINDOW_MS);
  return keptPicks(db, storage, JSON.stringify([window, carousel, limit, categoryIds]));
}

const keptPicks = keptPerCatalogueVersionWith((db: Db, storage: Storage, key: string) => {
  const [window, carousel, limit, categoryIds] = JSON.parse(key) as [number, string, number, number[]];
  return randomVisibleProducts(db, storage, categoryIds, limit, seededRandom(`${window}:${carousel}`));
}, 64);

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
  packaging: Packaging;
  grade: Grade;
  conditionNotes: string;
  inTheBox: string[];
  categoryId: number;
  createdAt: Date;
  images: (ImageSources & { full: string; caption: string })[];
};

/**
 * A visible product with its gallery; undefined when unknown or hidden (contract: 404). The 512 most
 * recently asked are kept until the catalogue changes (a product page is asked again and again).
 */
export function getVisibleProduct(db: Db, storage: Storage, id: number): ProductDetail | undefined {
  return keptProducts(db, storage, String(id));
}

const keptProducts = keptPerCatalogueVersionWith(
  (db: Db, storage: Storage, id: string) => readVisibleProduct(db, storage, Number(id)),
  512,
);

function readVisibleProduct(db: Db, storage: Storage, id: number): ProductDetail | undefined {
  const row = db
    .select({
      ...cardColumns,
      description: products.description,
      conditionNotes: products.conditionNotes,
      inTheBox: products.inTheBox,
      categoryId: products.categoryId,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(and(eq(products.id, id), visible))
    .get();
  if (!row) return undefined;
  const images = (imagesOf(db, [id]).get(id) ?? []).map((image) => ({
    ...imageSources(storage, image),
    full: largestUrl(storage, image),
    caption: image.caption,
  }));
  return { ...row, oldPriceCents: shownOldPriceCents(row.priceCents, row.oldPriceCents, inventsOldPrice(db)), images };
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
    image: item.image
      ? { src: item.image.srcSet.split(" ")[0]!, width: item.image.width, height: item.image.height }
      : null,
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
  packaging: string;
  grade: string;
  conditionNotes: string;
  inTheBox: string[];
  /** Parallel to image_link; "" for an image without a caption. */
  imageCaptions: string[];
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
  packaging: products.packaging,
  grade: products.grade,
  conditionNotes: products.conditionNotes,
  inTheBox: products.inTheBox,
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
  packaging: string;
  grade: string;
  conditionNotes: string;
  inTheBox: string[];
};

/** Reads products by id (in the given order) in the API's shape; absolute image URLs. */
export function apiProductsByIds(
  db: Db,
  storage: Storage,
  origin: string,
  ids: number[],
  options: { admin?: boolean } = {},
): ApiProduct[] {
  if (ids.length === 0) return [];
  const rows = db
    .select(apiColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, ids))
    .all();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const images = imagesOf(db, ids);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toApiProduct(row, images.get(id) ?? [], storage, origin, options)] : [];
  });
}

export function toApiProduct(
  row: ApiRow,
  images: Pick<StoredImageRow, "variantPrefix" | "variantWidths" | "caption">[],
  storage: Storage,
  origin: string,
  options: { admin?: boolean } = {},
): ApiProduct {
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
    packaging: row.packaging,
    grade: row.grade,
    conditionNotes: row.conditionNotes,
    inTheBox: row.inTheBox,
    imageCaptions: images.map((image) => image.caption),
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
