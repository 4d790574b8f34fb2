import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cachedPerCatalogueVersion } from "~/platform/db/catalogue-version.server.ts";
import { getVisibleProduct } from "~/catalogue/product-page.server.ts";
import { parseShopQuery, shopListing } from "~/catalogue/shop-listing.server.ts";
import { products } from "../../db/schema/index.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { createTestDb, createTestStorage } from "../support/test-db.ts";

const query = (search: string) => parseShopQuery(new URLSearchParams(search));

describe("parseShopQuery", () => {
  it("bounds every value and drops what it does not know", () => {
    expect(query("show=37&packaging=no-box&packaging=gift-wrap&grade=like-new&category=%20tools%20")).toEqual({
      search: "",
      category: "tools",
      sort: null,
      shown: 40,
      condition: { packaging: ["no-box"], grade: ["like-new"] },
      inStock: false,
      arabicNames: false,
    });
    expect(query("stock=in").inStock).toBe(true);
    // Sort by name on an Arabic page is by the Arabic titles: a listing of its own.
    expect(parseShopQuery(new URLSearchParams("sort=name"), "ar").arabicNames).toBe(true);
    expect(parseShopQuery(new URLSearchParams("sort=high"), "ar").arabicNames).toBe(false);
    expect(query("sort=name").arabicNames).toBe(false);
    expect(query("stock=yes").inStock).toBe(false);
    expect(query("show=99999").shown).toBe(500);
    // An unknown sort is the default one (so made-up values share one cached listing); an empty one is none.
    expect(query("sort=high").sort).toBe("high");
    expect(query("sort=x1").sort).toBe("latest");
    expect(query("search=kettle&sort=").sort).toBeNull();
    expect(query("show=-3").shown).toBe(10);
    // A search lists the whole catalogue: a category beside it is ignored.
    expect(query(`search=${"k".repeat(150)}&category=tools`)).toMatchObject({ search: "k".repeat(100), category: "" });
  });
});

describe("shopListing", () => {
  const db = createTestDb();
  const { storage } = createTestStorage();

  it("serves a listing asked again from its cache, until the catalogue changes", () => {
    const word = uniqueWord();
    const product = createProduct(db, { title: `${word} Drill`, priceCents: 4_000 });
    const first = shopListing(db, storage, query(`search=${word}`));
    expect(first.items.map((item) => item.priceCents)).toEqual([4_000]);
    // Asked again with the same values (a separate query object): the same listing, not built anew.
    expect(shopListing(db, storage, query(`search=${word}`))).toBe(first);

    db.update(products).set({ priceCents: 3_500 }).where(eq(products.id, product.id)).run();
    const after = shopListing(db, storage, query(`search=${word}`));
    expect(after).not.toBe(first);
    expect(after.items.map((item) => item.priceCents)).toEqual([3_500]);

    createProduct(db, { title: `${word} Saw` });
    expect(shopListing(db, storage, query(`search=${word}`)).total).toBe(2);
  });

  it("caches long listings apart, a few at a time, so they cannot push out the short ones", () => {
    const short = shopListing(db, storage, query("show=40"));
    const long = shopListing(db, storage, query("show=60"));
    expect(shopListing(db, storage, query("show=60"))).toBe(long);
    // Seventeen other long listings: the first is pushed out of its cache (of 16), the short one stays.
    for (let shown = 70; shown <= 230; shown += 10) shopListing(db, storage, query(`show=${shown}`));
    expect(shopListing(db, storage, query("show=60"))).not.toBe(long);
    expect(shopListing(db, storage, query("show=40"))).toBe(short);
  });
});

describe("getVisibleProduct", () => {
  const db = createTestDb();
  const { storage } = createTestStorage();

  it("caches a product page's product until the catalogue changes, and never shows a hidden one", () => {
    const product = createProduct(db, { title: `${uniqueWord()} Kettle`, priceCents: 2_000 });
    const first = getVisibleProduct(db, storage, product.id);
    expect(getVisibleProduct(db, storage, product.id)).toBe(first);

    db.update(products).set({ priceCents: 1_800 }).where(eq(products.id, product.id)).run();
    expect(getVisibleProduct(db, storage, product.id)?.priceCents).toBe(1_800);

    db.update(products).set({ isHidden: true }).where(eq(products.id, product.id)).run();
    expect(getVisibleProduct(db, storage, product.id)).toBeUndefined();
  });
});

describe("cachedPerCatalogueVersion", () => {
  it("caches the most recently asked values up to its limit, and never caches nothing", () => {
    const db = createTestDb({ categories: false });
    const computed: string[] = [];
    const cached = cachedPerCatalogueVersion((_db, key) => {
      computed.push(key);
      return key.startsWith("unknown") ? undefined : { key };
    }, 2);
    const a = cached(db, "a");
    expect(cached(db, "a")).toBe(a);
    cached(db, "unknown-1");
    cached(db, "unknown-1");
    cached(db, "b");
    // Made-up keys were computed each time but took no room: "a" is still cached beside "b".
    expect(cached(db, "a")).toBe(a);
    // "b" is now the least recently asked: "c" pushes it out, so it is computed again.
    cached(db, "c");
    cached(db, "b");
    expect(computed).toEqual(["a", "unknown-1", "unknown-1", "b", "c", "b"]);
  });
});
