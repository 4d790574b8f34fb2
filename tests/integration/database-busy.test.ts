import path from "node:path";
import Database from "better-sqlite3";
import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { orders, products } from "../../db/schema/index.ts";
import { apiClient } from "../support/api-client.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { useTestServer } from "../support/test-server.ts";

// A short busy timeout keeps the "past the timeout" case quick; the production default is 5000 ms.
const BUSY_TIMEOUT_MS = 2000;
const server = useTestServer({ env: { SQLITE_BUSY_TIMEOUT_MS: String(BUSY_TIMEOUT_MS) } });
const api = apiClient(
  () => server.base,
  () => "",
);

/** Another process's connection (a maintenance sqlite3 session, say) holding the write lock. */
let other: Database.Database | undefined;
function holdWriteLock() {
  other = new Database(path.join(server.dataDir, "shop.db"));
  other.exec("BEGIN IMMEDIATE");
  return other;
}
afterEach(() => {
  if (other?.inTransaction) other.exec("ROLLBACK");
  other?.close();
  other = undefined;
});

const stockOf = (id: number) => server.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)).get()!.stock;
const orderCount = () => server.db.select({ n: count() }).from(orders).get()!.n;

describe("another process holding the database's write lock", () => {
  it("makes an order wait for the lock and then go through", async () => {
    const product = createProduct(server.db, { title: uniqueWord("Lamp"), stock: 5 });
    const lock = holdWriteLock();
    const release = setTimeout(() => lock.exec("ROLLBACK"), 1000);
    const started = Date.now();
    const response = await api.createOrder(String(product.id));
    clearTimeout(release);
    expect(response.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(stockOf(product.id)).toBe(4);
  });

  it("past the busy timeout answers 503 with Retry-After and writes nothing; /readyz says so until the lock goes", async () => {
    const product = createProduct(server.db, { title: uniqueWord("Fan"), stock: 5 });
    const ordersBefore = orderCount();
    holdWriteLock();

    const refused = await api.createOrder(String(product.id));
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(await refused.json()).toEqual({ error: "The shop is busy. Please try again in a minute." });

    const notReady = await fetch(`${server.base}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ status: "not ready", reason: "The database is locked by another process" });

    other!.exec("ROLLBACK");
    expect(orderCount()).toBe(ordersBefore);
    expect(stockOf(product.id)).toBe(5);

    const ready = await fetch(`${server.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("Cache-Control")).toBe("no-store");
    expect(await ready.json()).toEqual({ status: "ready" });
    expect((await api.createOrder(String(product.id))).status).toBe(201);
    expect(stockOf(product.id)).toBe(4);
  });

  it("keeps the checkout form's typed values and shows the busy message (no JavaScript)", async () => {
    const product = createProduct(server.db, { title: uniqueWord("Iron"), stock: 3 });
    // A cart cookie is made by the cart page's own action, as a shopper's browser would get it.
    const added = await fetch(`${server.base}/cart`, {
      method: "POST",
      body: new URLSearchParams({ intent: "add", productId: String(product.id), quantity: "1" }),
      headers: { Origin: server.base },
      redirect: "manual",
    });
    const cartCookie = added.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
    expect(cartCookie).not.toBe("");
    const page = await (await fetch(`${server.base}/checkout`, { headers: { Cookie: cartCookie } })).text();
    const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)?.[1] ?? "";

    holdWriteLock();
    const form = new URLSearchParams({
      idempotencyKey: hidden("idempotencyKey"),
      cartSignature: hidden("cartSignature"),
      name: "Rania Haddad",
      email: "rania@example.com",
      phone: "+961 70 123 456",
      district: "Beirut",
      city: "Achrafieh",
      street: "Sursock",
      building: "Block C",
      address: "Third floor, blue door",
    });
    const answer = await fetch(`${server.base}/checkout`, { method: "POST", body: form, headers: { Cookie: cartCookie, Origin: server.base }, redirect: "manual" });
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe("60");
    const html = await answer.text();
    expect(html).toContain("The shop is busy. Please try again in a minute.");
    expect(html).not.toContain("Unexpected Application Error!");
    for (const value of ["Rania Haddad", "rania@example.com", "+961 70 123 456", "Achrafieh", "Sursock", "Block C", "Third floor, blue door"]) {
      expect(html).toContain(value);
    }
    expect(stockOf(product.id)).toBe(3);
  });
});
