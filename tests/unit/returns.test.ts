import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, productSizeStock, products, productSalesByDay } from "../../db/schema/index.ts";
import { advanceOrderStatus, cancelOrder, OrderStatusConflict } from "~/orders/order-admin.server.ts";
import { blockPhone, customerRecord, unblockPhone } from "~/orders/customers.server.ts";
import { markReturned } from "~/orders/order-return.server.ts";
import { loadOrder, OrderRefused, placeOrder } from "~/orders/order.server.ts";
import { loadApiOrderWithDesk } from "~/orders/order-desk.server.ts";
import { getOverview } from "~/overview/overview.server.ts";
import { listActivity } from "~/overview/activity.server.ts";
import { phoneKey } from "~/utils/phone-number.ts";
import { createProduct } from "../support/db-factories.ts";
import { openLargeDatabase } from "../support/large-databases.ts";
import { createTestDb, TEST_SHIPPING } from "../support/test-db.ts";
import { medianOfNine } from "../support/timing.ts";

const owner = { username: "owner", address: "127.0.0.1" };

describe("phoneKey, the one way phones are compared", () => {
  it("makes the ways of writing a Lebanese number one key, in E.164", () => {
    for (const phone of ["03 123 456", "+961 3 123 456", "9613123456", "00961 3 123 456", "+961 03 123 456", "3123456"])
      expect(phoneKey(phone), phone).toBe("+9613123456");
    expect(phoneKey("71 123 456")).toBe(phoneKey("+961 71 123 456"));
    expect(phoneKey("09 612 345")).toBe("+9619612345");
    expect(phoneKey("+33 6 12 34 56 78")).toBe("+33612345678");
    // The trunk 0 some countries write after their code is read as the phone library reads it.
    expect(phoneKey("+44 (0)20 7946 0958")).toBe("+442079460958");
    // A number the library refuses (a digit short) still has one key for its spellings.
    expect(phoneKey("03 12 456")).toBe(phoneKey("+961 3 12 456"));
    expect(phoneKey("03 123 457")).not.toBe(phoneKey("03 123 456"));
  });
});

describe("markReturned", () => {
  const db = createTestDb();
  const place = (productId: number, size: string | null, phone = "03 555 111") =>
    placeOrder(db, { lines: [{ productId, size, quantity: 1 }], shipping: { ...TEST_SHIPPING, phone } }).order;

  it("moves only a shipped order, puts its stock back to its size and takes it out of the sales", () => {
    const dress = createProduct(db, { title: "Dress", stockBySize: { S: 1, M: 2 }, priceCents: 3_000 });
    const order = place(dress.id, "M");
    expect(db.select().from(productSizeStock).where(eq(productSizeStock.productId, dress.id)).all()).toContainEqual({
      productId: dress.id,
      size: "M",
      stock: 1,
    });
    expect(() => markReturned(db, order.publicId, { reason: "refused" }, owner)).toThrow(OrderStatusConflict);
    advanceOrderStatus(db, order.publicId, "shipped", owner);
    const sold = () => db.select().from(productSalesByDay).where(eq(productSalesByDay.productId, dress.id)).get();
    expect(sold()?.quantity).toBe(1);

    const returned = markReturned(db, order.publicId, { reason: "refused", note: "Said he never ordered" }, owner);
    expect(returned.status).toBe("returned");
    const sizes = db.select().from(productSizeStock).where(eq(productSizeStock.productId, dress.id)).all();
    expect(Object.fromEntries(sizes.map((row) => [row.size, row.stock]))).toEqual({ S: 1, M: 2 });
    expect(db.select().from(products).where(eq(products.id, dress.id)).get()!.stock).toBe(3);
    expect(sold()?.quantity).toBe(0);
    expect(sold()?.revenueCents).toBe(0);

    const history = loadApiOrderWithDesk(db, order.publicId).history;
    expect(history.at(-1)).toMatchObject({ event: "returned", by: "owner", reason: "refused" });
    expect(loadApiOrderWithDesk(db, order.publicId).notes.map((note) => note.text)).toEqual(["Said he never ordered"]);
    expect(listActivity(db, { kind: "order.returned" }).rows[0]).toMatchObject({ subject: `#${order.orderNumber}` });

    // Twice, or after delivery or cancel: 409, and nothing comes back twice.
    expect(() => markReturned(db, order.publicId, { reason: "other" }, owner)).toThrow(OrderStatusConflict);
    expect(db.select().from(products).where(eq(products.id, dress.id)).get()!.stock).toBe(3);
    const delivered = place(dress.id, "S");
    advanceOrderStatus(db, delivered.publicId, "shipped", owner);
    advanceOrderStatus(db, delivered.publicId, "delivered", owner);
    expect(() => markReturned(db, delivered.publicId, { reason: "other" }, owner)).toThrow(OrderStatusConflict);
    const canceled = place(dress.id, "M");
    cancelOrder(db, canceled.publicId, owner);
    expect(() => markReturned(db, canceled.publicId, { reason: "other" }, owner)).toThrow(OrderStatusConflict);
  });

  it("counts the phone's record and the Overview's returned share, revenue without it", () => {
    const kettle = createProduct(db, { title: "Kettle", stock: 10, priceCents: 2_000 });
    const before = getOverview(db);
    const first = place(kettle.id, null, "+961 70 900 100");
    const second = place(kettle.id, null, "70 900 100");
    for (const order of [first, second]) advanceOrderStatus(db, order.publicId, "shipped", owner);
    markReturned(db, first.publicId, { reason: "unreachable" }, owner);
    const after = getOverview(db);
    expect(after.returnedLast30Days.shipped - before.returnedLast30Days.shipped).toBe(2);
    expect(after.returnedLast30Days.returned - before.returnedLast30Days.returned).toBe(1);
    // Only the second (still shipped) order's total counts: the returned one left revenue.
    expect(after.last30Days.revenueCents - before.last30Days.revenueCents).toBe(second.totalCents);
    expect(after.last30Days.returned - before.last30Days.returned).toBe(1);
    expect(after.cashToCollect.amountCents - before.cashToCollect.amountCents).toBe(second.totalCents);
    expect(customerRecord(db, "96170900100")).toEqual({ orders: 2, delivered: 0, returned: 1, canceled: 0 });
    expect(loadOrder(db, second.publicId)!.customer).toEqual({ orders: 2, delivered: 0, returned: 1, canceled: 0 });
  });

  it("refuses an order from a blocked number, however written, until it is unblocked", () => {
    const lamp = createProduct(db, { title: "Lamp", stock: 5 });
    blockPhone(db, { phone: "03 777 888", reason: "Refused three parcels" }, owner);
    expect(() => place(lamp.id, null, "+961 3 777 888")).toThrow(OrderRefused);
    expect(db.select().from(products).where(eq(products.id, lamp.id)).get()!.stock).toBe(5);
    unblockPhone(db, "9613777888", owner);
    expect(place(lamp.id, null, "+961 3 777 888").status).toBe("processing");
    const kinds = listActivity(db, {}).rows.map((row) => row.kind);
    expect(kinds).toEqual(expect.arrayContaining(["customer.blocked", "customer.unblocked"]));
  });
});

describe("a customer's record at 100,000 orders", () => {
  it("costs under 1 ms in the model layer (index range, counted in SQL)", async () => {
    // 100,000 orders from 20,000 phones (five orders each), written the ways shoppers write them:
    // built once (tests/support/large-databases.ts), a copy in memory.
    const db = await openLargeDatabase("orders");
    const plan = db.$client
      .prepare("explain query plan select status, count(*) from orders where phone_key = ? group by status")
      .all("x") as { detail: string }[];
    expect(plan.map((step) => step.detail).join("\n")).toMatch(/USING COVERING INDEX orders_phone_key_status_idx/);
    const phone = "70 000 042";
    const record = customerRecord(db, phone);
    expect(record.orders).toBe(5);
    expect(record.delivered + record.returned + record.canceled).toBeLessThanOrEqual(5);
    const sample = db
      .select()
      .from(orders)
      .where(eq(orders.phoneKey, phoneKey(phone)))
      .all();
    expect(sample).toHaveLength(5);

    const median =
      medianOfNine(() => {
        for (let i = 0; i < 100; i++) customerRecord(db, phone);
      }) / 100;
    console.log(`customer record at 100,000 orders: ${(median * 1000).toFixed(1)} µs`);
    expect(median).toBeLessThan(1);
    // The whole order as every answer loads it (lines and record) stays well under a millisecond too.
    const one = sample[0]!.publicId;
    expect(medianOfNine(() => loadOrder(db, one))).toBeLessThan(1);
  }, 300_000);
});
