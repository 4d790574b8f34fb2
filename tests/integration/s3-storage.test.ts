import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { apiClient, jsonBody, png } from "../support/api-client.ts";
import { loginCookie } from "../support/admin-session.ts";
import { useS3Storage } from "../support/s3-server.ts";
import { storedUploads } from "../support/s3-env.ts";
import { startTestServer, useTestServer } from "../support/test-server.ts";

// Every shop this file starts (here and in the files imported at the end) keeps its uploads in a
// bucket on a local s3rver (STORAGE=s3), registered first so the bucket is up before the shops.
useS3Storage();
const server = useTestServer({ signedIn: true });
const { call, upload } = apiClient(
  () => server.base,
  () => server.cookie,
);

describe("uploads on S3-compatible storage (STORAGE=s3, no S3_PUBLIC_URL)", () => {
  it("keeps the original and its resized variants in the bucket, serves them at /uploads, and deletes them with the product", async () => {
    const before = await storedUploads(server.dataDir);
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#e9c46a" } })
      .jpeg()
      .toBuffer();
    const uploaded = await upload({ name: "lamp.jpg", data: picture });
    expect(uploaded.status).toBe(201);
    const [url] = ((await uploaded.json()) as { urls: string[] }).urls;
    // The largest variant is the image's own width (900), never enlarged to 1280.
    const prefix = /\/uploads\/products\/([a-f0-9]{24})-900\.webp$/.exec(url!)?.[1];
    expect(prefix, url).toBeTruthy();
    const added = (await storedUploads(server.dataDir)).filter((key) => !before.includes(key));
    // The WebP variants, the link previews' JPEG (900 px: the photo's own width) and the original.
    expect(added.sort()).toEqual(
      [`${prefix}-320.webp`, `${prefix}-640.webp`, `${prefix}-900.webp`, `${prefix}-share.jpg`, `${prefix}.jpg`].sort(),
    );
    const share = await fetch(`${server.base}/uploads/products/${prefix}-share.jpg`);
    expect(share.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await share.arrayBuffer())).metadata()).width).toBe(900);

    // The resized variant comes from the bucket, through the shop, with the type and caching of a local file.
    const served = await fetch(`${server.base}/uploads/products/${prefix}-640.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(640);
    expect((await fetch(`${server.base}/uploads/products/${prefix}.jpg`)).headers.get("content-type")).toBe(
      "image/jpeg",
    );
    expect((await fetch(`${server.base}/uploads/products/${"0".repeat(24)}.jpg`)).status).toBe(404);

    const response = await call("/api/product/addProduct", {
      method: "POST",
      admin: true,
      ...jsonBody({
        Title: "Bucket Lamp",
        price: 30,
        Description: "d",
        Category: "Tools",
        size: [],
        image_link: [url],
        quantity: 2,
      }),
    });
    expect(response.status).toBe(201);
    const product = ((await response.json()) as { product: { _id: string } }).product;
    const page = await (await fetch(`${server.base}/shop/product/${product._id}`)).text();
    expect(page).toContain(`/uploads/products/${prefix}-320.webp 320w`);

    const deleted = await call(`/api/product/deletebyID?id=${product._id}`, { method: "DELETE", admin: true });
    expect(deleted.status).toBe(200);
    expect((await storedUploads(server.dataDir)).filter((key) => key.startsWith(prefix!))).toEqual([]);
    expect((await fetch(url!)).status).toBe(404);
  });

  it("with S3_PUBLIC_URL, image URLs point at it and the CSP lets pages load images from there", async () => {
    const cdn = "https://cdn.shop.test/images";
    const shop = await startTestServer({ env: { S3_PUBLIC_URL: cdn } });
    try {
      const cookie = await loginCookie(shop.base);
      const client = apiClient(
        () => shop.base,
        () => cookie,
      );
      const uploaded = await client.upload({ name: "cdn.png", data: await png("#2a9d8f") });
      expect(uploaded.status).toBe(201);
      const [url] = ((await uploaded.json()) as { urls: string[] }).urls;
      expect(url).toMatch(new RegExp(`^${cdn}/products/[a-f0-9]{24}-64\\.webp$`));
      const product = await client.addProduct("Cdn Fan", 1);
      expect(product.image_link[0]).toMatch(new RegExp(`^${cdn}/products/`));
      const page = await fetch(`${shop.base}/shop/product/${product._id}`);
      expect(page.headers.get("content-security-policy")).toMatch(
        /img-src 'self' data: blob: https:\/\/cdn\.shop\.test[;\s]/,
      );
      expect(await page.text()).toContain(`${cdn}/products/`);
    } finally {
      await shop.stop();
    }
  });
});

// The product tests, once more against the bucket: uploads, forms, listing, edit, hide, delete.
await import("./product-writes.test.ts");
await import("./api-flow.test.ts");
