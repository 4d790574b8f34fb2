import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../db/schema/index.ts";
import { arabicSpellings, foldArabic } from "~/catalogue/arabic-search.ts";
import { searchProductIds, toFtsQuery } from "~/catalogue/search.server.ts";
import { listingOrder, listVisibleProducts } from "~/catalogue/listing.server.ts";
import { LocalDiskStorage } from "~/platform/files/storage.server.ts";
import { createProduct } from "../support/db-factories.ts";
import { createTestDb } from "../support/test-db.ts";

describe("Arabic search forgives the article and how phones spell", () => {
  const db = createTestDb();
  const blender = createProduct(db, { title: "Blender Pro", titleAr: "الخلاط الأصلية" }).id;
  const mixer = createProduct(db, { title: "Hand Mixer", titleAr: "خلاط يدوي" }).id;
  const shelf = createProduct(db, { title: "Bookshelf", titleAr: "مكتبة خشب" }).id;
  const cot = createProduct(db, { title: "Cot", titleAr: "سرير مستشفى" }).id;
  const found = (text: string) => searchProductIds(db, text, { limit: 50 }).ids.sort();

  it("'خلاط' finds 'الخلاط' and 'الخلاط' finds 'خلاط', with the letters joined before it too", () => {
    expect(found("خلاط")).toEqual([blender, mixer].sort());
    expect(found("الخلاط")).toEqual([blender, mixer].sort());
    expect(found("والخلاط")).toEqual([blender, mixer].sort());
    expect(found("خلا")).toEqual([blender, mixer].sort());
  });

  it("أ/إ/آ typed as ا, ة as ه, ى as ي, both ways", () => {
    expect(found("الاصلية")).toEqual([blender]);
    expect(found("اصليه")).toEqual([blender]);
    expect(found("مكتبه")).toEqual([shelf]);
    expect(found("مكتبة")).toEqual([shelf]);
    expect(found("مستشفي")).toEqual([cot]);
    expect(found("خلاط يدوى")).toEqual([mixer]);
  });

  it("keeps the index folded as products change, and English queries as they were", () => {
    db.update(products).set({ titleAr: "رفّ أدوات" }).where(eq(products.id, shelf)).run();
    expect(found("ادوات")).toEqual([shelf]);
    expect(found("مكتبه")).toEqual([]);
    expect(toFtsQuery("blen")).toBe('"blen"*');
    expect(toFtsQuery("kitchen blen")).toBe('"kitchen" "blen"*');
    expect(found("blender")).toEqual([blender]);
  });

  it("stays a lookup in the index's terms: no scan of the products", () => {
    const match = toFtsQuery("الخلاط")!;
    expect(match).toContain('"خلاط"*');
    const plan = db.$client
      .prepare("explain query plan select rowid from products_fts where products_fts match ? order by rank limit 10")
      .all(match) as { detail: string }[];
    expect(plan.map((row) => row.detail).join("\n")).toMatch(/VIRTUAL TABLE INDEX/);
    expect(plan.map((row) => row.detail).join("\n")).not.toMatch(/SCAN products\b/);
  });

  it("folds and spells as the index does", () => {
    expect(foldArabic("أإآٱ ة ى ـ")).toBe("اااا ه ي ");
    expect(arabicSpellings("الخلاط")).toContain("خلاط");
    expect(arabicSpellings("خلاط")).toContain("الخلاط");
    expect(arabicSpellings("ال")).toContain("ال");
    expect(arabicSpellings("kettle")).toEqual(["kettle"]);
  });
});

describe("sort by name on /ar", () => {
  const db = createTestDb();
  const storage = new LocalDiskStorage("/nonexistent-uploads");
  createProduct(db, { title: "Apple corer", titleAr: "مقوّر تفاح" });
  createProduct(db, { title: "Zebra rug", titleAr: "بساط" });
  createProduct(db, { title: "Mango slicer" });
  const names = (locale: "en" | "ar") =>
    listVisibleProducts(db, storage, { sort: listingOrder("name", locale), limit: 10 }).items.map((item) => item.title);

  it("sorts by the Arabic title where there is one, the English one otherwise", () => {
    expect(names("en")).toEqual(["Apple corer", "Mango slicer", "Zebra rug"]);
    // Latin letters sort before Arabic ones: 'Mango slicer' (no Arabic title), then بساط, then مقوّر.
    expect(names("ar")).toEqual(["Mango slicer", "Zebra rug", "Apple corer"]);
  });

  it("walks its own index", () => {
    const plan = db.$client
      .prepare(
        'explain query plan select id from products where is_hidden = 0 order by coalesce(nullif("products"."title_ar", \'\'), "products"."title") collate nocase asc, id limit 10',
      )
      .all() as { detail: string }[];
    expect(plan.map((row) => row.detail).join("\n")).toContain("products_visible_title_ar_idx");
    expect(plan.map((row) => row.detail).join("\n")).not.toContain("TEMP B-TREE");
  });
});
