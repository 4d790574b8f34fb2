import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "../../db/schema/index.ts";
import {
  advanceOrderStatus,
  cancelOrder,
  countOrders,
  listOrders,
  OrderStatusConflict,
} from "~/orders/order-admin.server.ts";
import { confirmOrder } from "~/orders/order-desk.server.ts";
import { loadOrder, OrderRefused, placeOrder } from "~/orders/order.server.ts";
import { createProduct } from "../support/db-factories.ts";
import { createTestDb, TEST_SHIPPING } from "../support/test-db.ts";
import { startTestServer } from "../support/test-server.ts";

describe("placeOrder", () => {
  it("charges the database's prices and computes the totals on the server", () => {
    const db = createTestDb();
    const a = createProduct(db, { title: "Kettle", priceCents: 1_999, stock: 5 });
    const b = createProduct(db, { title: "Shirt", priceCents: 2_550, stock: 5, sizes: ["M", "L"] });
    const { order, created } = placeOrder(db, {
      lines: [
        { productId: a.id, size: null, quantity: 2 },
        { productId: b.id, size: "M", quantity: 1 },
        { productId: b.id, size: "L", quantity: 1 },
      ],
      shipping: TEST_SHIPPING,
    });
    expect(created).toBe(true);
    expect(order).toMatchObject({
      status: "processing",
      subtotalCents: 9_098,
      deliveryFeeCents: 400,
      totalCents: 9_498,
      orderNumber: 1001,
    });
    expect(order.items.map((item) => [item.title, item.size, item.quantity, item.unitPriceCents])).toEqual([
      ["Kettle", null, 2, 1_999],
      ["Shirt", "M", 1, 2_550],
      ["Shirt", "L", 1, 2_550],
    ]);
    expect(db.select({ stock: products.stock }).from(products).where(eq(products.id, b.id)).get()!.stock).toBe(3);
  });

  it("makes one order for a repeated idempotency key", () => {
    const db = createTestDb();
    const product = createProduct(db, { title: "Fan", stock: 10 });
    const input = {
      lines: [{ productId: product.id, size: null, quantity: 1 }],
      shipping: TEST_SHIPPING,
      idempotencyKey: "checkout-form-1",
    };
    const first = placeOrder(db, input);
    const second = placeOrder(db, input);
    expect(second.created).toBe(false);
    expect(second.order.publicId).toBe(first.order.publicId);
    expect(db.select().from(orders).all()).toHaveLength(1);
    expect(db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)).get()!.stock).toBe(9);
  });

  it("refuses a repeated idempotency key with a different request, storing nothing", () => {
    const db = createTestDb();
    const product = createProduct(db, { title: "Heater", stock: 10 });
    const input = {
      lines: [{ productId: product.id, size: null, quantity: 1 }],
      shipping: TEST_SHIPPING,
      idempotencyKey: "checkout-form-2",
    };
    placeOrder(db, input);
    for (const changed of [
      { ...input, lines: [{ productId: product.id, size: null, quantity: 2 }] },
      { ...input, shipping: { ...TEST_SHIPPING, name: "Someone Else" } },
    ]) {
      expect(() => placeOrder(db, changed)).toThrow(expect.objectContaining({ reason: "key-reused" }));
    }
    expect(db.select().from(orders).all()).toHaveLength(1);
    expect(db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)).get()!.stock).toBe(9);
  });

  it("leaves stock and orders untouched when any line cannot be had", () => {
    const db = createTestDb();
    const plenty = createProduct(db, { title: "Plenty", stock: 10 });
    const scarce = createProduct(db, { title: "Scarce", stock: 1 });
    const hidden = createProduct(db, { title: "Hidden", stock: 10, isHidden: true });
    const attempt = (lines: { productId: number; size: string | null; quantity: number }[]) => () =>
      placeOrder(db, { lines, shipping: TEST_SHIPPING });
    expect(
      attempt([
        { productId: plenty.id, size: null, quantity: 3 },
        { productId: scarce.id, size: null, quantity: 2 },
      ]),
    ).toThrow(OrderRefused);
    try {
      attempt([
        { productId: plenty.id, size: null, quantity: 3 },
        { productId: scarce.id, size: null, quantity: 2 },
      ])();
    } catch (error) {
      expect(error).toMatchObject({ reason: "stock", details: { title: "Scarce", remaining: 1 } });
    }
    expect(
      attempt([
        { productId: plenty.id, size: null, quantity: 1 },
        { productId: hidden.id, size: null, quantity: 1 },
      ]),
    ).toThrow(/not available/);
    expect(attempt([{ productId: 424242, size: null, quantity: 1 }])).toThrow(OrderRefused);
    expect(db.select({ stock: products.stock }).from(products).where(eq(products.id, plenty.id)).get()!.stock).toBe(10);
    expect(db.select().from(orders).all()).toHaveLength(0);
  });
});

describe("order status", () => {
  it("moves only forward and never leaves a terminal status", () => {
    const db = createTestDb();
    const product = createProduct(db, { title: "Iron", stock: 5 });
    const { order } = placeOrder(db, {
      lines: [{ productId: product.id, size: null, quantity: 1 }],
      shipping: TEST_SHIPPING,
    });
    expect(advanceOrderStatus(db, order.publicId).status).toBe("shipped");
    expect(advanceOrderStatus(db, order.publicId).status).toBe("delivered");
    expect(() => advanceOrderStatus(db, order.publicId)).toThrow(OrderStatusConflict);
    expect(() => cancelOrder(db, order.publicId)).toThrow(OrderStatusConflict);
  });

  it("refuses a repeated click that would skip a step", () => {
    const db = createTestDb();
    const product = createProduct(db, { title: "Mixer", stock: 5 });
    const { order } = placeOrder(db, {
      lines: [{ productId: product.id, size: null, quantity: 1 }],
      shipping: TEST_SHIPPING,
    });
    expect(advanceOrderStatus(db, order.publicId, "shipped").status).toBe("shipped");
    expect(() => advanceOrderStatus(db, order.publicId, "shipped")).toThrow(OrderStatusConflict);
    expect(loadOrder(db, order.publicId)!.status).toBe("shipped");
  });

  it("lists orders with their item counts, by view and search", () => {
    const db = createTestDb();
    const product = createProduct(db, { title: "Lamp", stock: 20 });
    const a = placeOrder(db, {
      lines: [{ productId: product.id, size: null, quantity: 2 }],
      shipping: { ...TEST_SHIPPING, name: "Rami" },
    }).order;
    placeOrder(db, {
      lines: [{ productId: product.id, size: null, quantity: 5 }],
      shipping: { ...TEST_SHIPPING, name: "Hala", city: "Tyre" },
    });
    cancelOrder(db, a.publicId);
    expect(listOrders(db, { view: "active" }).rows.map((row) => [row.customerName, row.itemCount])).toEqual([
      ["Hala", 5],
    ]);
    expect(listOrders(db, { view: "completed" }).rows.map((row) => [row.customerName, row.itemCount])).toEqual([
      ["Rami", 2],
    ]);
    expect(listOrders(db, { view: "active", search: "TYRE" }).total).toBe(1);
    expect(listOrders(db, { view: "active", search: "100%" }).total).toBe(0);
    expect(countOrders(db)).toEqual({ active: 1, completed: 1, toConfirm: 1 });
    expect(listOrders(db, { view: "to-confirm" }).rows.map((row) => row.customerName)).toEqual(["Hala"]);
    confirmOrder(db, listOrders(db, { view: "active" }).rows[0]!.publicId, { username: "admin", address: null });
    expect(listOrders(db, { view: "to-confirm" }).total).toBe(0);
    expect(countOrders(db)).toEqual({ active: 1, completed: 1, toConfirm: 0 });
  });

  it("cancel restores the stock exactly once", () => {
    const db = createTestDb();
    const product = createProduct(db, { title: "Drill", stock: 5 });
    const { order } = placeOrder(db, {
      lines: [{ productId: product.id, size: null, quantity: 3 }],
      shipping: TEST_SHIPPING,
    });
    advanceOrderStatus(db, order.publicId);
    expect(cancelOrder(db, order.publicId).status).toBe("canceled");
    expect(() => cancelOrder(db, order.publicId)).toThrow(OrderStatusConflict);
    expect(() => advanceOrderStatus(db, order.publicId)).toThrow(OrderStatusConflict);
    expect(db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)).get()!.stock).toBe(5);
  });
});

describe("createOrder under concurrency (real server)", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("50 simultaneous orders for the last 5 items make exactly 5 orders", async () => {
    const product = createProduct(server.db, { title: "Last Five", stock: 5, priceCents: 1_000 });
    const body = JSON.stringify({
      items: [{ product: String(product.id), quantity: 1, size: null }],
      shippingAddress: TEST_SHIPPING,
    });
    const statuses = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${server.base}/api/order/createOrder`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body,
        }).then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(45);
    expect(
      server.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)).get()!.stock,
    ).toBe(0);
    expect(
      server.db
        .select()
        .from(orders)
        .all()
        .filter((order) => order.customerName === "Nour"),
    ).toHaveLength(5);
  });

  it("the same Idempotency-Key sent twice at once makes one order", async () => {
    const product = createProduct(server.db, { title: "Twice", stock: 5 });
    const send = () =>
      fetch(`${server.base}/api/order/createOrder`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": "double-click-1" },
        body: JSON.stringify({ items: [{ product: product.id, quantity: 1 }], shippingAddress: TEST_SHIPPING }),
      }).then(async (response) => ({
        status: response.status,
        id: ((await response.json()) as { order: { _id: string } }).order._id,
      }));
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.id).toBe(b.id);
    expect(
      server.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)).get()!.stock,
    ).toBe(4);
  });
});
