import { describe, expect, it } from "vitest";
import { FEED_SQL } from "~/catalogue/product-feed.server.ts";
import { seedLargeCatalogue } from "../../bench/seed-catalogue.ts";
import { createTestDb } from "../support/test-db.ts";

/** SQLite's plan for the feed's statement, one line per step. */
function plan(db: ReturnType<typeof createTestDb>) {
  return (db.$client.prepare(`explain query plan ${FEED_SQL}`).all() as { detail: string }[]).map((row) => row.detail);
}

describe("the product feed's statement", () => {
  it("walks the products in id order, with no sort before its first row, with or without the planner's statistics", async () => {
    const db = createTestDb();
    await seedLargeCatalogue(db, 2_000, undefined, { sizedThird: true });
    for (const when of ["before ANALYZE", "after ANALYZE"]) {
      const steps = plan(db);
      // A sort would build every row (descriptions, sizes and images as JSON) before the first
      // one could be sent: time before the first byte and memory that grow with the catalogue.
      expect(
        steps.filter((step) => step.includes("TEMP B-TREE")),
        when,
      ).toEqual([]);
      expect(steps[0], when).toBe("SCAN p");
      db.$client.exec("analyze");
    }
    // And it still lists only the visible ones.
    db.$client.prepare("update products set is_hidden = 1 where id % 2 = 0").run();
    const ids = (db.$client.prepare(FEED_SQL).raw(true).all() as [number][]).map((row) => row[0]);
    expect(ids.length).toBe(1_000);
    expect(ids.every((id) => id % 2 === 1)).toBe(true);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});
