import http from "node:http";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../db/schema/index.ts";
import { seedLargeCatalogue } from "../../bench/seed-catalogue.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { inlineScripts, sha256 } from "../support/inline-scripts.ts";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer();

/** A page is cached once compressed, a moment after its first response (longer on a busy machine). */
const POLL = { timeout: 15_000, interval: 100 };

const get = (path: string, init?: RequestInit) => fetch(server.base + path, init);

/** The nonce the Content-Security-Policy header allows, and every nonce the page's scripts carry. */
function nonces(response: Response, html: string) {
  const header = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const inPage = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
  return { header, inPage: [...inPage] };
}

describe("the page cache for cookieless visitors", () => {
  it("renders a miss with a nonce, and serves hits that allow exactly the page's inline scripts by their hashes", async () => {
    const path = `/shop?search=${uniqueWord()}`;
    const first = await get(path);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const firstNonces = nonces(first, await first.text());
    expect(firstNonces.inPage).toEqual([firstNonces.header]);

    // Stored once its compression has finished (a moment later).
    await expect.poll(async () => (await get(path)).headers.get("x-page-cache"), POLL).toBe("hit");
    const second = await get(path);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const html = await second.text();
    const csp = second.headers.get("content-security-policy")!;
    expect(csp).not.toContain("'nonce-");
    expect(html).not.toMatch(/\snonce="/);
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    const allowed = /script-src ([^;]+)/.exec(csp)![1]!.split(" ");
    expect(allowed.filter((source) => source.startsWith("'sha256-")).sort()).toEqual(
      [...new Set(scripts.map(sha256))].sort(),
    );
    // The rest of the stored response's headers come back too.
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  });

  it("keeps each page compressed once, in brotli and gzip, and sends what the client accepts", async () => {
    const path = `/shop?search=${uniqueWord()}`;
    const plain = await (await get(path)).text();
    // fetch() asks for gzip and brotli and decodes either; node:http shows the bytes as sent.
    const raw = async (acceptEncoding: string) => {
      const response = await new Promise<http.IncomingMessage>((resolve) =>
        http.get(server.base + path, { headers: { "Accept-Encoding": acceptEncoding } }, resolve),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      return { headers: response.headers, body: Buffer.concat(chunks) };
    };
    // Stored once gzipped; brotli joins a moment later.
    await expect.poll(async () => (await raw("br")).headers["content-encoding"], POLL).toBe("br");
    const br = await raw("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    // Cookie too: a shared cache in front must not give this cookieless page to a visitor with a cookie.
    expect(br.headers.vary).toBe("Accept-Encoding, Cookie");
    expect(zlib.brotliDecompressSync(br.body).toString("utf8")).toBe(plain.replace(/ nonce="[^"]*"/g, ""));
    const gzip = await raw("gzip;q=1, br;q=0");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString("utf8")).toBe(plain.replace(/ nonce="[^"]*"/g, ""));
    const identity = await raw("identity");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(Number(identity.headers["content-length"])).toBe(identity.body.byteLength);
  });

  it("never serves a page after the catalogue changed, whichever connection changed it", async () => {
    const title = uniqueWord("Cachecheck");
    const product = createProduct(server.db, { title, stock: 5 });
    const path = `/shop/product/${product.id}`;
    await get(path);
    await expect.poll(async () => (await get(path)).headers.get("x-page-cache"), POLL).toBe("hit");

    // Another connection (this test's) hides it: SQLite's data_version tells the server.
    server.db.update(products).set({ isHidden: true }).where(eq(products.id, product.id)).run();
    const hidden = await get(path);
    expect(hidden.status).toBe(404);
    server.db.update(products).set({ isHidden: false }).where(eq(products.id, product.id)).run();
    expect((await get(path)).headers.get("x-page-cache")).toBe("miss");
    await expect.poll(async () => (await get(path)).headers.get("x-page-cache"), POLL).toBe("hit");

    // The server's own write (an order takes stock): its triggers tell the cache.
    const order = await get("/api/order/createOrder", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        items: [{ product: String(product.id), quantity: 1, size: null }],
        shippingAddress: {
          name: "Cache Test",
          email: "cache@example.com",
          phone: "+961 70 123 456",
          address: "Hamra street",
          city: "Beirut",
          district: "Beirut",
          street: "Hamra",
          building: "5",
        },
      }),
    });
    expect(order.status).toBe(201);
    const afterOrder = await get(path);
    expect(afterOrder.headers.get("x-page-cache")).toBe("miss");
    expect((await afterOrder.text()).replaceAll("<!-- -->", "")).toContain("Only 4 left in stock");
  });

  it("keeps a page rendered for a forged X-Forwarded-Host apart from everyone else's", async () => {
    const path = `/shop?search=${uniqueWord()}`;
    const forged = await get(path, { headers: { "X-Forwarded-Host": "evil.example:1" } });
    expect(await forged.text()).toContain(":1/shop");
    const plain = await get(path);
    expect(plain.headers.get("x-page-cache")).toBe("miss");
    expect(await plain.text()).not.toContain(":1/shop");
  });

  it("never keeps an outsized page", async () => {
    await seedLargeCatalogue(server.db, 520);
    const path = "/shop?show=500";
    const first = await get(path);
    expect((await first.text()).length).toBeGreaterThan(512 * 1024);
    expect((await get(path)).headers.get("x-page-cache")).toBe("miss");
  });

  it("leaves visitors with a cookie, other methods, other pages and error returns alone", async () => {
    await get("/shop");
    await expect.poll(async () => (await get("/shop")).headers.get("x-page-cache"), POLL).toBe("hit");
    expect((await get("/shop", { method: "HEAD" })).headers.get("x-page-cache")).toBeNull();
    expect(
      (await get("/shop", { method: "POST", body: new URLSearchParams({ a: "b" }) })).headers.get("x-page-cache"),
    ).toBeNull();
    expect((await get("/shop", { headers: { Cookie: "cart=anything" } })).headers.get("x-page-cache")).toBeNull();
    expect((await get("/cart")).headers.get("x-page-cache")).toBeNull();
    expect((await get("/api/product/getVisible")).headers.get("x-page-cache")).toBeNull();
    await get("/shop/product/999999999");
    const missing = await get("/shop/product/999999999");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-page-cache")).toBe("miss");
  });
});

describe("the scripts after the page has loaded", () => {
  it("writes every module preload and the module script inert until load, fresh and cached alike", async () => {
    const path = `/shop?search=${uniqueWord()}`;
    for (const init of [{ headers: { Cookie: "a=b" } }, {}, {}] as RequestInit[]) {
      const html = await (await get(path, init)).text();
      expect(html).not.toContain('<link rel="modulepreload"');
      expect((html.match(/<link rel="modulepreload-after-load"[^>]*>/g) ?? []).length).toBeGreaterThan(3);
      expect(html.match(/<script\b[^>]*type="module[^"]*"/g)).toEqual([
        expect.stringMatching(/type="module-after-load"$/),
      ]);
    }
  });
});
