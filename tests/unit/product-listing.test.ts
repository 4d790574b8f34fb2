import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { descendantIds, findCategory, listCategories } from "~/catalogue/category.server.ts";
import { oneTypoAway } from "~/utils/typos.ts";
import { CAROUSEL_PICKS_WINDOW_MS, carouselPicks, randomVisibleProducts } from "~/catalogue/carousel.server.ts";
import { conditionFacets } from "~/catalogue/facets.server.ts";
import { listVisibleProducts } from "~/catalogue/listing.server.ts";
import { searchProductIds, searchVisibleProducts, toFtsQuery } from "~/catalogue/search.server.ts";
import { LocalDiskStorage } from "~/platform/files/storage.server.ts";
import { seedLargeCatalogue } from "../../bench/seed-catalogue.ts";
import { createTestDb } from "../support/test-db.ts";
import { openLargeDatabase } from "../support/large-databases.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { products } from "../../db/schema/index.ts";
import { eq } from "drizzle-orm";
import { cpuMs, medianOfNine } from "../support/timing.ts";

describe("toFtsQuery", () => {
  it("quotes every word, matches the last as a prefix, and drops operators", () => {
    expect(toFtsQuery("blen")).toBe('"blen"*');
    expect(toFtsQuery(' kitchen  "blen ')).toBe('"kitchen" "blen"*');
    expect(toFtsQuery("a OR b NEAR(c)")).toBe('"a" "OR" "b" "NEAR" "c"*');
    expect(toFtsQuery("'; drop table --")).toBe('"drop" "table"*');
    expect(toFtsQuery('" * -')).toBeNull();
  });
});

describe("oneTypoAway", () => {
  it("lists the spellings one dropped, added, wrong or swapped character away", () => {
    const spellings = oneTypoAway("mixr");
    for (const meant of ["mixer", "mix", "mixe", "imxr", "mirx", "nixr"])
      expect(spellings.has(meant), meant).toBe(true);
    expect(spellings.has("mixr")).toBe(false);
    expect(spellings.has("mixxer")).toBe(false);
    expect(oneTypoAway("kettel").has("kettle")).toBe(true);
    expect(oneTypoAway("çafé").has("çafe")).toBe(true);
    // Matched as a beginning, "mixr" → "mix" already covers "mixa", "mixb"…
    expect(oneTypoAway("mixr", { asPrefix: true }).has("mix")).toBe(true);
    expect(oneTypoAway("mixr", { asPrefix: true }).has("mixa")).toBe(false);
  });
});

describe("typo-tolerant search", () => {
  const db = createTestDb();
  const titleOf = (id: number) =>
    db.select({ title: products.title }).from(products).where(eq(products.id, id)).get()!.title;
  const titles = (text: string) => searchProductIds(db, text, { limit: 50 }).ids.map(titleOf);
  beforeAll(async () => {
    await seedLargeCatalogue(db, 120);
    const [standId] = await seedLargeCatalogue(db, 1);
    db.update(products).set({ title: "Mixr Stand", description: "A stand" }).where(eq(products.id, standId!)).run();
  });

  it("finds what a mistyped word meant when nothing matches as typed", () => {
    const kettles = titles("kettel");
    expect(kettles.length).toBe(10);
    expect(kettles.every((title) => title.includes("Kettle"))).toBe(true);
    expect(titles("Blendr").every((title) => title.includes("Blender"))).toBe(true);
    expect(titles("Blendr").length).toBe(10);
    const trimmers = titles("clasic trimer");
    expect(trimmers.length).toBeGreaterThan(0);
    expect(trimmers.every((title) => title.startsWith("Classic Trimmer"))).toBe(true);
    // The last word is still being typed: 'hea' matches as a prefix, only 'portble' is corrected.
    expect(titles("portble hea")[0]).toMatch(/^Portable Heater/);
  });

  it("keeps exact matches first: a word that matches as typed is never corrected", () => {
    // "Mixr Stand" matches 'mixr' as typed, so the Mixers do not come in.
    expect(titles("mixr")).toEqual(["Mixr Stand"]);
    expect(titles("mixer").length).toBe(10);
  });

  it("finds nothing for nonsense or a mistyped short word", () => {
    expect(searchProductIds(db, "zzqxv", { limit: 10 })).toEqual({ ids: [], total: 0 });
    expect(titles("kxz")).toEqual([]);
    expect(titles("qqqqtle")).toEqual([]);
  });

  it("never corrects towards a hidden product", () => {
    const kettleIds = db
      .select({ id: products.id })
      .from(products)
      .all()
      .map((row) => row.id)
      .filter((id) => titleOf(id).includes("Kettle"));
    for (const id of kettleIds) db.update(products).set({ isHidden: true }).where(eq(products.id, id)).run();
    expect(titles("kettel")).toEqual([]);
    for (const id of kettleIds) db.update(products).set({ isHidden: false }).where(eq(products.id, id)).run();
    expect(titles("kettel").length).toBe(10);
  });
});

describe("a search's Filters counts", () => {
  const db = createTestDb();
  const sum = (facets: { count: number }[]) => facets.reduce((total, facet) => total + facet.count, 0);

  it("count every match once by packaging and by grade, each narrowed by the other's filter", async () => {
    await seedLargeCatalogue(db, 60);
    const total = searchProductIds(db, "kettle", { limit: 1 }).total;
    const facets = conditionFacets(db, { search: "kettle" });
    expect(total).toBeGreaterThan(0);
    expect(sum(facets.packaging)).toBe(total);
    expect(sum(facets.grade)).toBe(total);
    const narrowed = conditionFacets(db, { search: "kettle", condition: { grade: ["like-new"] } });
    expect(sum(narrowed.packaging)).toBe(facets.grade.find((facet) => facet.value === "like-new")!.count);
    expect(narrowed.grade).toEqual(facets.grade);
  });

  it("and the total are counted again after the catalogue changes, never served from before it", () => {
    const before = sum(conditionFacets(db, { search: "kettle" }).packaging);
    const { ids, total } = searchProductIds(db, "kettle", { limit: 1 });
    db.update(products).set({ isHidden: true }).where(eq(products.id, ids[0]!)).run();
    expect(sum(conditionFacets(db, { search: "kettle" }).packaging)).toBe(before - 1);
    expect(searchProductIds(db, "kettle", { limit: 1 }).total).toBe(total - 1);
  });
});

describe("the shop listing at 100,000 products", () => {
  // Seeded once (tests/support/large-databases.ts); each file gets its own copy in memory.
  let db: Db;
  const storage = new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "listing-")));
  const figures: string[] = [];
  beforeAll(async () => {
    db = await openLargeDatabase("catalogue");
  }, 300_000);
  afterAll(() => {
    console.log(`Model-layer timings at 100,000 products (median of 9):\n${figures.join("\n")}`);
  });

  it("lists a page of all products, a category page and a search each in under 20 ms", () => {
    const rows = listCategories(db);
    const home = findCategory(rows, "home")!;
    const cases: [string, () => { items: unknown[]; total: number }][] = [
      ["/shop (latest)", () => listVisibleProducts(db, storage, { sort: "latest", limit: 10 })],
      ["/shop (price high-low)", () => listVisibleProducts(db, storage, { sort: "high", limit: 10 })],
      [
        "/shop?category=home",
        () =>
          listVisibleProducts(db, storage, { categoryIds: descendantIds(rows, home.id), sort: "latest", limit: 10 }),
      ],
      ["/shop?search=blen", () => searchVisibleProducts(db, storage, "blen", { limit: 10 })],
      // Mistyped: nothing matches as typed, so each word's one-mistake spellings are looked up.
      ["/shop?search=mixr", () => searchVisibleProducts(db, storage, "mixr", { limit: 10 })],
      ["/shop?search=clasic trimer", () => searchVisibleProducts(db, storage, "clasic trimer", { limit: 10 })],
    ];
    for (const [name, run] of cases) {
      const result = run();
      expect(result.items.length, name).toBe(10);
      expect(result.total, name).toBeGreaterThan(1_000);
      const ms = medianOfNine(run);
      figures.push(`${name.padEnd(30)} ${ms.toFixed(2)} ms (${result.total} matches)`);
      expect(ms, name).toBeLessThan(20);
    }
    const nonsense = () => searchVisibleProducts(db, storage, "zzqxvwy", { limit: 10 });
    expect(nonsense().total).toBe(0);
    const ms = medianOfNine(nonsense);
    figures.push(`${"/shop?search=zzqxvwy".padEnd(30)} ${ms.toFixed(2)} ms (no matches)`);
    expect(ms).toBeLessThan(20);
  });

  it("lists a page filtered by packaging and grade within 1.5 times the unfiltered listing", () => {
    const condition = { packaging: ["damaged-box" as const], grade: ["very-good" as const] };
    const filtered = listVisibleProducts(db, storage, { sort: "latest", condition, limit: 10 });
    expect(filtered.items.length).toBe(10);
    // The seed gives each packaging-and-grade pair a ninth of the catalogue.
    expect(filtered.total).toBe(Math.floor(listVisibleProducts(db, storage, { sort: "latest", limit: 10 }).total / 9));
    for (const item of filtered.items) expect([item.packaging, item.grade]).toEqual(["damaged-box", "very-good"]);
    // Sub-millisecond figures on a shared machine: interleaved so both meet the same noise, and
    // counted only after 100 rounds of each. The filtered call builds a longer statement in
    // JavaScript; with 4 rounds of warm-up it was still being compiled and the ratio swung from
    // 1.3 to 2.4 between runs of the same code (the SQL alone is 0.03 against 0.05 ms).
    const plainTimes: number[] = [];
    const filteredTimes: number[] = [];
    // Each figure is the mean of 5 calls in a row: a single call of 0.2-0.4 ms is close to what a
    // collection or a preemption adds, and one such call swung the ratio past 1.6 once.
    const time = (run: () => unknown) => {
      const start = cpuMs();
      for (let call = 0; call < 5; call++) run();
      return (cpuMs() - start) / 5;
    };
    for (let round = 0; round < 141; round++) {
      const plain = time(() => listVisibleProducts(db, storage, { sort: "latest", limit: 10 }));
      const narrowed = time(() => listVisibleProducts(db, storage, { sort: "latest", condition, limit: 10 }));
      if (round < 100) continue;
      plainTimes.push(plain);
      filteredTimes.push(narrowed);
    }
    const middle = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    const unfiltered = middle(plainTimes);
    const ms = middle(filteredTimes);
    const facets = medianOfNine(() => conditionFacets(db, { condition }));
    figures.push(
      `${"/shop?packaging&grade".padEnd(24)} ${ms.toFixed(2)} ms (unfiltered ${unfiltered.toFixed(2)} ms, counts per value ${facets.toFixed(2)} ms)`,
    );
    expect(ms).toBeLessThan(unfiltered * 1.5);
    expect(facets).toBeLessThan(5);
  });

  it("narrows a search to packagings and grades, whatever the number of values, by sort and by rank", () => {
    const condition = { packaging: ["damaged-box" as const, "no-box" as const], grade: ["good" as const] };
    const matches = db.$client
      .prepare(
        "select p.id, p.price_cents as price from products_fts f cross join products p on p.id = f.rowid where products_fts match '\"kettle\"*' and p.packaging in ('damaged-box', 'no-box') and p.grade = 'good'",
      )
      .all() as { id: number; price: number }[];
    const byPrice = matches.sort((a, b) => a.price - b.price || a.id - b.id).map((row) => row.id);
    const low = searchProductIds(db, "kettle", { sort: "low", condition, limit: 20, offset: 5 });
    expect(low).toEqual({ ids: byPrice.slice(5, 25), total: matches.length });
    // Past the ranked limit, the newest matches first; a second call reuses the prepared statements.
    const newest = matches.map((row) => row.id).sort((a, b) => b - a);
    for (let call = 0; call < 2; call++)
      expect(searchProductIds(db, "kettle", { condition, limit: 20 })).toEqual({
        ids: newest.slice(0, 20),
        total: matches.length,
      });
    // The seed makes every kettle damaged-box: one filter alone, with a value nothing has.
    expect(searchProductIds(db, "kettle", { condition: { packaging: ["open-box"] }, limit: 5 })).toEqual({
      ids: [],
      total: 0,
    });
  });

  it("pages a search for a whole word about as fast as for its first two letters (prefixes up to 8 are indexed)", () => {
    // Both counts are cached after the first call; what is timed is the page of ids itself. Before
    // migration 0016 "kettle"* merged every entry of the 8,333 matches first (about 10 times "ke"*).
    const page = (text: string) => () => searchProductIds(db, text, { limit: 20 });
    expect(page("kettle")().ids.length).toBe(20);
    expect(page("ke")().ids.length).toBe(20);
    const wordTimes: number[] = [];
    const prefixTimes: number[] = [];
    for (let round = 0; round < 141; round++) {
      let start = performance.now();
      page("kettle")();
      const word = performance.now() - start;
      start = performance.now();
      page("ke")();
      const prefix = performance.now() - start;
      if (round < 100) continue;
      wordTimes.push(word);
      prefixTimes.push(prefix);
    }
    const middle = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    figures.push(
      `${"search page 'kettle'".padEnd(30)} ${middle(wordTimes).toFixed(3)} ms ('ke' ${middle(prefixTimes).toFixed(3)} ms)`,
    );
    // Before: 5-7 times; a wide margin, as both are hundredths of a millisecond on a shared machine.
    expect(middle(wordTimes)).toBeLessThan(middle(prefixTimes) * 3);
  });

  it("picks a home carousel's random products by index seeks: distinct, visible, in the category, in under 20 ms", () => {
    const rows = listCategories(db);
    const home = findCategory(rows, "home")!;
    const inHome = new Set(descendantIds(rows, home.id));
    const hiddenId = db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.categoryId, [...inHome].at(-1)!))
      .limit(1)
      .get()!.id;
    db.update(products).set({ isHidden: true }).where(eq(products.id, hiddenId)).run();
    const seen = new Set<number>();
    for (let round = 0; round < 20; round++) {
      const picked = randomVisibleProducts(db, storage, [...inHome], 10);
      expect(new Set(picked.map((product) => product.id)).size).toBe(10);
      for (const product of picked) {
        seen.add(product.id);
        expect(product.id).not.toBe(hiddenId);
      }
    }
    // Random, not the same ten each time.
    expect(seen.size).toBeGreaterThan(100);
    const categoryOf = db.select({ id: products.id, categoryId: products.categoryId }).from(products).all();
    const byId = new Map(categoryOf.map((row) => [row.id, row.categoryId]));
    for (const id of seen) expect(inHome.has(byId.get(id)!)).toBe(true);
    const ms = medianOfNine(() => randomVisibleProducts(db, storage, [...inHome], 10));
    figures.push(`${"home carousel (random)".padEnd(30)} ${ms.toFixed(2)} ms`);
    expect(ms).toBeLessThan(20);
  });

  it("keeps a carousel's picks for 30 seconds, the same for everyone, then picks new ones", () => {
    const rows = listCategories(db);
    const inHome = descendantIds(rows, findCategory(rows, "home")!.id);
    const ids = (now: number, carousel = "HOME APPLIANCES") =>
      carouselPicks(db, storage, carousel, inHome, 10, now).map((product) => product.id);
    const start = Math.ceil(Date.now() / CAROUSEL_PICKS_WINDOW_MS) * CAROUSEL_PICKS_WINDOW_MS;
    const first = ids(start);
    expect(first).toHaveLength(10);
    expect(ids(start + CAROUSEL_PICKS_WINDOW_MS - 1)).toEqual(first);
    expect(ids(start + CAROUSEL_PICKS_WINDOW_MS)).not.toEqual(first);
    expect(ids(start, "ANOTHER CAROUSEL")).not.toEqual(first);
    // A change to the catalogue picks again, from the same seed: a product gone is replaced.
    db.update(products).set({ isHidden: true }).where(eq(products.id, first[0]!)).run();
    try {
      const after = ids(start);
      expect(after).not.toContain(first[0]);
      expect(after).toHaveLength(10);
    } finally {
      db.update(products).set({ isHidden: false }).where(eq(products.id, first[0]!)).run();
    }
  });
});

describe("home carousel picks in a small catalogue", () => {
  it("show every product when there are no more than the carousel holds, and never a hidden one", async () => {
    const db = createTestDb();
    await seedLargeCatalogue(db, 40);
    const rows = listCategories(db);
    const leaf = rows.find((row) => !rows.some((other) => other.parentId === row.id))!;
    const all = db.select({ id: products.id }).from(products).where(eq(products.categoryId, leaf.id)).all();
    expect(all.length).toBeGreaterThan(1);
    db.update(products).set({ isHidden: true }).where(eq(products.id, all[0]!.id)).run();
    const picked = randomVisibleProducts(
      db,
      new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "carousel-"))),
      [leaf.id],
      10,
    );
    expect(picked.map((product) => product.id).sort((a, b) => a - b)).toEqual(all.slice(1).map((row) => row.id));
  });
});
