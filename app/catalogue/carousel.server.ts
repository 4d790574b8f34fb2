import { and, asc, desc, eq, sql } from "drizzle-orm";
import { products } from "../../db/schema/index.ts";
import { cachedPerCatalogueVersion, cachedPerCatalogueVersionWith } from "~/platform/db/catalogue-version.server.ts";
import { type Db, preparedOnce } from "~/platform/db/db.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import { seededRandom } from "~/utils/seeded-random.ts";
import type { ProductCardData } from "~/catalogue/views.ts";
import { cardColumns, type CardRow, inJsonList, visible, withCardImages } from "./product-cards.server.ts";

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
 * What random picks in some categories start from, cached until the catalogue changes (only the
 * picks themselves are made per page): any `limit` + 1 of their visible products (no ORDER BY, so
 * SQLite stops there; when that is all there is, they are shown shuffled), and each category's
 * range of visible ids. Keyed by `limit:categoryId,categoryId…`.
 */
const carouselCandidates = cachedPerCatalogueVersion((db, key) => {
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
  const { some, ranges, totalSpan } = carouselCandidates(db, `${limit}:${categoryIds.join(",")}`);
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

/** How long the home carousels show the same picks, the same for every visitor meanwhile. */
export const CAROUSEL_PICKS_WINDOW_MS = 30_000;

/**
 * A home carousel's picks: random, changing every 30 seconds, and the same for every visitor within
 * that window (what the page cache shows cookieless visitors anyway). Picked once per window,
 * carousel and catalogue version, so a shopper's home page costs a lookup, not three picks, and is
 * the same page for everyone with the same cart, which the render memo then renders only once
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
  return cachedPicks(db, storage, JSON.stringify([window, carousel, limit, categoryIds]));
}

const cachedPicks = cachedPerCatalogueVersionWith((db: Db, storage: Storage, key: string) => {
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
