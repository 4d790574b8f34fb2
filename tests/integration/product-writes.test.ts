import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pendingUploads, products } from "../../db/schema/index.ts";
import { apiClient, jsonBody, png } from "../support/api-client.ts";
import { storedUploads } from "../support/s3-env.ts";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer({ signedIn: true });
const { call, upload, addProduct } = apiClient(
  () => server.base,
  () => server.cookie,
);

/** On the local disk, or in the bucket when run with STORAGE=s3 (tests/integration/s3-storage.test.ts). */
const storedFiles = () => storedUploads(server.dataDir);

async function uploadedUrls(name: string) {
  const response = await upload({ name, data: await png("#e76f51") });
  expect(response.status).toBe(201);
  return ((await response.json()) as { urls: string[] }).urls;
}

const write = (overrides: Record<string, unknown>) => ({
  Title: "Decimal Drill",
  price: 19.99,
  Description: "Open box",
  Category: "Tools",
  size: [],
  quantity: 1,
  ...overrides,
});

describe("product writes through /api/", () => {
  it("refuse a third decimal with the same return as before, on add and on edit, storing nothing", async () => {
    const urls = await uploadedUrls("decimal.png");
    const added = await call("/api/product/addProduct", {
      method: "POST",
      admin: true,
      ...jsonBody(write({ price: 19.999, image_link: urls })),
    });
    expect(added.status).toBe(400);
    expect(await added.text()).toBe('{"error":"price: must have at most 2 decimal places"}');
    expect(server.db.select().from(products).where(eq(products.title, "Decimal Drill")).all()).toEqual([]);

    const product = await addProduct("Decimal Saw", 3, 12.5);
    const edited = await call(`/api/product/edit?id=${product._id}`, {
      method: "PUT",
      admin: true,
      ...jsonBody(write({ price: 19.999, image_link: product.image_link })),
    });
    expect(edited.status).toBe(400);
    expect(await edited.text()).toBe('{"error":"price: must have at most 2 decimal places"}');
    expect(
      server.db
        .select({ priceCents: products.priceCents })
        .from(products)
        .where(eq(products.id, Number(product._id)))
        .get(),
    ).toEqual({ priceCents: 1_250 });
  });

  it("a failing add leaves no files behind and its uploads pending, to be used or swept", async () => {
    const urls = await uploadedUrls("pending.png");
    const before = await storedFiles();
    const foreign = await call("/api/product/addProduct", {
      method: "POST",
      admin: true,
      ...jsonBody(write({ image_link: [...urls, "https://elsewhere.example/a.png"] })),
    });
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toBe(
      '{"error":"image_link: https://elsewhere.example/a.png is not an image uploaded to this shop"}',
    );
    const noImage = await call("/api/product/addProduct", {
      method: "POST",
      admin: true,
      ...jsonBody(write({ image_link: [] })),
    });
    expect(await noImage.text()).toBe('{"error":"image_link: Please select at least one image"}');
    expect(await storedFiles()).toEqual(before);
    expect(server.db.select().from(products).where(eq(products.title, "Decimal Drill")).all()).toEqual([]);
    expect(server.db.select().from(pendingUploads).all().length).toBeGreaterThan(0);

    const fine = await call("/api/product/addProduct", {
      method: "POST",
      admin: true,
      ...jsonBody(write({ image_link: urls })),
    });
    expect(fine.status).toBe(201);
    expect(((await fine.json()) as { message: string }).message).toBe("Product added successfully with 1 images!");
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a too long Arabic title beside its field, keeping what was typed", async () => {
    const form = new FormData();
    const typed = "خ".repeat(201);
    for (const [name, value] of Object.entries({
      title: "Arabic Formed Fan",
      price: "19.99",
      quantity: "0",
      category: "Tools",
      description: "Open box",
      titleAr: typed,
      descriptionAr: "مروحة",
    }))
      form.append(name, value);
    form.append("images", new Blob([new Uint8Array(await png("#264653"))], { type: "image/png" }), "fan.png");
    const response = await fetch(`${server.base}/admin/products`, {
      method: "POST",
      headers: { Cookie: server.cookie },
      body: form,
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="[^"]*titleAr-error"[^>]*><li>must be at most 200 characters<\/li>/);
    expect(html).toContain(typed);
    expect(html).toMatch(
      /<input[^>]*dir="rtl"[^>]*lang="ar"[^>]*name="titleAr"|<input[^>]*name="titleAr"[^>]*dir="rtl"/,
    );
    expect(server.db.select().from(products).where(eq(products.title, "Arabic Formed Fan")).all()).toEqual([]);
  });
});

/** An Arabic word no other product holds: a stem and letters for the digits of a unique number. */
let arabicCounter = 0;
function arabicWord(stem: string) {
  const letters = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي";
  const number = `${Date.now()}${(arabicCounter += 1)}`;
  return stem + [...number].map((digit) => letters[Number(digit) * 2]).join("");
}

type ArabicProduct = {
  _id: string;
  Title: string;
  image_link: string[];
  titleAr: string | null;
  descriptionAr: string | null;
};

describe("the Arabic title and description through /api/", () => {
  it("are stored, answered, searched in both languages, kept when absent from an edit and cleared by '' or null", async () => {
    const word = arabicWord("مثقاب");
    const urls = await uploadedUrls("arabic.png");
    const added = await call("/api/product/addProduct", {
      method: "POST",
      admin: true,
      ...jsonBody(
        write({ Title: "Arabic Drill", image_link: urls, titleAr: ` ${word} كهربائي `, descriptionAr: "علبة مفتوحة" }),
      ),
    });
    expect(added.status).toBe(201);
    const { product } = (await added.json()) as { product: ArabicProduct };
    expect(product).toMatchObject({ titleAr: `${word} كهربائي`, descriptionAr: "علبة مفتوحة" });
    const read = (await (await call(`/api/product/getProductById?id=${product._id}`)).json()) as {
      prod: ArabicProduct;
    };
    expect(read.prod).toMatchObject({ titleAr: `${word} كهربائي`, descriptionAr: "علبة مفتوحة" });

    // An Arabic word finds it: /api/, the English and Arabic search pages, the suggestions.
    const found = (await (await call(`/api/product/search?q=${encodeURIComponent(word)}`)).json()) as ArabicProduct[];
    expect(found.map((item) => item._id)).toEqual([product._id]);
    for (const page of ["/shop", "/ar/shop"]) {
      const html = await (await fetch(`${server.base}${page}?search=${encodeURIComponent(word.slice(0, 5))}`)).text();
      expect(html, page).toContain("Arabic Drill");
    }
    const suggested = (await (
      await fetch(`${server.base}/search/suggestions?q=${encodeURIComponent(word)}`)
    ).json()) as {
      suggestions: { title: string; titleAr: string | null }[];
    };
    expect(suggested.suggestions).toEqual([
      expect.objectContaining({ title: "Arabic Drill", titleAr: `${word} كهربائي` }),
    ]);

    // The admin table's search too.
    const admin = await call(`/admin/products?q=${encodeURIComponent(word)}`, { admin: true });
    expect(await admin.text()).toContain("Arabic Drill");

    const edit = async (overrides: Record<string, unknown>) => {
      const response = await call(`/api/product/edit?id=${product._id}`, {
        method: "PUT",
        admin: true,
        ...jsonBody(write({ Title: "Arabic Drill", image_link: product.image_link, ...overrides })),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { product: ArabicProduct }).product;
    };
    expect(await edit({})).toMatchObject({ titleAr: `${word} كهربائي`, descriptionAr: "علبة مفتوحة" });
    expect(await edit({ titleAr: "", descriptionAr: null })).toMatchObject({ titleAr: null, descriptionAr: null });
    // Searching the Arabic word no longer finds it: the index followed the edit.
    expect(await (await call(`/api/product/search?q=${encodeURIComponent(word)}`)).json()).toEqual([]);
    const logged = server.db.all<{ changes: string }>(
      sql`select changes from activity where kind = 'product.edited' and product_id = ${Number(product._id)} order by id desc limit 1`,
    );
    expect(JSON.parse(logged[0]!.changes)).toEqual([
      { field: "titleAr", before: `${word} كهربائي`, after: null },
      { field: "descriptionAr", before: "علبة مفتوحة", after: null },
    ]);
  });

  it("refuses texts longer than the English limits with 400 naming the field, storing nothing", async () => {
    const urls = await uploadedUrls("arabic-long.png");
    const cases: [Record<string, unknown>, string][] = [
      [{ titleAr: "ع".repeat(201) }, "titleAr: must be at most 200 characters"],
      [{ descriptionAr: "و".repeat(5_001) }, "descriptionAr: must be at most 5000 characters"],
      [{ titleAr: 7 }, "titleAr: must be text"],
    ];
    for (const [overrides, error] of cases) {
      const response = await call("/api/product/addProduct", {
        method: "POST",
        admin: true,
        ...jsonBody(write({ Title: "Too Arabic Drill", image_link: urls, ...overrides })),
      });
      expect(response.status, error).toBe(400);
      expect(await response.json()).toEqual({ error });
    }
    expect(server.db.select().from(products).where(eq(products.title, "Too Arabic Drill")).all()).toEqual([]);
  });
});

describe("the Add Product form without JavaScript", () => {
  it("refuses 19.999 beside the price, stores no product, and keeps the chosen image only for the next try", async () => {
    const before = await storedFiles();
    const pendingBefore = server.db.select().from(pendingUploads).all();
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: "Formed Fan",
      price: "19.999",
      quantity: "0",
      category: "Tools",
      description: "Open box",
    }))
      form.append(name, value);
    form.append("images", new Blob([new Uint8Array(await png("#264653"))], { type: "image/png" }), "fan.png");
    const response = await fetch(`${server.base}/admin/products`, {
      method: "POST",
      headers: { Cookie: server.cookie },
      body: form,
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="[^"]*price-error"[^>]*><li>must have at most 2 decimal places<\/li>/);
    expect(server.db.select().from(products).where(eq(products.title, "Formed Fan")).all()).toEqual([]);
    // The image waits as a pending upload (claimed by the next submit, swept after a day if never
    // used), so the owner need not choose it again; no product holds it.
    expect(html).toMatch(/Chosen image: (?:<!-- -->)?fan\.png(?:<!-- -->)?, kept/);
    const kept = server.db.select().from(pendingUploads).all().slice(pendingBefore.length);
    expect(kept).toHaveLength(1);
    const added = (await storedFiles()).filter((file) => !before.includes(file));
    expect(added.length).toBeGreaterThan(0);
    for (const file of added)
      expect(
        [kept[0]!.originalKey, kept[0]!.variantPrefix].some((key) => file.includes(key.replace(/^products\//, ""))),
      ).toBe(true);
  });
});
