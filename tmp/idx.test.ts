import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { it } from "vitest";
import { conditionFacets, listVisibleProducts } from "~/models/product.server.ts";
import { LocalDiskStorage } from "~/lib/storage.server.ts";
import { seedLargeCatalogue } from "../bench/seed-catalogue.ts";
import { createTestDb } from "../tests/support/test-db.ts";

it("idx", async () => {
  const db = createTestDb();
  const storage = new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "listing-")));
  await seedLargeCatalogue(db, 100_000);
  const median = (run: () => unknown) => { run(); const t = Array.from({ length: 15 }, () => { const s = performance.now(); run(); return performance.now() - s; }).sort((a, b) => a - b); return t[7]!.toFixed(3); };
  const condition = { packaging: ["damaged-box" as const], grade: ["very-good" as const] };
  const two = { packaging: ["damaged-box" as const, "no-box" as const], grade: ["very-good" as const] };
  const run = (label: string) => {
    for (const sort of ["latest", "high", "name"] as const) {
      console.log(label, sort, "plain", median(() => listVisibleProducts(db, storage, { sort, limit: 10 })), "one", median(() => listVisibleProducts(db, storage, { sort, condition, limit: 10 })), "two", median(() => listVisibleProducts(db, storage, { sort, condition: two, limit: 10 })));
    }
  };
  run("noidx");
  db.$client.exec("create index t1 on products (is_hidden, packaging, grade, created_at, id)");
  run("idx");
  console.log(db.$client.prepare("explain query plan select id from products where is_hidden=0 and packaging in ('damaged-box','no-box') and grade in ('very-good') order by created_at desc, id desc limit 10").all());
  console.log(db.$client.prepare("explain query plan select id from products where is_hidden=0 and packaging in ('damaged-box') and grade in ('very-good') order by price_cents desc, id desc limit 10").all());
}, 120000);
