import { describe, expect, it } from "vitest";
import { orderNotices, orders } from "../../db/schema/index.ts";
import { setOrderNoticeChannels } from "~/orders/order-notice-queue.server.ts";
import { retryDelayMs } from "~/orders/order-notice.server.ts";
import { placeOrder } from "~/orders/order.server.ts";
import { createProduct } from "../support/db-factories.ts";
import { createTestDb, TEST_SHIPPING } from "../support/test-db.ts";

describe("the order notice outbox", () => {
  it("queues one notice per channel the shop sends on, in the order's transaction, and none for a refused order", () => {
    const db = createTestDb();
    const product = createProduct(db, { title: "Kettle", stock: 1 });
    const line = { productId: product.id, size: null, quantity: 1 };

    setOrderNoticeChannels(db, ["email", "webhook"]);
    const { order } = placeOrder(db, { lines: [line], shipping: TEST_SHIPPING });
    expect(
      db
        .select({
          orderId: orderNotices.orderId,
          channel: orderNotices.channel,
          attempts: orderNotices.attempts,
          sentAt: orderNotices.sentAt,
        })
        .from(orderNotices)
        .all(),
    ).toEqual([
      { orderId: order.id, channel: "email", attempts: 0, sentAt: null },
      { orderId: order.id, channel: "webhook", attempts: 0, sentAt: null },
    ]);

    // Out of stock: the transaction rolls back, and with it any notice.
    expect(() => placeOrder(db, { lines: [line], shipping: TEST_SHIPPING })).toThrow(/Only 0 left/);
    expect(db.select().from(orders).all()).toHaveLength(1);
    expect(db.select().from(orderNotices).all()).toHaveLength(2);
  });

  it("queues nothing where no worker ever started", () => {
    const db = createTestDb();
    const product = createProduct(db, { title: "Fan", stock: 5 });
    placeOrder(db, { lines: [{ productId: product.id, size: null, quantity: 1 }], shipping: TEST_SHIPPING });
    expect(db.select().from(orderNotices).all()).toEqual([]);
  });

  it("waits twice as long after each failure, at most an hour", () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30, 30_000)).toBe(3_600_000);
  });
});
