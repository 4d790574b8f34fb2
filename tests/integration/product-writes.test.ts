import { eq } from "drizzle-orm";
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
});

describe("the Add Product form without JavaScript", () => {
  it("refuses 19.999 beside the price and stores neither the product nor its image", async () => {
    const before = await storedFiles();
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
    expect(await storedFiles()).toEqual(before);
  });
});
