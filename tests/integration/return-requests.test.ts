import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../db/schema/index.ts";
import { advanceOrderStatus } from "~/orders/order-admin.server.ts";
import { placeOrder } from "~/orders/order.server.ts";
import { apiClient, jsonBody, SHIPPING } from "../support/api-client.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer({ signedIn: true });
const api = apiClient(
  () => server.base,
  () => server.cookie,
);

const post = (path: string, body: unknown, { admin = true, headers = {} as Record<string, string> } = {}) => {
  const json = jsonBody(body);
  return api.call(path, { method: "POST", admin, body: json.body, headers: { ...json.headers, ...headers } });
};

function deliveredOrder() {
  const product = createProduct(server.db, { title: uniqueWord("Toaster"), priceCents: 5_000, stock: 4 });
  const { order } = placeOrder(server.db, {
    lines: [{ productId: product.id, size: null, quantity: 2 }],
    shipping: { ...SHIPPING, district: "Beirut" },
  });
  advanceOrderStatus(server.db, order.publicId, "shipped");
  advanceOrderStatus(server.db, order.publicId, "delivered");
  return { product, order };
}

describe("returns after delivery over /api/", () => {
  it("asks, approves and receives as the contract says, every order answer carrying returnRequest", async () => {
    const { product, order } = deliveredOrder();
    const ask = (body: unknown) => post(`/api/order/requestReturn?id=${order.publicId}`, body, { admin: false });
    const items = [{ product: String(product.id), quantity: 1 }];

    const wrong = await ask({ phone: "+961 3 999 999", items, reason: "defective" });
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toEqual({ error: "Order not found" });
    const tooMany = await ask({
      phone: SHIPPING.phone,
      items: [{ product: product.id, quantity: 3 }],
      reason: "other",
    });
    expect(tooMany.status).toBe(400);
    const badReason = await ask({ phone: SHIPPING.phone, items, reason: "broken" });
    expect(badReason.status).toBe(400);

    const asked = await ask({ phone: SHIPPING.phone, items, reason: "defective", note: "Burns the bread" });
    expect(asked.status).toBe(201);
    expect((await asked.json()).returnRequest).toMatchObject({
      status: "requested",
      reason: "defective",
      note: "Burns the bread",
      refund: null,
      items: [{ product: String(product.id), quantity: 1 }],
    });
    expect((await ask({ phone: SHIPPING.phone, items, reason: "defective" })).status).toBe(409);

    // Admin calls: the session, then the same-site guard.
    const anonymous = await post(`/api/order/approveReturn?id=${order.publicId}`, {}, { admin: false });
    expect(anonymous.status).toBe(401);
    const crossSite = await post(
      `/api/order/approveReturn?id=${order.publicId}`,
      {},
      {
        headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      },
    );
    expect(crossSite.status).toBe(403);
    expect((await post(`/api/order/receiveReturn?id=${order.publicId}`, { refund: 50, restock: true })).status).toBe(
      409,
    );
    const approved = await post(`/api/order/approveReturn?id=${order.publicId}`, {});
    expect(approved.status).toBe(200);
    expect((await approved.json()).order.returnRequest.status).toBe("approved");

    const over = await post(`/api/order/receiveReturn?id=${order.publicId}`, { refund: 50.01, restock: true });
    expect(over.status).toBe(400);
    expect((await over.json()).error).toMatch(/^Refund: at most \$50\.00/);
    const rounded = await post(`/api/order/receiveReturn?id=${order.publicId}`, { refund: 49.999, restock: true });
    expect(rounded.status).toBe(400);

    const before = (await (await api.call("/api/admin/overview", { admin: true })).json()).today.revenue;
    const [first, second] = await Promise.all([
      post(`/api/order/receiveReturn?id=${order.publicId}`, { refund: 50, restock: true }),
      post(`/api/order/receiveReturn?id=${order.publicId}`, { refund: 50, restock: true }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const stock = server.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)).get()!;
    expect(stock.stock).toBe(3);
    const overview = await (await api.call("/api/admin/overview", { admin: true })).json();
    expect(overview.today.revenue).toBeCloseTo(before - 50, 2);
    expect(overview.refunds.amount).toBeGreaterThanOrEqual(50);
    const fetched = await (await api.call(`/api/order/getOrderById?id=${order.publicId}`, { admin: true })).json();
    expect(fetched.order.returnRequest).toMatchObject({ status: "received", refund: 50, items: [{ restocked: 1 }] });
  });

  it("keeps returnDays in the settings, 0 to 30", async () => {
    const put = (body: unknown) => api.call("/api/admin/settings", { method: "PUT", admin: true, ...jsonBody(body) });
    expect((await (await api.call("/api/admin/settings", { admin: true })).json()).settings.returnDays).toBe(7);
    expect((await put({ returnDays: 31 })).status).toBe(400);
    expect((await put({ returnDays: 2.5 })).status).toBe(400);
    const saved = await put({ returnDays: 14 });
    expect(saved.status).toBe(200);
    expect((await saved.json()).settings.returnDays).toBe(14);
    await put({ returnDays: 7 });
  });
});
