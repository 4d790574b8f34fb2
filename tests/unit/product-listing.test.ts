import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { descendantIds, findCategory, listCategories } from "~/models/category.server.ts";
import { listVisibleProducts, searchVisibleProducts, toFtsQuery } from "~/models/product.server.ts";
import { LocalDiskStorage } from "~/models/storage.server.ts";
import { seedLargeCatalogue } from "../../bench/seed-catalogue.ts";
import { createTestDb } from "../support/test-db.ts";

describe("toFtsQuery", () => {
  it("quotes every word, matches the last as a prefix, and drops operators", () => {
    expect(toFtsQuery("blen")).toBe('"blen"*');
    expect(toFtsQuery(' kitchen  "blen ')).toBe('"kitchen" "blen"*');
    expect(toFtsQuery("a OR b NEAR(c)")).toBe('"a" "OR" "b" "NEAR" "c"*');
    expect(toFtsQuery("'; drop table --")).toBe('"drop" "table"*');
    expect(toFtsQuery('" * -')).toBeNull();
  });
});

describe("the shop listing at 100,000 products", () => {
  const db = createTestDb();
  const storage = new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "listing-")));
  const figures: string[] = [];
  beforeAll(async () => {
    await seedLargeCatalogue(db, 100_000);
  }, 120_000);
  afterAll(() => {
    console.log(`Model-layer timings at 100,000 products (median of 9):\n${figures.join("\n")}`);
  });

  const median = (run: () => unknown) => {
    run();
    const times = Array.from({ length: 9 }, () => {
      const start = performance.now();
      run();
      return performance.now() - start;
    }).sort((a, b) => a - b);
    return times[4]!;
  };

  it("lists a page of all products, a category page and a search each in under 20 ms", () => {
    const rows = listCategories(db);
    const home = findCategory(rows, "home")!;
    const cases: [string, () => { items: unknown[]; total: number }][] = [
      ["/shop (latest)", () => listVisibleProducts(db, storage, { sort: "latest", limit: 10 })],
      ["/shop (price high-low)", () => listVisibleProducts(db, storage, { sort: "high", limit: 10 })],
      ["/shop?category=home", () => listVisibleProducts(db, storage, { categoryIds: descendantIds(rows, home.id), sort: "latest", limit: 10 })],
      ["/shop?search=blen", () => searchVisibleProducts(db, storage, "blen", { limit: 10 })],
    ];
    for (const [name, run] of cases) {
      const result = run();
      expect(result.items.length, name).toBe(10);
      expect(result.total, name).toBeGreaterThan(1_000);
      const ms = median(run);
      figures.push(`${name.padEnd(24)} ${ms.toFixed(2)} ms`);
      expect(ms, name).toBeLessThan(20);
    }
  });
});
