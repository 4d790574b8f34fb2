import type Database from "better-sqlite3";
import { inArray } from "drizzle-orm";
import { products } from "../../db/schema/index.ts";
import type { Grade, Packaging } from "~/catalogue/condition.ts";
import { cachedPerCatalogueVersion } from "~/platform/db/catalogue-version.server.ts";
import { type Db, preparedOnce } from "~/platform/db/db.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import { oneTypoAway } from "~/utils/typos.ts";
import { arabicSpellings, foldArabic } from "./arabic-search.ts";
import { type ConditionFilter, isFiltered, type Listing, type ListingOrder } from "./listing.server.ts";
import { cardColumns, withCardImages } from "./product-cards.server.ts";

/** A search's matches counted by packaging and grade (each match's two values read from a narrow index). */
const searchConditionGroups = preparedOnce((db) =>
  db.$client.prepare(
    "select p.packaging as packaging, p.grade as grade, count(*) as n from products_fts f cross join products p indexed by products_condition_lookup_idx on p.id = f.rowid where products_fts match ? group by p.packaging, p.grade",
  ),
);

type ConditionGroup = { packaging: Packaging; grade: Grade; n: number };

/** How many recent searches have their counts cached (a number, or a few rows, each). */
const CACHED_SEARCHES = 256;

/**
 * A search's matches by packaging and grade, for the Filters panel. Counting them reads every match
 * (4 ms for a word that matches 8,000 of 100,000 products), so the counts of the most recent searches
 * are cached until the catalogue changes: a search asked again, as popular ones are, costs a lookup.
 */
export const searchConditionCounts = cachedPerCatalogueVersion(
  (db, match) => searchConditionGroups(db).all(match) as ConditionGroup[],
  CACHED_SEARCHES,
);

/**
 * The words of what a shopper typed: letters and digits only, so quotes and operators are only
 * text; Arabic folded as the index folds it (arabic-search.ts).
 */
function searchWords(text: string) {
  return foldArabic(text)
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
  const parts = words.map((word, index) => wordQuery(word, index === words.length - 1));
  // FTS5 needs an explicit AND beside a parenthesised group (an Arabic word's spellings).
  return parts.join(parts.some((part) => part.startsWith("(")) ? " AND " : " ");
}

/**
 * One word's part of the query: the word as typed, or for an Arabic word any of its spellings with
 * and without the article (`("خلاط" OR "الخلاط" OR …)`), each a term of the index, never a scan.
 */
function wordQuery(word: string, isPrefix: boolean) {
  const spellings = arabicSpellings(word).map((spelling) => `"${spelling}"${isPrefix ? "*" : ""}`);
  return spellings.length === 1 ? spellings[0]! : `(${spellings.join(" OR ")})`;
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

/** How many products a search matches: it reads every match, so cached for recent searches like their Filters counts. */
const countMatches = cachedPerCatalogueVersion(
  (db, match) => countStatement(db).get(match) as number,
  CACHED_SEARCHES * 4,
);

const matchesAny = (db: Db, match: string) => anyStatement(db).get(match) !== undefined;

/**
 * Spellings one typing mistake away from a word that the search index holds, those matching the
 * most products first. Each of the few hundred candidates is one seek in the index's term b-tree
 * (some 15 µs, whatever the catalogue's size), so no separate vocabulary needs updating in step.
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

/** A search's page: its order (else by relevance), its condition filter and 'In stock only', as a listing's. */
type SearchOptions = {
  sort?: ListingOrder;
  condition?: ConditionFilter;
  inStockOnly?: boolean;
  limit: number;
  offset?: number;
};

const rawOrderings: Record<ListingOrder, string> = {
  latest: "p.created_at desc, p.id desc",
  name: "p.title collate nocase, p.id",
  "name-ar": "coalesce(nullif(p.title_ar, ''), p.title) collate nocase, p.id",
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
export function searchProductIds(db: Db, text: string, options: SearchOptions) {
  const words = searchWords(text);
  if (words.length === 0) return { ids: [], total: 0 };
  let match = ftsQueryOf(words);
  let total = countMatches(db, match);
  const corrected = total === 0 ? correctedFtsQuery(db, words) : null;
  if (corrected) {
    match = corrected;
    total = countMatches(db, match);
  }
  if (isFiltered(options.condition) || options.inStockOnly) return searchProductIdsNarrowed(db, match, options);
  const offset = options.offset ?? 0;
  let query: string;
  if (options.sort) {
    query = `select p.id from products_fts f cross join products p on p.id = f.rowid where products_fts match ? order by ${rawOrderings[options.sort]} limit ? offset ?`;
  } else if (total <= RANKED_MATCHES) {
    query = "select rowid from products_fts where products_fts match ? order by rank, rowid desc limit ? offset ?";
  } else {
    query = "select rowid from products_fts where products_fts match ? order by rowid desc limit ? offset ?";
  }
  const ids = preparedPluck(db, query).all(match, options.limit, offset) as number[];
  return { ids, total };
}

/**
 * A search narrowed to some packagings and grades, or to what is in stock: its matches joined with
 * products by rowid (one primary-key lookup a match, never a scan of products), counted and paged in
 * SQL. Each list is one JSON array parameter, so the statement's text depends only on which filters
 * are set and the order, never on how many values they hold.
 */
function searchProductIdsNarrowed(db: Db, match: string, options: SearchOptions) {
  const clauses: string[] = [];
  const params: string[] = [];
  for (const column of ["packaging", "grade"] as const) {
    const values = options.condition?.[column];
    if (!values?.length) continue;
    clauses.push(` and p.${column} in (select value from json_each(?))`);
    params.push(JSON.stringify(values));
  }
  if (options.inStockOnly) clauses.push(" and p.stock > 0");
  const from = `from products_fts f cross join products p on p.id = f.rowid where products_fts match ?${clauses.join("")}`;
  const total = preparedPluck(db, `select count(*) ${from}`).get(match, ...params) as number;
  const order = options.sort ? rawOrderings[options.sort] : total <= RANKED_MATCHES ? "f.rank, p.id desc" : "p.id desc";
  const ids = preparedPluck(db, `select p.id ${from} order by ${order} limit ? offset ?`).all(
    match,
    ...params,
    options.limit,
    options.offset ?? 0,
  ) as number[];
  return { ids, total };
}

type Statement = Database.Statement<unknown[]>;

/**
 * The search's single-column statements, prepared once per connection and cached by their text:
 * compiling one costs more than running it on a small page. Their texts are a few dozen at most
 * (sort or ranking, times which condition filters are set).
 */
const preparedStatements = new WeakMap<Db["$client"], Map<string, Statement>>();

function preparedPluck(db: Db, query: string): Statement {
  let byText = preparedStatements.get(db.$client);
  if (!byText) {
    byText = new Map();
    preparedStatements.set(db.$client, byText);
  }
  let statement = byText.get(query);
  if (!statement) {
    statement = db.$client.prepare(query).pluck();
    byText.set(query, statement);
  }
  return statement;
}

/** Full-text search over title, description, category label, condition notes and the Arabic title and description, as product cards. */
export function searchVisibleProducts(db: Db, storage: Storage, text: string, options: SearchOptions): Listing {
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
