import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "../../db/schema/index.ts";
import { advanceOrderStatus, cancelOrder } from "~/orders/order-admin.server.ts";
import { placeOrder, type ShippingInput } from "~/orders/order.server.ts";
import { getOverview } from "~/overview/overview.server.ts";
import { listActivity } from "~/overview/activity.server.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { createProduct } from "../support/db-factories.ts";
import { openLargeDatabase } from "../support/large-databases.ts";
import { createTestDb } from "../support/test-db.ts";
import { medianOfNine } from "../support/timing.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const shipping: ShippingInput = {
  name: "Nour Haddad",
  email: "nour@example.com",
  phone: "+961 70 123 456",
  address: "Near the bakery",
  city: "Tripoli",
  district: "North Lebanon",
  street: "Main",
  building: "4",
} as ShippingInput;

/** Moves an order's creation time back, as if it had been placed then (the triggers count it by its time). */
function backdate(db: ReturnType<typeof createTestDb>, publicId: string, at: number) {
  db.update(orders)
    .set({ createdAt: new Date(at) })
    .where(eq(orders.publicId, publicId))
    .run();
}

describe("the owner's overview against known data", () => {
  // Noon in Beirut on 24 November 2026 (UTC+2).
  const now = Date.parse("2026-11-24T10:00:00Z");
  const db = createTestDb();
  let ids: Record<string, number> = {};

  beforeAll(() => {
    const old = now - 90 * DAY_MS;
    ids = {
      kettle: createProduct(db, { title: "Kettle", stock: 10, priceCents: 2_000 }).id,
      mixer: createProduct(db, { title: "Mixer", stock: 3, priceCents: 5_000 }).id,
      drill: createProduct(db, { title: "Drill", stock: 2, priceCents: 7_000 }).id,
      lamp: createProduct(db, { title: "Lamp", stock: 0, priceCents: 1_000 }).id,
      radio: createProduct(db, { title: "Radio", stock: 4, priceCents: 3_000 }).id,
    };
    db.update(products)
      .set({ createdAt: new Date(old) })
      .where(eq(products.id, ids.radio!))
      .run();
    db.update(products)
      .set({ createdAt: new Date(old) })
      .where(eq(products.id, ids.kettle!))
      .run();

    const order = (productId: number, quantity: number, at: number) => {
      const placed = placeOrder(db, { lines: [{ productId, size: null, quantity }], shipping }).order;
      db.update(orders)
        .set({ createdAt: new Date(at) })
        .where(eq(orders.id, placed.id))
        .run();
      return placed.publicId;
    };
    // Today: two orders, one canceled. Moving createdAt after the insert must not confuse the sums,
    // so these use the real time of day on the test's "today" from the start.
    order(ids.kettle!, 2, now); // $40 + fee
    const canceled = order(ids.mixer!, 2, now); // canceled: $100 + fee out of revenue
    cancelOrder(db, canceled);
    // 3 days ago, shipped: cash to collect.
    const shipped = order(ids.drill!, 1, now - 3 * DAY_MS);
    advanceOrderStatus(db, shipped);
    // 20 days ago.
    order(ids.kettle!, 1, now - 20 * DAY_MS);
  });

  it("counts orders, revenue without canceled orders, and the average, for today, 7 and 30 days", () => {
    const overview = getOverview(db, { now });
    expect(overview.today).toEqual({
      orders: 2,
      canceled: 1,
      returned: 0,
      revenueCents: 4_400,
      refunds: 0,
      refundsCents: 0,
      deliveryFeesCents: 400,
      goodsRevenueCents: 4_000,
      averageCents: 4_400,
      // No product here has a cost: the goods count as profit, and their units as sold without one.
      grossProfitCents: 4_000,
      margin: 1,
      itemsWithoutCost: 2,
    });
    expect(overview.last7Days).toEqual({
      orders: 3,
      canceled: 1,
      returned: 0,
      revenueCents: 4_400 + 7_400,
      refunds: 0,
      refundsCents: 0,
      deliveryFeesCents: 800,
      goodsRevenueCents: 4_000 + 7_000,
      averageCents: 5_900,
      grossProfitCents: 4_000 + 7_000,
      margin: 1,
      itemsWithoutCost: 3,
    });
    expect(overview.last30Days.orders).toBe(4);
    expect(overview.last30Days.revenueCents).toBe(4_400 + 7_400 + 2_400);
    expect(overview.daily).toHaveLength(30);
    expect(overview.daily.at(-1)).toEqual({ date: "2026-11-24", orders: 2, revenueCents: 4_400 });
    expect(overview.daily.find((day) => day.date === "2026-11-21")?.revenueCents).toBe(7_400);
  });

  it("lists what needs doing and what is selling", () => {
    const overview = getOverview(db, { now });
    expect(overview.toShip).toBe(2);
    expect(overview.toConfirm).toBe(2);
    expect(overview.cashToCollect).toEqual({ orders: 1, amountCents: 7_400 });
    expect(overview.lowStock.map((line) => [line.title, line.stock])).toEqual([["Drill", 1]]);
    expect(overview.soldOut.count).toBe(1);
    expect(overview.soldOut.products.map((line) => line.title)).toEqual(["Lamp"]);
    // Radio: listed 90 days ago, never sold. Kettle: as old, but sold today.
    expect(overview.slowMovers.map((line) => line.title)).toEqual(["Radio"]);
    expect(overview.bestSellers.map((line) => [line.title, line.quantity])).toEqual([
      ["Kettle", 3],
      ["Drill", 1],
    ]);
  });

  it("'today' follows Beirut: 23:30 UTC is already tomorrow there", () => {
    const late = Date.parse("2026-11-24T23:30:00Z");
    const product = createProduct(db, { title: "Late", stock: 5, priceCents: 1_000 });
    const placed = placeOrder(db, { lines: [{ productId: product.id, size: null, quantity: 1 }], shipping }).order;
    backdate(db, placed.publicId, late);
    const overview = getOverview(db, { now: late });
    expect(overview.daily.at(-1)!.date).toBe("2026-11-25");
    expect(overview.today.orders).toBe(1);
  });
});

describe("the overview's goods and delivery fees (the driver's)", () => {
  const now = Date.parse("2026-11-24T10:00:00Z");
  const db = createTestDb();
  const place = (priceCents: number) => {
    const product = createProduct(db, { title: `Goods ${priceCents}`, stock: 5, priceCents });
    const placed = placeOrder(db, { lines: [{ productId: product.id, size: null, quantity: 1 }], shipping }).order;
    backdate(db, placed.publicId, now);
    return placed;
  };
  const setStatus = (publicId: string, status: "processing" | "canceled" | "returned") =>
    db.update(orders).set({ status }).where(eq(orders.publicId, publicId)).run();

  it("splits revenue into goods and fees, leaves a canceled order out, and follows a status change back", () => {
    const kept = place(3_000);
    const canceled = place(8_000);
    expect(kept.deliveryFeeCents).toBeGreaterThan(0);
    cancelOrder(db, canceled.publicId);
    const fee = kept.deliveryFeeCents;
    let today = getOverview(db, { now }).today;
    expect(today).toMatchObject({ revenueCents: 3_000 + fee, goodsRevenueCents: 3_000, deliveryFeesCents: fee });

    // Back from canceled: its goods and fee count again; returned: out again.
    setStatus(canceled.publicId, "processing");
    today = getOverview(db, { now }).today;
    expect(today).toMatchObject({
      revenueCents: 11_000 + fee + canceled.deliveryFeeCents,
      goodsRevenueCents: 11_000,
      deliveryFeesCents: fee + canceled.deliveryFeeCents,
    });
    setStatus(kept.publicId, "returned");
    today = getOverview(db, { now }).today;
    expect(today).toMatchObject({ goodsRevenueCents: 8_000, deliveryFeesCents: canceled.deliveryFeeCents });
  });

  it("moves the fees with an order moved to another hour, and the migration's backfill gives the same sums", () => {
    const moved = place(2_000);
    backdate(db, moved.publicId, now - 3 * DAY_MS);
    const before = getOverview(db, { now });
    expect(before.today.deliveryFeesCents + moved.deliveryFeeCents).toBe(before.last7Days.deliveryFeesCents);
    // The backfill (migration overview_fees_and_driver_note) recomputes from the orders: nothing changes.
    db.$client.exec("UPDATE sales_by_hour SET delivery_cents = 0");
    db.$client.exec(`UPDATE sales_by_hour SET delivery_cents = f.fees
      FROM (SELECT CAST(created_at / 3600000 AS INTEGER) AS hour, sum(delivery_fee_cents) AS fees
            FROM orders WHERE status NOT IN ('canceled', 'returned') GROUP BY 1) AS f
      WHERE sales_by_hour.hour = f.hour`);
    expect(getOverview(db, { now })).toEqual(before);
  });
});

describe("the overview's gross profit (goods revenue less their cost)", () => {
  const now = Date.parse("2026-11-24T10:00:00Z");
  const db = createTestDb();
  const withCost = (title: string, priceCents: number, costCents: number | null) => {
    const product = createProduct(db, { title, stock: 20, priceCents });
    db.update(products).set({ costCents }).where(eq(products.id, product.id)).run();
    return product.id;
  };
  const place = (productId: number, quantity = 1, at = now) => {
    const placed = placeOrder(db, { lines: [{ productId, size: null, quantity }], shipping }).order;
    backdate(db, placed.publicId, at);
    return placed.publicId;
  };
  const setStatus = (publicId: string, status: "processing" | "canceled" | "returned") =>
    db.update(orders).set({ status }).where(eq(orders.publicId, publicId)).run();
  const today = () => getOverview(db, { now }).today;

  it("counts two units at $50 that cost $30 as $40, takes a canceled or returned one out, and follows it back", () => {
    const kettle = withCost("Costed kettle", 5_000, 3_000);
    const first = place(kettle);
    place(kettle);
    expect(today()).toMatchObject({ goodsRevenueCents: 10_000, grossProfitCents: 4_000, itemsWithoutCost: 0 });
    expect(today().margin).toBeCloseTo(0.4, 10);

    cancelOrder(db, first);
    expect(today()).toMatchObject({ goodsRevenueCents: 5_000, grossProfitCents: 2_000 });
    setStatus(first, "processing");
    expect(today().grossProfitCents).toBe(4_000);
    setStatus(first, "returned");
    expect(today().grossProfitCents).toBe(2_000);
    setStatus(first, "processing");

    // The cost is the one the order was placed with: a later change leaves past profit alone.
    db.update(products).set({ costCents: 4_900 }).where(eq(products.id, kettle)).run();
    expect(today().grossProfitCents).toBe(4_000);
  });

  it("counts the units sold without a cost, out again when their order is canceled", () => {
    const before = today();
    const lamp = withCost("Lamp without a cost", 2_500, null);
    const order = place(lamp, 3);
    expect(today().itemsWithoutCost - before.itemsWithoutCost).toBe(3);
    // Without a cost the goods count whole: nothing is taken off for them.
    expect(today().grossProfitCents - before.grossProfitCents).toBe(7_500);
    cancelOrder(db, order);
    expect(today()).toMatchObject({
      itemsWithoutCost: before.itemsWithoutCost,
      grossProfitCents: before.grossProfitCents,
    });
  });

  it("moves the cost with an order moved to another hour, and the kept sums equal a count from the items", () => {
    const radio = withCost("Costed radio", 8_000, 5_000);
    const moved = place(radio, 2);
    const before = getOverview(db, { now });
    backdate(db, moved, now - 3 * DAY_MS);
    const after = getOverview(db, { now });
    expect(before.today.grossProfitCents - after.today.grossProfitCents).toBe(6_000);
    expect(after.last7Days.grossProfitCents).toBe(before.last7Days.grossProfitCents);
    // A canceled order moved: nothing of it is counted anywhere.
    cancelOrder(db, moved);
    backdate(db, moved, now - 4 * DAY_MS);
    expect(getOverview(db, { now }).last7Days.grossProfitCents).toBe(before.last7Days.grossProfitCents - 6_000);

    const kept = db.$client
      .prepare("SELECT sum(cost_cents) AS cost, sum(units_without_cost) AS units FROM sales_by_hour")
      .get() as { cost: number; units: number };
    const counted = db.$client
      .prepare(
        `SELECT coalesce(sum(oi.quantity * oi.unit_cost_cents), 0) AS cost,
                coalesce(sum(CASE WHEN oi.unit_cost_cents IS NULL THEN oi.quantity END), 0) AS units
         FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE o.status NOT IN ('canceled', 'returned')`,
      )
      .get() as { cost: number; units: number };
    expect(kept).toEqual(counted);
  });
});

describe("the overview at 100,000 orders and 100,000 products", () => {
  // 100,000 orders over the last year (274 a day), each with one line, through the real tables and
  // triggers, and 100,000 activity entries: built once (tests/support/large-databases.ts).
  let db: Db;
  beforeAll(async () => {
    db = await openLargeDatabase("overview");
  }, 300_000);

  it("lists the activity log, filtered or not, within 50 ms at 100,000 entries", () => {
    const figures = {
      newest: medianOfNine(() => listActivity(db, {})),
      page50: medianOfNine(() => listActivity(db, { page: 50 })),
      byKind: medianOfNine(() => listActivity(db, { kind: "order.note" })),
      byProduct: medianOfNine(() => listActivity(db, { productId: 42 })),
    };
    console.log(
      `Activity at 100,000 entries (median of 9, ms): ${JSON.stringify(Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Number(v.toFixed(2))])))}`,
    );
    for (const time of Object.values(figures)) expect(time).toBeLessThan(50);
  });

  it("returns within 50 ms in the model layer", () => {
    const median = medianOfNine(() => getOverview(db));
    console.log(`Overview at 100,000 orders and 100,000 products: ${median.toFixed(2)} ms (median of 9)`);
    expect(median).toBeLessThan(50);
  });
});
