import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderHistory, products } from "../../db/schema/index.ts";
import { advanceOrderStatus, OrderStatusConflict } from "~/orders/order-admin.server.ts";
import { loadOrder, placeOrder, toApiOrder } from "~/orders/order.server.ts";
import {
  approveReturn,
  receiveReturn,
  refuseReturn,
  requestReturn,
  ReturnReceiptInvalid,
  ReturnRequestRefused,
  returnWindowFor,
} from "~/orders/return-request.server.ts";
import { receiveReturnFormSchema, refundField } from "~/orders/return-request-schema.ts";
import { saveReturnSettings } from "~/settings/settings.server.ts";
import { getOverview } from "~/overview/overview.server.ts";
import { listActivity } from "~/overview/activity.server.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { createTestDb, TEST_SHIPPING } from "../support/test-db.ts";

const desk = { username: "desk", address: "127.0.0.1" };
const DAY = 24 * 60 * 60 * 1000;

/** A delivered order of `quantity` units of a $50 product that cost $30 (stock 10 before). */
function deliveredOrder(db: Db, quantity = 2) {
  const product = createProduct(db, { title: uniqueWord("Kettle"), priceCents: 5_000, stock: 10 });
  db.update(products).set({ costCents: 3_000 }).where(eq(products.id, product.id)).run();
  const { order } = placeOrder(db, {
    lines: [{ productId: product.id, size: null, quantity }],
    shipping: { ...TEST_SHIPPING, district: "Beirut" },
  });
  advanceOrderStatus(db, order.publicId, "shipped", desk);
  advanceOrderStatus(db, order.publicId, "delivered", desk);
  return { product, order };
}

const stockOf = (db: Db, id: number) =>
  db.select({ stock: products.stock }).from(products).where(eq(products.id, id)).get()!.stock;

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ReturnRequestRefused) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("requestReturn", () => {
  it("answers a wrong phone exactly as an unknown order: 404 'Order not found', nothing stored", () => {
    const db = createTestDb();
    const { product, order } = deliveredOrder(db);
    const ask = (publicId: string, phone: string) =>
      refusal(() =>
        requestReturn(db, publicId, {
          phone,
          items: [{ productId: product.id, size: null, quantity: 1 }],
          reason: "defective",
        }),
      );
    expect(ask(order.publicId, "+961 3 999 999")).toEqual({ status: 404, message: "Order not found" });
    expect(ask("0".repeat(24), TEST_SHIPPING.phone)).toEqual({ status: 404, message: "Order not found" });
    expect(toApiOrder(loadOrder(db, order.publicId)!).returnRequest).toBeNull();
  });

  it("refuses outside the window with 409 and the contract's message; 0 days takes no returns", () => {
    const db = createTestDb();
    const { product, order } = deliveredOrder(db);
    const input = {
      phone: "71 000 000",
      items: [{ productId: product.id, size: null, quantity: 1 }],
      reason: "changed-mind" as const,
    };
    const delivered = db.select().from(orderHistory).where(eq(orderHistory.event, "delivered")).get()!.createdAt;
    expect(
      refusal(() => requestReturn(db, order.publicId, input, new Date(delivered.getTime() + 7 * DAY + 1))),
    ).toEqual({ status: 409, message: "The return window for this order has closed." });
    saveReturnSettings(db, { returnDays: 0 });
    expect(returnWindowFor(db, order.publicId).open).toBe(false);
    expect(refusal(() => requestReturn(db, order.publicId, input)).status).toBe(409);
    saveReturnSettings(db, { returnDays: 7 });
    expect(returnWindowFor(db, order.publicId).open).toBe(true);
  });

  it("refuses more units than were delivered with 400, and an order not delivered with 409", () => {
    const db = createTestDb();
    const { product, order } = deliveredOrder(db, 2);
    expect(
      refusal(() =>
        requestReturn(db, order.publicId, {
          phone: TEST_SHIPPING.phone,
          items: [{ productId: product.id, size: null, quantity: 3 }],
          reason: "defective",
        }),
      ),
    ).toEqual({ status: 400, message: `You can return at most 2 of ${product.title}.` });
    const other = placeOrder(db, {
      lines: [{ productId: product.id, size: null, quantity: 1 }],
      shipping: TEST_SHIPPING,
    }).order;
    expect(
      refusal(() =>
        requestReturn(db, other.publicId, {
          phone: TEST_SHIPPING.phone,
          items: [{ productId: product.id, size: null, quantity: 1 }],
          reason: "defective",
        }),
      ).status,
    ).toBe(409);
  });

  it("stores one request per order, with the history and the activity log", () => {
    const db = createTestDb();
    const { product, order } = deliveredOrder(db);
    const input = {
      phone: "+961 71 000 000",
      items: [{ productId: product.id, size: null, quantity: 1 }],
      reason: "not-as-described" as const,
      note: "Scratched lid",
    };
    const asked = toApiOrder(requestReturn(db, order.publicId, input)).returnRequest!;
    expect(asked).toMatchObject({
      status: "requested",
      reason: "not-as-described",
      note: "Scratched lid",
      refund: null,
      items: [{ product: String(product.id), quantity: 1, size: null }],
    });
    expect(refusal(() => requestReturn(db, order.publicId, input))).toEqual({
      status: 409,
      message: "A return was already requested for this order.",
    });
    expect(returnWindowFor(db, order.publicId).open).toBe(false);
    expect(listActivity(db, {}).rows.map((row) => row.kind)).toContain("order.return-requested");
  });
});

describe("approve, refuse, receive", () => {
  const ask = (db: Db, publicId: string, productId: number, quantity = 1) =>
    requestReturn(db, publicId, {
      phone: TEST_SHIPPING.phone,
      items: [{ productId, size: null, quantity }],
      reason: "defective",
    });

  it("moves only forward: receive before approval, approve twice, refuse after approval are 409s", () => {
    const db = createTestDb();
    const { product, order } = deliveredOrder(db);
    expect(() => approveReturn(db, order.publicId, desk)).toThrow(OrderStatusConflict);
    ask(db, order.publicId, product.id);
    expect(() => receiveReturn(db, order.publicId, { refundCents: 100, restocked: "all" }, desk)).toThrow(
      "only an approved return can be received",
    );
    approveReturn(db, order.publicId, desk);
    expect(() => approveReturn(db, order.publicId, desk)).toThrow(OrderStatusConflict);
    expect(() => refuseReturn(db, order.publicId, "Too late", desk)).toThrow(OrderStatusConflict);
  });

  it("a refusal keeps its note for the shopper", () => {
    const db = createTestDb();
    const { product, order } = deliveredOrder(db);
    ask(db, order.publicId, product.id);
    const refused = toApiOrder(refuseReturn(db, order.publicId, "The seal was broken", desk)).returnRequest!;
    expect(refused).toMatchObject({ status: "refused", refusalNote: "The seal was broken", refund: null });
  });

  it("two clicks on 'Received' make one refund and one restock", () => {
    const db = createTestDb();
    const { product, order } = deliveredOrder(db);
    ask(db, order.publicId, product.id);
    approveReturn(db, order.publicId, desk);
    expect(stockOf(db, product.id)).toBe(8);
    const received = receiveReturn(db, order.publicId, { refundCents: 5_000, restocked: "all" }, desk);
    expect(() => receiveReturn(db, order.publicId, { refundCents: 5_000, restocked: "all" }, desk)).toThrow(
      OrderStatusConflict,
    );
    expect(toApiOrder(received).returnRequest).toMatchObject({
      status: "received",
      refund: 50,
      items: [{ quantity: 1, restocked: 1 }],
    });
    expect(stockOf(db, product.id)).toBe(9);
    expect(getOverview(db).today.refundsCents).toBe(5_000);
    expect(getOverview(db).today.refunds).toBe(1);
  });

  it("refuses a refund above what was paid for those items (400), never rounding one", () => {
    const db = createTestDb();
    const { product, order } = deliveredOrder(db);
    ask(db, order.publicId, product.id);
    approveReturn(db, order.publicId, desk);
    expect(() => receiveReturn(db, order.publicId, { refundCents: 5_001, restocked: "none" }, desk)).toThrow(
      ReturnReceiptInvalid,
    );
    expect(() => receiveReturn(db, order.publicId, { refundCents: 5_001, restocked: "none" }, desk)).toThrow(
      "Refund: at most $50.00",
    );
    expect(refundField.safeParse("49.999").error?.issues[0]?.message).toBe(
      "Refund: use at most two decimals, like 49.99",
    );
    expect(refundField.safeParse("-1").success).toBe(false);
    expect(refundField.safeParse("abc").error?.issues[0]?.message).toBe(
      "Refund: enter an amount in dollars, like 50.00",
    );
    expect(refundField.parse(49.5)).toBe(4_950);
    expect(receiveReturnFormSchema.parse({ refund: "50", lines: [{ line: "3", restocked: "1" }] })).toEqual({
      refund: 5_000,
      lines: [{ line: 3, restocked: 1 }],
    });
    expect(stockOf(db, product.id)).toBe(8);
  });

  it("a written-off unit goes back to no stock", () => {
    const db = createTestDb();
    const { product, order } = deliveredOrder(db);
    ask(db, order.publicId, product.id);
    approveReturn(db, order.publicId, desk);
    receiveReturn(db, order.publicId, { refundCents: 5_000, restocked: "none" }, desk);
    expect(stockOf(db, product.id)).toBe(8);
  });
});

describe("the Overview with a refund", () => {
  it("two units sold at $50 that cost $30 show $40 gross profit; a return of one takes it to $20", () => {
    const db = createTestDb();
    const { product, order } = deliveredOrder(db, 2);
    const before = getOverview(db).today;
    expect(before.goodsRevenueCents).toBe(10_000);
    expect(before.grossProfitCents).toBe(4_000);
    requestReturn(db, order.publicId, {
      phone: TEST_SHIPPING.phone,
      items: [{ productId: product.id, size: null, quantity: 1 }],
      reason: "changed-mind",
    });
    approveReturn(db, order.publicId, desk);
    receiveReturn(db, order.publicId, { refundCents: 5_000, restocked: "all" }, desk);
    const after = getOverview(db);
    expect(after.today.revenueCents).toBe(before.revenueCents - 5_000);
    expect(after.today.goodsRevenueCents).toBe(5_000);
    expect(after.today.grossProfitCents).toBe(2_000);
    expect(after.last30Days.refundsCents).toBe(5_000);
    expect(after.daily.at(-1)!.revenueCents).toBe(before.revenueCents - 5_000);
  });
});
