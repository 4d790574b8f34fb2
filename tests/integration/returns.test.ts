import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../db/schema/index.ts";
import { advanceOrderStatus } from "~/orders/order-admin.server.ts";
import { placeOrder } from "~/orders/order.server.ts";
import { SHIPPING, apiClient, jsonBody } from "../support/api-client.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer({ signedIn: true });
const api = apiClient(
  () => server.base,
  () => server.cookie,
);

type Customer = { orders: number; delivered: number; returned: number; canceled: number };
type ApiOrder = { _id: string; orderId: number; status: string; totalPrice: number; customer: Customer };
type Overview = {
  last30Days: {
    orders: number;
    canceled: number;
    returned: number;
    revenue: number;
    goodsRevenue: number;
    deliveryFees: number;
    averageOrder: number | null;
  };
  cashToCollect: { orders: number; amount: number };
  returnedLast30Days: { returned: number; shipped: number; rate: number | null };
};

const post = (path: string, body: unknown, init: { admin?: boolean; headers?: Record<string, string> } = {}) => {
  const json = jsonBody(body);
  return api.call(path, {
    method: "POST",
    admin: init.admin ?? true,
    body: json.body,
    headers: { ...json.headers, ...init.headers },
  });
};

/** An order placed through the model with this phone, moved on to `status`. */
function orderWith(phone: string, status: "processing" | "shipped" | "delivered" = "processing", stock = 5) {
  const product = createProduct(server.db, { title: uniqueWord("Ret"), stock, priceCents: 4_000 });
  const { order } = placeOrder(server.db, {
    lines: [{ productId: product.id, size: null, quantity: 1 }],
    shipping: { ...SHIPPING, phone },
  });
  if (status !== "processing") advanceOrderStatus(server.db, order.publicId);
  if (status === "delivered") advanceOrderStatus(server.db, order.publicId);
  return { order, product };
}

const stockOf = (productId: number) =>
  server.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)).get()!.stock;

async function overview() {
  const response = await api.call("/api/admin/overview", { admin: true });
  expect(response.status).toBe(200);
  return (await response.json()) as Overview;
}

describe("order/markReturned", () => {
  it("answers 200 with the returned order, puts the stock back and records the reason", async () => {
    const { order, product } = orderWith("70 111 222", "shipped");
    expect(stockOf(product.id)).toBe(4);
    const response = await post(`/api/order/markReturned?id=${order.publicId}`, {
      reason: "refused",
      note: "Refused at the door, said too expensive",
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; order: ApiOrder };
    expect(body.message).toBe("Order marked as returned");
    expect(body.order).toMatchObject({ _id: order.publicId, status: "returned" });
    expect(body.order.customer).toMatchObject({ orders: 1, returned: 1 });
    expect(stockOf(product.id)).toBe(5);
    const details = await api.call(`/api/order/getOrderById?id=${order.publicId}`, { admin: true });
    const { history } = ((await details.json()) as { order: { history: { event: string; reason?: string }[] } }).order;
    expect(history.at(-1)).toMatchObject({ event: "returned", by: "admin", reason: "refused" });
    // Again: 409, and the stock is not put back twice.
    expect((await post(`/api/order/markReturned?id=${order.publicId}`, { reason: "refused" })).status).toBe(409);
    expect(stockOf(product.id)).toBe(5);
  });

  it("answers 409 from processing or delivered, 400 for a bad reason or note, 404 for an unknown order", async () => {
    for (const status of ["processing", "delivered"] as const) {
      const { order, product } = orderWith("71 222 333", status);
      const response = await post(`/api/order/markReturned?id=${order.publicId}`, { reason: "unreachable" });
      expect(response.status).toBe(409);
      expect(((await response.json()) as { error: string }).error).toBe(
        `Order is ${status}: only a shipped order can be marked as returned`,
      );
      expect(stockOf(product.id)).toBe(4);
    }
    const { order } = orderWith("71 222 333", "shipped");
    for (const body of [{}, { reason: "lost" }, { reason: "other", note: "x".repeat(501) }]) {
      const response = await post(`/api/order/markReturned?id=${order.publicId}`, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/^(reason|note): /);
    }
    expect(
      (await post(`/api/order/markReturned?id=${order.publicId}`, { reason: "other", note: "y".repeat(500) })).status,
    ).toBe(200);
    expect((await post("/api/order/markReturned?id=ffffffffffffffffffffffff", { reason: "other" })).status).toBe(404);
    // updateOrder never reaches returned: a shipped order moves to delivered, and ?status=returned is refused.
    const shipped = orderWith("71 222 333", "shipped").order;
    expect(
      (await api.call(`/api/order/updateOrder?id=${shipped.publicId}&status=returned`, { admin: true })).status,
    ).toBe(400);
  });

  it("leaves a return out of revenue and cash to collect, and counts it in the Overview's returned share", async () => {
    const before = await overview();
    const kept = orderWith("76 333 444", "shipped").order;
    const back = orderWith("76 333 444", "shipped").order;
    const between = await overview();
    expect(between.cashToCollect.amount - before.cashToCollect.amount).toBeCloseTo(
      (kept.totalCents + back.totalCents) / 100,
      2,
    );
    expect((await post(`/api/order/markReturned?id=${back.publicId}`, { reason: "unreachable" })).status).toBe(200);
    const after = await overview();
    // Revenue: only the kept order's total; cash to collect: the kept one only.
    expect(after.last30Days.revenue - before.last30Days.revenue).toBeCloseTo(kept.totalCents / 100, 2);
    // Of it, the kept order's delivery fee is the driver's, the rest the goods.
    expect(after.last30Days.deliveryFees - before.last30Days.deliveryFees).toBeCloseTo(kept.deliveryFeeCents / 100, 2);
    expect(after.last30Days.goodsRevenue - before.last30Days.goodsRevenue).toBeCloseTo(
      (kept.totalCents - kept.deliveryFeeCents) / 100,
      2,
    );
    expect(after.cashToCollect.amount - before.cashToCollect.amount).toBeCloseTo(kept.totalCents / 100, 2);
    expect(after.cashToCollect.orders - before.cashToCollect.orders).toBe(1);
    expect(after.last30Days.orders - before.last30Days.orders).toBe(2);
    expect(after.last30Days.returned - before.last30Days.returned).toBe(1);
    // The returned share: returned ÷ shipped in the 30 days, both counted by this server.
    const { returned, shipped, rate } = after.returnedLast30Days;
    expect(shipped - before.returnedLast30Days.shipped).toBe(2);
    expect(returned - before.returnedLast30Days.returned).toBe(1);
    expect(rate).toBeCloseTo(returned / shipped, 6);
  });
});

describe("a customer: every order with the same phone digits", () => {
  it("counts '03 123 456', '+961 3 123 456' and '9613123456' as one customer, and filters by any of them", async () => {
    const digits = `3${String(Date.now() % 1_000_000).padStart(6, "0")}`;
    const forms = [
      `0${digits[0]} ${digits.slice(1, 4)} ${digits.slice(4)}`,
      `+961 ${digits[0]} ${digits.slice(1, 4)} ${digits.slice(4)}`,
      `961${digits}`,
    ];
    const product = await api.addProduct(uniqueWord("Phone"), 10);
    const ids: string[] = [];
    for (const phone of forms) {
      const response = await post(
        "/api/order/createOrder",
        { items: [{ product: product._id, quantity: 1, size: null }], shippingAddress: { ...SHIPPING, phone } },
        { admin: false },
      );
      expect(response.status).toBe(201);
      const { order } = (await response.json()) as { order: ApiOrder };
      ids.push(order._id);
      expect(order.customer.orders).toBe(ids.length);
    }
    await api.call(`/api/order/updateOrder?id=${ids[0]}`, { admin: true });
    await api.call(`/api/order/updateOrder?id=${ids[0]}`, { admin: true });
    await api.call(`/api/order/cancelOrder?id=${ids[1]}`, { admin: true });
    for (const phone of forms) {
      const response = await api.call(`/api/order/getAllOrders?phone=${encodeURIComponent(phone)}`, { admin: true });
      expect(response.status).toBe(200);
      expect(response.headers.get("X-Total-Count")).toBe("3");
      const { orders } = (await response.json()) as { orders: ApiOrder[] };
      expect(orders.map((order) => order._id).sort()).toEqual([...ids].sort());
      for (const order of orders) expect(order.customer).toEqual({ orders: 3, delivered: 1, returned: 0, canceled: 1 });
    }
  });
});

describe("blocked phones", () => {
  it("blocks a number with a reason, refuses its orders with 403 however written, and unblocks it", async () => {
    const product = await api.addProduct(uniqueWord("Block"), 10);
    const order = (phone: string) =>
      post(
        "/api/order/createOrder",
        { items: [{ product: product._id, quantity: 1, size: null }], shippingAddress: { ...SHIPPING, phone } },
        { admin: false },
      );
    const blocked = await post("/api/customer/block", { phone: "03 999 000", reason: "Refused three parcels" });
    expect(blocked.status).toBe(201);
    const list = await api.call("/api/customer/blocked", { admin: true });
    expect(list.status).toBe(200);
    const { blocked: rows } = (await list.json()) as {
      blocked: { phone: string; reason: string; at: string; by: string }[];
    };
    expect(rows).toContainEqual({
      phone: "03 999 000",
      reason: "Refused three parcels",
      at: expect.any(String),
      by: "admin",
    });

    for (const phone of ["+961 3 999 000", "9613999000"]) {
      const refused = await order(phone);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        error: "We could not take this order online. Please call us to order.",
      });
    }
    const stock = server.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, Number(product._id)))
      .get()!;
    expect(stock.stock).toBe(10);

    expect((await post("/api/customer/unblock", { phone: "+961 3 999 000" })).status).toBe(200);
    expect((await order("03 999 000")).status).toBe(201);
    expect((await post("/api/customer/unblock", { phone: "03 999 000" })).status).toBe(404);
    const bad = await post("/api/customer/block", { phone: "12", reason: "" });
    expect(bad.status).toBe(400);

    const activity = await api.call("/api/admin/activity?kind=customer.blocked", { admin: true });
    expect(JSON.stringify(await activity.json())).toContain("03 999 000");
  });

  it("every new call needs the session (401) and the same site (403)", async () => {
    const { order } = orderWith("78 444 555", "shipped");
    const calls = [
      ["POST", `/api/order/markReturned?id=${order.publicId}`, { reason: "refused" }],
      ["POST", "/api/customer/block", { phone: "03 444 555", reason: "Test" }],
      ["POST", "/api/customer/unblock", { phone: "03 444 555" }],
      ["GET", "/api/customer/blocked", undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      const init: { body?: string; headers?: Record<string, string> } = body === undefined ? {} : jsonBody(body);
      const anonymous = await api.call(path, { method, ...init });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(await anonymous.json()).toEqual({ error: "Authentication required" });
      const crossSiteHeaders: Record<string, string>[] = [
        { Origin: "https://evil.example" },
        { "Sec-Fetch-Site": "cross-site" },
      ];
      for (const headers of crossSiteHeaders) {
        const crossSite = await api.call(path, {
          method,
          admin: true,
          body: init.body,
          headers: { ...init.headers, ...headers },
        });
        expect(crossSite.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    // Nothing changed.
    const list = await api.call("/api/customer/blocked", { admin: true });
    expect(JSON.stringify(await list.json())).not.toContain("03 444 555");
    const details = await api.call(`/api/order/getOrderById?id=${order.publicId}`, { admin: true });
    expect(((await details.json()) as { order: ApiOrder }).order.status).toBe("shipped");
  });
});
