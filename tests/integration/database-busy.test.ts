import path from "node:path";
import Database from "better-sqlite3";
import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { orders, productImages, products } from "../../db/schema/index.ts";
import { apiClient } from "../support/api-client.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { useTestServer } from "../support/test-server.ts";
import { cartCookieWith } from "../support/cart-cookie.ts";

// A short busy timeout keeps the "past the timeout" case quick; the production default is 5000 ms.
const BUSY_TIMEOUT_MS = 2000;
const server = useTestServer({ signedIn: true, env: { SQLITE_BUSY_TIMEOUT_MS: String(BUSY_TIMEOUT_MS) } });
const api = apiClient(
  () => server.base,
  () => server.cookie,
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

const stockOf = (id: number) =>
  server.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)).get()!.stock;
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

  it("past the busy timeout responds 503 with Retry-After and writes nothing; /readyz says so until the lock goes", async () => {
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
    const cartCookie = await cartCookieWith(server.base, product.id);
    expect(cartCookie).not.toBe("");
    const page = await (await fetch(`${server.base}/checkout`, { headers: { Cookie: cartCookie } })).text();
    const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)?.[1] ?? "";

    holdWriteLock();
    const form = new URLSearchParams({
      idempotencyKey: hidden("idempotencyKey"),
      cartSignature: hidden("cartSignature"),
      deliverySignature: hidden("deliverySignature"),
      name: "Rania Haddad",
      email: "rania@example.com",
      phone: "+961 70 123 456",
      district: "Beirut",
      city: "Achrafieh",
      street: "Sursock",
      building: "Block C",
      address: "Third floor, blue door",
    });
    const busyResponse = await fetch(`${server.base}/checkout`, {
      method: "POST",
      body: form,
      headers: { Cookie: cartCookie, Origin: server.base },
      redirect: "manual",
    });
    expect(busyResponse.status).toBe(503);
    expect(busyResponse.headers.get("Retry-After")).toBe("60");
    const html = await busyResponse.text();
    expect(html).toContain("The shop is busy. Please try again in a minute.");
    expect(html).not.toContain("Unexpected Application Error!");
    for (const value of [
      "Rania Haddad",
      "rania@example.com",
      "+961 70 123 456",
      "Achrafieh",
      "Sursock",
      "Block C",
      "Third floor, blue door",
    ]) {
      expect(html).toContain(value);
    }
    expect(stockOf(product.id)).toBe(3);
  });

  it("keeps the admin's typed product edit with the busy message; an order action and logging out say so in a toast", async () => {
    const title = uniqueWord("Mixer");
    const product = await api.addProduct(title, 6);
    const image = server.db
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, Number(product._id)))
      .get()!;
    const placed = (await (await api.createOrder(product._id)).json()) as { order: { _id: string } };
    const headers = { Cookie: server.cookie, Origin: server.base };

    holdWriteLock();
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: "Mixer, typed while busy",
      price: "31.50",
      description: "Typed while the database was locked",
      category: "Tools",
      quantity: "7",
      imageId: String(image.id),
      keepImage: String(image.id),
    })) {
      form.append(name, value);
    }
    const edit = await fetch(`${server.base}/admin/products/${product._id}/edit`, {
      method: "POST",
      body: form,
      headers,
      redirect: "manual",
    });
    expect(edit.status).toBe(503);
    const html = await edit.text();
    expect(html).toContain("The shop is busy. Please try again in a minute.");
    for (const value of ["Mixer, typed while busy", "31.50", "Typed while the database was locked"])
      expect(html).toContain(value);

    const advance = await fetch(`${server.base}/admin/orders/${placed.order._id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "advance", status: "shipped" }),
      headers,
      redirect: "manual",
    });
    expect(advance.status).toBe(302);
    const flash = advance.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    other!.exec("ROLLBACK");
    const list = await (
      await fetch(`${server.base}${advance.headers.get("Location")}`, {
        headers: { Cookie: `${server.cookie}; ${flash}` },
      })
    ).text();
    expect(list).toContain("Error updating order status: The shop is busy. Please try again in a minute.");

    const stored = server.db
      .select({ title: products.title, stock: products.stock })
      .from(products)
      .where(eq(products.id, Number(product._id)))
      .get()!;
    expect(stored).toEqual({ title, stock: 5 });
    expect(
      server.db.select({ status: orders.status }).from(orders).where(eq(orders.publicId, placed.order._id)).get()!
        .status,
    ).toBe("processing");
    // An action with nothing typed to give back says so where the admin is (here: still signed in).
    holdWriteLock();
    const logout = await fetch(`${server.base}/admin/logout`, { method: "POST", headers, redirect: "manual" });
    other!.exec("ROLLBACK");
    expect(logout.status).toBe(302);
    // Back to where the member lands after signing in: the Overview, for the owner.
    expect(logout.headers.get("Location")).toBe("/admin/overview");
    const logoutFlash = logout.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    const landing = await (
      await fetch(`${server.base}/admin/overview`, { headers: { Cookie: `${server.cookie}; ${logoutFlash}` } })
    ).text();
    expect(landing).toContain("Error logging out: The shop is busy. Please try again in a minute.");
  });
});
