import { describe, expect, it } from "vitest";
import { searchProductIds } from "~/catalogue/search.server.ts";
import { parseShopQuery, shopListing } from "~/catalogue/shop-listing.server.ts";
import { cardColumns, withCardImages } from "~/catalogue/product-cards.server.ts";
import { inArray } from "drizzle-orm";
import { products } from "../../db/schema/index.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { createTestDb, createTestStorage } from "../support/test-db.ts";

describe("'In stock only' on a search", () => {
  const db = createTestDb();
  const { storage } = createTestStorage();
  const word = uniqueWord("Lamp");
  const desk = createProduct(db, { title: `${word} Desk Lamp`, priceCents: 3_000, stock: 2 });
  const floor = createProduct(db, { title: `${word} Floor Lamp`, priceCents: 2_000, stock: 0 });
  const wall = createProduct(db, { title: `${word} Wall Lamp`, priceCents: 1_000, stock: 1 });

  it("lists and counts only the matches in stock, in any order and with the condition filter", () => {
    expect(searchProductIds(db, word, { limit: 10 }).total).toBe(3);
    const inStock = searchProductIds(db, word, { limit: 10, inStockOnly: true });
    expect(inStock.total).toBe(2);
    expect(inStock.ids.sort()).toEqual([desk.id, wall.id].sort());
    expect(searchProductIds(db, word, { limit: 10, inStockOnly: true, sort: "low" }).ids).toEqual([wall.id, desk.id]);
    const narrowed = searchProductIds(db, word, {
      limit: 1,
      offset: 1,
      inStockOnly: true,
      sort: "high",
      condition: { packaging: ["open-box", "damaged-box", "no-box"] },
    });
    expect(narrowed).toEqual({ ids: [wall.id], total: 2 });
  });

  it("is the shop page's `stock=in` beside a search", () => {
    const listing = shopListing(db, storage, parseShopQuery(new URLSearchParams(`search=${word}&stock=in`)));
    expect(listing.inStock).toBe(true);
    expect(listing.total).toBe(2);
    expect(listing.items.map((item) => item.id)).not.toContain(floor.id);
  });
});

describe("'In stock only' on a search, as SQLite runs it", () => {
  // A database of its own: the search's statements are prepared once per connection, here by this test.
  const db = createTestDb();
  const word = uniqueWord("Lamp");
  createProduct(db, { title: `${word} Desk Lamp`, stock: 2 });

  it("reads each match's row by its primary key, never scanning the products", () => {
    // The statements the search prepares, read back through EXPLAIN QUERY PLAN.
    const prepared: string[] = [];
    const prepare = db.$client.prepare.bind(db.$client);
    db.$client.prepare = ((source: string) => {
      prepared.push(source);
      return prepare(source);
    }) as typeof db.$client.prepare;
    try {
      searchProductIds(db, `${word} desk`, { limit: 10, inStockOnly: true });
    } finally {
      db.$client.prepare = prepare;
    }
    const joins = prepared.filter((source) => source.includes("join products p"));
    expect(joins.length).toBeGreaterThan(0);
    for (const source of joins) {
      const plan = (
        db.$client.prepare(`explain query plan ${source}`).all(...placeholders(source)) as { detail: string }[]
      )
        .map((row) => row.detail)
        .join("\n");
      expect(plan).toMatch(/VIRTUAL TABLE INDEX/);
      expect(plan).toMatch(/SEARCH p USING INTEGER PRIMARY KEY/);
      expect(plan).not.toMatch(/SCAN p\b/);
    }
  });
});

/** Values for a statement's `?`s: the FTS match first, then the page's limit and offset. */
function placeholders(source: string) {
  const count = source.split("?").length - 1;
  return ['"lamp"', 10, 0].slice(0, count);
}

describe("a card's sold-out sizes", () => {
  const db = createTestDb();
  const { storage } = createTestStorage();

  it("are named for a product in stock that keeps stock per size, and left out otherwise", () => {
    const word = uniqueWord("Tee");
    const sized = createProduct(db, { title: `${word} Tee`, stockBySize: { S: 0, M: 2, L: 0 } });
    const allGone = createProduct(db, { title: `${word} Polo`, stockBySize: { S: 0, M: 0 } });
    const shared = createProduct(db, { title: `${word} Cap`, sizes: ["S", "M"], stock: 3 });
    const rows = db
      .select(cardColumns)
      .from(products)
      .where(inArray(products.id, [sized.id, allGone.id, shared.id]))
      .all();
    const cards = new Map(withCardImages(db, storage, rows).map((card) => [card.id, card]));
    expect(cards.get(sized.id)?.soldOutSizes).toEqual(["S", "L"]);
    // A product sold out altogether is greyed as a whole; one on shared stock has no size of its own to run out.
    expect(cards.get(allGone.id)).not.toHaveProperty("soldOutSizes");
    expect(cards.get(shared.id)).not.toHaveProperty("soldOutSizes");
  });
});
