import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../db/schema/index.ts";
import { seedLargeCatalogue } from "../../bench/seed-catalogue.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer();

const get = (path: string, init?: RequestInit) => fetch(server.base + path, init);

/** The nonce the Content-Security-Policy header allows, and every nonce the page's scripts carry. */
async function nonces(response: Response) {
  const header = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const inPage = new Set([...(await response.text()).matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
  return { header, inPage: [...inPage] };
}

describe("the page cache for cookieless visitors", () => {
  it("serves a page again with a fresh nonce that matches the CSP header", async () => {
    const path = `/shop?search=${uniqueWord()}`;
    const first = await get(path);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const firstNonces = await nonces(first);
    const second = await get(path);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const secondNonces = await nonces(second);
    expect(secondNonces.inPage).toEqual([secondNonces.header]);
    expect(secondNonces.header).not.toBe(firstNonces.header);
  });

  it("never serves a page after the catalogue changed, whichever connection changed it", async () => {
    const title = uniqueWord("Cachecheck");
    const product = createProduct(server.db, { title, stock: 5 });
    const path = `/shop/product/${product.id}`;
    await get(path);
    expect((await get(path)).headers.get("x-page-cache")).toBe("hit");

    // Another connection (this test's) hides it: SQLite's data_version tells the server.
    server.db.update(products).set({ isHidden: true }).where(eq(products.id, product.id)).run();
    const hidden = await get(path);
    expect(hidden.status).toBe(404);
    server.db.update(products).set({ isHidden: false }).where(eq(products.id, product.id)).run();
    expect((await get(path)).headers.get("x-page-cache")).toBe("miss");
    expect((await get(path)).headers.get("x-page-cache")).toBe("hit");

    // The server's own write (an order takes stock): its triggers tell the cache.
    const order = await get("/api/order/createOrder", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        items: [{ product: String(product.id), quantity: 1, size: null }],
        shippingAddress: { name: "Cache Test", email: "cache@example.com", phone: "+961 70 123 456", address: "Hamra street", city: "Beirut", district: "Beirut", street: "Hamra", building: "5" },
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

  it("leaves visitors with a cookie, other methods, other pages and error answers alone", async () => {
    await get("/shop");
    expect((await get("/shop")).headers.get("x-page-cache")).toBe("hit");
    expect((await get("/shop", { method: "HEAD" })).headers.get("x-page-cache")).toBeNull();
    expect((await get("/shop", { method: "POST", body: new URLSearchParams({ a: "b" }) })).headers.get("x-page-cache")).toBeNull();
    expect((await get("/shop", { headers: { Cookie: "cart=anything" } })).headers.get("x-page-cache")).toBeNull();
    expect((await get("/cart")).headers.get("x-page-cache")).toBeNull();
    expect((await get("/api/product/getVisible")).headers.get("x-page-cache")).toBeNull();
    await get("/shop/product/999999999");
    const missing = await get("/shop/product/999999999");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-page-cache")).toBe("miss");
  });
});
