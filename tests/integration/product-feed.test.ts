import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { products } from "../../db/schema/index.ts";
import { googleCondition } from "~/catalogue/google-condition.ts";
import { apiClient, jsonBody, png } from "../support/api-client.ts";
import { useTestServer } from "../support/test-server.ts";

const PUBLIC_URL = "https://shop.example.lb";
const server = useTestServer({ signedIn: true, env: { PUBLIC_URL } });
const { call, upload } = apiClient(
  () => server.base,
  () => server.cookie,
);

type FeedItem = Record<string, string | string[] | number>;

async function imageLinks(count: number) {
  const files = await Promise.all(
    Array.from({ length: count }, async (_, index) => ({ name: `f${index}.png`, data: await png(`#2${index}4653`) })),
  );
  const uploaded = await upload(...files);
  expect(uploaded.status).toBe(201);
  return ((await uploaded.json()) as { urls: string[] }).urls;
}

async function add(fields: Record<string, unknown>) {
  const response = await call("/api/product/addProduct", {
    method: "POST",
    admin: true,
    ...jsonBody({
      price: 40,
      Description: "Opened for a photo, complete",
      Category: "Kitchen Appliances",
      quantity: 3,
      image_link: await imageLinks(1),
      ...fields,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return Number(((await response.json()) as { product: { _id: string } }).product._id);
}

/** The feed, checked as XML by a real parser, its items by g:id; `g:` names kept as the feed writes them. */
async function feed(query = "", headers: Record<string, string> = {}) {
  const response = await fetch(`${server.base}/feeds/products.xml${query}`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (name) => name === "item" || name === "g:additional_image_link",
  }).parse(xml) as {
    rss: { "@_version": string; "@_xmlns:g": string; channel: Record<string, string> & { item?: FeedItem[] } };
  };
  expect(parsed.rss["@_version"]).toBe("2.0");
  expect(parsed.rss["@_xmlns:g"]).toBe("http://base.google.com/ns/1.0");
  // RSS 2.0's channel elements.
  expect(parsed.rss.channel.title).toBe("OpenBox Lebanon");
  expect(parsed.rss.channel.link).toMatch(new RegExp(`^${PUBLIC_URL}/`));
  expect(parsed.rss.channel.description).toBeTruthy();
  const items = new Map((parsed.rss.channel.item ?? []).map((item) => [String(item["g:id"]), item]));
  return { items, etag: response.headers.get("etag") };
}

/** A link in the feed names PUBLIC_URL; the test server answers for it at its own address. */
const onServer = (link: string) => server.base + link.slice(PUBLIC_URL.length);

describe("GET /feeds/products.xml", () => {
  it("lists each visible product with every required attribute in Google's formats", async () => {
    const id = await add({
      Title: "Feed Kettle",
      packaging: "open-box",
      grade: "very-good",
      image_link: await imageLinks(3),
    });
    const { items } = await feed();
    const item = items.get(String(id))!;
    expect(item).toMatchObject({
      "g:title": "Feed Kettle",
      "g:description": "Opened for a photo, complete",
      "g:link": `${PUBLIC_URL}/shop/product/${id}`,
      "g:availability": "in_stock",
      "g:price": "40.00 USD",
      "g:condition": "used",
      "g:product_type": "Home > Kitchen Appliances",
    });
    expect(item["g:item_group_id"]).toBeUndefined();
    expect(item["g:size"]).toBeUndefined();
    const additional = item["g:additional_image_link"] as string[];
    expect(additional).toHaveLength(2);
    for (const link of [item["g:image_link"] as string, ...additional]) {
      expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/products/[a-f0-9]+-share\\.jpg$`));
      const image = await fetch(onServer(link));
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/jpeg");
      const info = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect(info.format).toBe("jpeg");
      expect(info.width).toBeGreaterThanOrEqual(600);
    }
  });

  it("gives a product with stock per size one item per size, sharing g:item_group_id", async () => {
    const id = await add({
      Title: "Feed Dress",
      Category: "Women's Clothes",
      size: ["S", "M"],
      stockBySize: { S: 0, M: 2 },
      packaging: "damaged-box",
      grade: "like-new",
    });
    const { items } = await feed();
    expect(items.has(String(id))).toBe(false);
    expect(items.get(`${id}-S`)).toMatchObject({
      "g:item_group_id": String(id),
      "g:size": "S",
      "g:availability": "out_of_stock",
      "g:link": `${PUBLIC_URL}/shop/product/${id}?size=S`,
      "g:condition": "new",
    });
    expect(items.get(`${id}-M`)).toMatchObject({
      "g:item_group_id": String(id),
      "g:size": "M",
      "g:availability": "in_stock",
    });
  });

  it("never lists a hidden product, and shows a new price at the next fetch (a new ETag)", async () => {
    const hidden = await add({ Title: "Feed Hidden Fan" });
    const priced = await add({ Title: "Feed Priced Iron", packaging: "no-box", grade: "good" });
    server.db.update(products).set({ isHidden: true }).where(eq(products.id, hidden)).run();
    const before = await feed();
    expect(before.items.has(String(hidden))).toBe(false);
    expect(before.items.get(String(priced))?.["g:price"]).toBe("40.00 USD");
    expect(before.items.get(String(priced))?.["g:condition"]).toBe("used");

    // Asked again unchanged, with the tag it had: 304, no body.
    const again = await fetch(`${server.base}/feeds/products.xml`, { headers: { "If-None-Match": before.etag! } });
    expect(again.status).toBe(304);

    server.db.update(products).set({ priceCents: 3_650 }).where(eq(products.id, priced)).run();
    const after = await feed("", { "If-None-Match": before.etag! });
    expect(after.etag).not.toBe(before.etag);
    expect(after.items.get(String(priced))?.["g:price"]).toBe("36.50 USD");
  });

  it("?lang=ar gives the Arabic title and description where there are some, /ar links and Arabic category names", async () => {
    const arabic = await add({ Title: "Feed Blender", titleAr: "خلاط للتجربة", descriptionAr: "عبوة مفتوحة، كامل" });
    const english = await add({ Title: "Feed Toaster" });
    const { items } = await feed("?lang=ar");
    expect(items.get(String(arabic))).toMatchObject({
      "g:title": "خلاط للتجربة",
      "g:description": "عبوة مفتوحة، كامل",
      "g:link": `${PUBLIC_URL}/ar/shop/product/${arabic}`,
      "g:price": "40.00 USD",
    });
    expect(items.get(String(arabic))?.["g:product_type"]).not.toMatch(/Kitchen/);
    expect(items.get(String(english))).toMatchObject({
      "g:title": "Feed Toaster",
      "g:link": `${PUBLIC_URL}/ar/shop/product/${english}`,
    });
  });

  it("lists exactly the visible products, one item per size that keeps stock, each with Google's required attributes in their formats", async () => {
    const long = `Feed ${"Very Long Title Word ".repeat(9)}End`;
    expect(long.length).toBeGreaterThan(150);
    const longId = await add({ Title: long });
    const sizedId = await add({
      Title: "Feed Shirt",
      Category: "Women's Clothes",
      size: ["M", "L"],
      stockBySize: { M: 1, L: 0 },
    });
    const hidden = await add({ Title: "Feed Hidden Lamp" });
    server.db.update(products).set({ isHidden: true }).where(eq(products.id, hidden)).run();

    type Product = { id: number; price: number; stock: number; sizes: string; packaging: string; grade: string };
    const rows = server.db.$client
      .prepare(
        "select id, price_cents as price, stock, sizes, packaging, grade from products where is_hidden = 0 order by id",
      )
      .all() as Product[];
    const sizeStock = new Map<string, number>();
    for (const row of server.db.$client.prepare("select product_id, size, stock from product_size_stock").all() as {
      product_id: number;
      size: string;
      stock: number;
    }[])
      sizeStock.set(`${row.product_id}-${row.size}`, row.stock);
    const expected = new Map<string, { product: Product; stock: number }>();
    for (const product of rows) {
      const sizes = JSON.parse(product.sizes) as string[];
      const perSize = sizes.some((size) => sizeStock.has(`${product.id}-${size}`));
      if (perSize)
        for (const size of sizes)
          expected.set(`${product.id}-${size}`, { product, stock: sizeStock.get(`${product.id}-${size}`) ?? 0 });
      else expected.set(String(product.id), { product, stock: product.stock });
    }
    expect(expected.size).toBeGreaterThan(5);

    const { items } = await feed();
    expect([...items.keys()].sort()).toEqual([...expected.keys()].sort());
    expect(items.has(String(hidden))).toBe(false);
    expect(items.has(`${sizedId}-M`) && items.has(`${sizedId}-L`)).toBe(true);

    const characters = (text: unknown) => Array.from(String(text)).length;
    for (const [id, { product, stock }] of expected) {
      const item = items.get(id)!;
      // id: ASCII, at most 50 characters, unique (the map above would have merged duplicates).
      expect(id, id).toMatch(/^[\x21-\x7e]{1,50}$/);
      expect(characters(item["g:title"]), id).toBeGreaterThanOrEqual(1);
      expect(characters(item["g:title"]), id).toBeLessThanOrEqual(150);
      expect(characters(item["g:description"]), id).toBeGreaterThanOrEqual(1);
      expect(characters(item["g:description"]), id).toBeLessThanOrEqual(5_000);
      expect(String(item["g:link"]), id).toMatch(
        new RegExp(`^${PUBLIC_URL}/shop/product/${product.id}(\\?size=[^&]+)?$`),
      );
      expect(String(item["g:image_link"]), id).toMatch(new RegExp(`^${PUBLIC_URL}/\\S+\\.jpg$`));
      expect((item["g:additional_image_link"] as string[] | undefined)?.length ?? 0, id).toBeLessThanOrEqual(10);
      expect(item["g:price"], id).toBe(`${(product.price / 100).toFixed(2)} USD`);
      expect(item["g:price"], id).toMatch(/^\d+\.\d{2} USD$/);
      expect(item["g:availability"], id).toBe(stock > 0 ? "in_stock" : "out_of_stock");
      expect(item["g:condition"], id).toBe(googleCondition(product.packaging, product.grade));
      expect(["new", "refurbished", "used"], id).toContain(item["g:condition"]);
      // No brand, GTIN or MPN is recorded: Google's value for an item without them.
      expect(item["g:identifier_exists"], id).toBe("no");
      expect(item["g:brand"] ?? item["g:gtin"] ?? item["g:mpn"], id).toBeUndefined();
      if (id.includes("-")) expect(item["g:item_group_id"], id).toBe(String(product.id));
    }
    // A title past Google's 150 characters is cut at a space, and says so.
    const cut = String(items.get(String(longId))!["g:title"]);
    expect(cut.endsWith("…")).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(long[cut.length - 1]).toBe(" ");
  });
});
