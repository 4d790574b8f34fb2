import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { orders, pendingUploads, products } from "../../db/schema/index.ts";
import { apiClient, jsonBody, png } from "../support/api-client.ts";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer({ signedIn: true });

const { call, upload, addProduct, createOrder } = apiClient(
  () => server.base,
  () => server.cookie,
);

describe("the cross-site guard", () => {
  it("refuses every spelling Remix routes to the GET mutators, from another site", async () => {
    const product = await addProduct("Guardlamp Desk", 5);
    const { order } = (await (await createOrder(product._id)).json()) as { order: { _id: string } };
    const statusOf = () =>
      server.db.select({ status: orders.status }).from(orders).where(eq(orders.publicId, order._id)).get()!.status;
    const variants = [
      "/api/order/CANCELORDER",
      "/api/order/cancelOrder/",
      "/api/order/cancelorder//",
      "/api/order/update%4Frder",
      "/api/order/%75pdateOrder",
      "/API/ORDER/UPDATEORDER",
      "/api/order/updateOrder.data",
      "/api/order/cancelOrder/.data",
    ];
    for (const path of variants) {
      for (const headers of [{ "Sec-Fetch-Site": "cross-site" }, { Origin: "https://evil.example" }] as Record<
        string,
        string
      >[]) {
        const response = await call(`${path}?id=${order._id}`, { admin: true, headers });
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(statusOf()).toBe("processing");
    // The same call from the shop itself still works.
    const own = await call(`/api/order/updateOrder/?id=${order._id}`, {
      admin: true,
      headers: { "Sec-Fetch-Site": "same-origin", Origin: server.base },
    });
    expect(own.status).toBe(200);
    expect(statusOf()).toBe("shipped");
  });
});

describe("POST /api/upload with a body that is not readable multipart", () => {
  it("responds 400 with a clear error for a missing boundary or a broken body", async () => {
    const post = (contentType: string, body: string) =>
      call("/api/upload", { method: "POST", admin: true, headers: { "Content-Type": contentType }, body });
    const noBoundary = await post("multipart/form-data", "xx");
    expect(noBoundary.status).toBe(400);
    expect(await noBoundary.json()).toEqual({ error: "file: send the form as multipart/form-data with a boundary" });
    const broken = await post(
      "multipart/form-data; boundary=abc",
      '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxxxx',
    );
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: "file: the multipart body is malformed or incomplete" });
  });

  it("takes a boundary that follows other parameters", async () => {
    const image = await png("#1d3557");
    const body = Buffer.concat([
      Buffer.from(
        '--abc\r\nContent-Disposition: form-data; name="file"; filename="late-boundary.png"\r\nContent-Type: image/png\r\n\r\n',
      ),
      image,
      Buffer.from("\r\n--abc--\r\n"),
    ]);
    const response = await call("/api/upload", {
      method: "POST",
      admin: true,
      headers: { "Content-Type": "multipart/form-data; charset=UTF-8; boundary=abc" },
      body,
    });
    const uploaded = await response.json();
    expect(response.status, JSON.stringify(uploaded)).toBe(201);
    expect((uploaded as { urls: string[] }).urls).toHaveLength(1);
  });
});

describe("POST /api/order/createOrder with an Idempotency-Key", () => {
  it("returns the earlier order for the same request, and 409 for a different one, storing nothing", async () => {
    const product = await addProduct("Keyed Kettle", 10);
    const headers = { "Idempotency-Key": "client-key-1" };
    const first = await createOrder(product._id, 1, headers);
    expect(first.status).toBe(201);
    const { order } = (await first.json()) as { order: { _id: string } };
    const again = await createOrder(product._id, 1, headers);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { order: { _id: string } }).order._id).toBe(order._id);

    const different = await createOrder(product._id, 2, headers);
    expect(different.status).toBe(409);
    expect(await different.json()).toEqual({ error: "Idempotency key already used for a different order" });
    const placed = server.db
      .select()
      .from(orders)
      .all()
      .filter((row) => row.customerName === "Maya Khoury" && row.idempotencyKey?.endsWith("client-key-1"));
    expect(placed).toHaveLength(1);
  });
});

describe("a method a call does not take", () => {
  it("responds 405 JSON with Allow, never Remix's opaque error", async () => {
    for (const [method, path, allow] of [
      ["GET", "/api/order/createOrder", "POST"],
      ["POST", "/api/product/getVisible", "GET, HEAD"],
      ["DELETE", "/api/category/getCategories", "GET, HEAD"],
      ["PUT", "/api/order/updateOrder?id=x", "GET, POST"],
      ["GET", "/api/product/deletebyID?id=1", "DELETE, POST"],
      ["PATCH", "/api/product/edit?id=1", "PUT, POST"],
      ["GET", "/api/upload", "POST"],
    ] as const) {
      const response = await call(path, { method, admin: true });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("allow"), `${method} ${path}`).toBe(allow);
      expect(await response.json()).toEqual({ error: "Method not allowed" });
    }
  });
});

describe("product writes", () => {
  const write = (overrides: Record<string, unknown>) => ({
    Title: "Roundsaw",
    price: 3,
    Description: "d",
    Category: "Tools",
    size: [],
    quantity: 1,
    ...overrides,
  });

  it("edit of an unknown product responds 404 before looking at its image links", async () => {
    const uploaded = await upload({ name: "a.png", data: await png("#8ab17d") });
    const { urls } = (await uploaded.json()) as { urls: string[] };
    const response = await call("/api/product/edit?id=999999", {
      method: "PUT",
      admin: true,
      ...jsonBody(write({ image_link: urls })),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Product 999999 not found" });
  });

  it("refuses a price with more than 2 decimals, naming the field", async () => {
    const product = await addProduct("Centsaw Mitre", 2);
    const added = await call("/api/product/addProduct", {
      method: "POST",
      admin: true,
      ...jsonBody(write({ price: 1.005, image_link: product.image_link })),
    });
    expect(added.status).toBe(400);
    expect(await added.json()).toEqual({ error: "price: must have at most 2 decimal places" });
    const edited = await call(`/api/product/edit?id=${product._id}`, {
      method: "PUT",
      admin: true,
      ...jsonBody(write({ price: 19.999, image_link: product.image_link })),
    });
    expect(edited.status).toBe(400);
    expect(await edited.json()).toEqual({ error: "price: must have at most 2 decimal places" });
    const fine = await call(`/api/product/edit?id=${product._id}`, {
      method: "PUT",
      admin: true,
      ...jsonBody(write({ price: 19.99, image_link: product.image_link })),
    });
    expect(await fine.json()).toMatchObject({ product: { price: 19.99 } });
  });

  it("add with isHidden stores a hidden product that owns its uploads, in one write", async () => {
    const uploaded = await upload({ name: "b.png", data: await png("#f4a261") });
    const { urls } = (await uploaded.json()) as { urls: string[] };
    const response = await call("/api/product/addProduct", {
      method: "POST",
      admin: true,
      ...jsonBody(write({ Title: "Hiddensaw", image_link: urls, isHidden: true })),
    });
    expect(response.status).toBe(201);
    const { product } = (await response.json()) as { product: { _id: string; isHidden: boolean } };
    expect(product.isHidden).toBe(true);
    expect(
      server.db
        .select({ isHidden: products.isHidden })
        .from(products)
        .where(eq(products.id, Number(product._id)))
        .get(),
    ).toEqual({ isHidden: true });
    expect(
      server.db
        .select()
        .from(pendingUploads)
        .all()
        .map((row) => row.variantPrefix),
    ).not.toContain(/products\/[a-f0-9]{24}/.exec(urls[0]!)![0]);
  });
});

describe("order/updateOrder?status=", () => {
  it("responds 400 for a status it cannot move to, 409 only for a real conflict", async () => {
    const product = await addProduct("Statuslamp Floor", 3);
    const { order } = (await (await createOrder(product._id)).json()) as { order: { _id: string } };
    const nonsense = await call(`/api/order/updateOrder?id=${order._id}&status=foo`, { admin: true });
    expect(nonsense.status).toBe(400);
    expect(await nonsense.json()).toEqual({ error: "status: must be one of shipped, delivered" });
    expect((await call(`/api/order/updateOrder?id=${order._id}&status=delivered`, { admin: true })).status).toBe(409);
    expect((await call(`/api/order/updateOrder?id=${order._id}&status=shipped`, { admin: true })).status).toBe(200);
  });
});

/** A GET with the path exactly as written: fetch would resolve `..` before sending it. */
function rawGet(base: string, rawPath: string) {
  const { hostname, port } = new URL(base);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ hostname, port, path: rawPath }, (response) => {
        let body = "";
        response.setEncoding("latin1").on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body }));
      })
      .on("error", reject);
  });
}

describe("/uploads", () => {
  it("serves each stored file with its own type, nosniff and a year's immutable cache", async () => {
    const avif = await sharp({ create: { width: 48, height: 32, channels: 3, background: "#2a9d8f" } })
      .avif()
      .toBuffer();
    const uploaded = await upload({ name: "photo.avif", data: avif });
    expect(uploaded.status).toBe(201);
    const { urls } = (await uploaded.json()) as { urls: string[] };
    const prefix = /products\/[a-f0-9]{24}/.exec(urls[0]!)![0];
    const { originalKey } = server.db
      .select()
      .from(pendingUploads)
      .where(eq(pendingUploads.variantPrefix, prefix))
      .get()!;
    expect(originalKey).toMatch(/\.avif$/);
    for (const [url, type] of [
      [`${server.base}/uploads/${originalKey}`, "image/avif"],
      [urls[0]!, "image/webp"],
    ] as const) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type"), url).toBe(type);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
  });

  it("never returns a file outside the uploads folder, nor a folder listing", async () => {
    for (const path of [
      "/uploads/../shop.db",
      "/uploads/%2e%2e/shop.db",
      "/uploads/..%2fshop.db",
      "/uploads/%2e%2e%2fshop.db",
    ]) {
      const { status, body } = await rawGet(server.base, path);
      // send refuses a path that climbs out of the folder (403); either way, never the database.
      expect([403, 404], path).toContain(status);
      expect(body, path).not.toContain("SQLite format");
    }
    // What a browser sends for /uploads/../shop.db once it resolved the dots: not a file either.
    expect((await fetch(`${server.base}/uploads/../shop.db`)).status).toBe(404);
    for (const path of ["/uploads/", "/uploads", "/uploads/products", "/uploads/products/"]) {
      const response = await fetch(server.base + path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe("Not Found");
    }
  });
});

describe("/assets", () => {
  /** The response's headers and its bytes as sent, undecoded (fetch would decompress them). */
  const rawAsset = (base: string, file: string, acceptEncoding: string) => {
    const { hostname, port } = new URL(base);
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(
          { hostname, port, path: `/assets/${file}`, headers: { "accept-encoding": acceptEncoding } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
            );
          },
        )
        .on("error", reject);
    });
  };

  it("sends the copy compressed at build time that the browser accepts, brotli first, with a year's cache", async () => {
    const assets = path.resolve(process.env.BUILD_DIR ?? "build", "client/assets");
    const script = fs.readdirSync(assets).find((name) => /^runtime-.*\.js$/.test(name))!;
    const original = fs.readFileSync(path.join(assets, script));
    for (const [accepted, encoding, decode] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
      ["identity", undefined, (body: Buffer) => body],
    ] as const) {
      const response = await rawAsset(server.base, script, accepted);
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["content-type"]).toMatch(/^text\/javascript; charset=utf-8$/i);
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(decode(response.body).equals(original), accepted).toBe(true);
    }
    // Brotli at its highest level: smaller than gzip at its highest.
    const [brotli, gzip] = await Promise.all([
      rawAsset(server.base, script, "br"),
      rawAsset(server.base, script, "gzip"),
    ]);
    expect(brotli.body.length).toBeLessThan(gzip.body.length);
  });

  it("answers a missing script with a plain 404", async () => {
    const response = await rawAsset(server.base, "runtime-missing.js", "br");
    expect(response.status).toBe(404);
    expect(response.body.toString()).toBe("Not Found");
  });
});
