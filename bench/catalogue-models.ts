// `node --import tsx bench/catalogue-models.ts`: the model functions behind `/shop?sort=low&show=100`,
// a product page and `/api/product/search`, timed directly at 1,000 and 100,000 products (median of
// many calls), with each query's plan. The catalogue's cost per page should not grow with its size.
// A third of the products come in sizes with stock per size (BENCH_SIZED=0: none).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateDatabase, openDatabase, type Db } from "../app/platform/db/db.server.ts";
import { LocalDiskStorage, type Storage } from "../app/platform/files/storage.server.ts";
import { seedCategories } from "../app/seed/seed.server.ts";
import { seedLargeCatalogue } from "./seed-catalogue.ts";
import { apiProductsByIds } from "../app/catalogue/api-shape.server.ts";
import { conditionFacets } from "../app/catalogue/facets.server.ts";
import { countVisible, listVisibleProducts } from "../app/catalogue/listing.server.ts";
import { searchProductIds } from "../app/catalogue/search.server.ts";
import { parseShopQuery, shopListing } from "../app/catalogue/shop-listing.server.ts";
import { getVisibleProduct } from "../app/catalogue/product-page.server.ts";

const SIZES = (process.env.BENCH_SIZES ?? "1000,100000").split(",").map(Number);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);

function median(fn: () => unknown) {
  for (let i = 0; i < 10; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Each call asks another product (one of `ids`, in turn), so the product page's cache of 512 always misses. */
function eachInTurn(ids: number[], read: (id: number) => unknown) {
  let next = 0;
  return () => read(ids[next++ % ids.length]!);
}

function cases(db: Db, storage: Storage, ids: number[]): [string, () => unknown][] {
  const shopQuery = parseShopQuery(new URLSearchParams("sort=low&show=100"));
  const searchIds = searchProductIds(db, "kettle", { limit: 20, offset: 0 }).ids;
  const pick = (remainder: number) => ids.filter((_, index) => index % 3 === remainder).slice(0, 5_000);
  return [
    ["getVisibleProduct(sized)", eachInTurn(pick(1), (id) => getVisibleProduct(db, storage, id))],
    ["getVisibleProduct(unsized)", eachInTurn(pick(2), (id) => getVisibleProduct(db, storage, id))],
    ["shopListing(sort=low, show=100)", () => shopListing(db, storage, shopQuery)],
    ["listVisibleProducts(low, 100)", () => listVisibleProducts(db, storage, { sort: "low", limit: 100 })],
    ["conditionFacets({})", () => conditionFacets(db, { condition: { packaging: [], grade: [] } })],
    ["countVisible()", () => countVisible(db)],
    ["searchProductIds(kettle, 20)", () => searchProductIds(db, "kettle", { limit: 20, offset: 0 })],
    ["apiProductsByIds(20 search ids)", () => apiProductsByIds(db, storage, "http://x", searchIds)],
  ];
}

const results = new Map<string, number[]>();
for (const size of SIZES) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-models-"));
  const db = openDatabase(path.join(dir, "shop.db"));
  migrateDatabase(db);
  seedCategories(db);
  const storage = new LocalDiskStorage(path.join(dir, "uploads"));
  const ids = await seedLargeCatalogue(db, size, storage, { sizedThird: process.env.BENCH_SIZED !== "0" });
  db.$client.pragma("optimize");
  for (const [name, fn] of cases(db, storage, ids)) {
    const list = results.get(name) ?? [];
    list.push(median(fn));
    results.set(name, list);
  }
  if (process.env.BENCH_PLANS) {
    const plan = (query: string, ...params: unknown[]) =>
      console.log(
        query,
        "\n ",
        db.$client
          .prepare(`explain query plan ${query}`)
          .all(...params)
          .map((row) => (row as { detail: string }).detail)
          .join("\n  "),
      );
    plan("select id from products where is_hidden = 0 order by price_cents, id limit 100");
    plan(
      "select product_id from product_images where product_id in (select value from json_each(?)) order by product_id, position, id",
      "[1,2,3]",
    );
  }
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(`median of ${CALLS} calls, ms`);
console.log(["function", ...SIZES.map(String), "ratio"].join("\t"));
for (const [name, times] of results)
  console.log(
    [name, ...times.map((t) => t.toFixed(3)), (times[times.length - 1]! / times[0]!).toFixed(2) + "x"].join("\t"),
  );
