import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { orders, products } from "../../db/schema/index.ts";
import { asDatabaseUnavailable, noteDatabaseWritable } from "~/platform/db/database-faults.server.ts";
import { migrateDatabase, openDatabase, writeTransaction } from "~/platform/db/db.server.ts";
import { placeOrder } from "~/orders/order.server.ts";
import { seedCategories } from "~/seed/seed.server.ts";
import { createProduct } from "../support/db-factories.ts";
import { TEST_SHIPPING } from "../support/test-db.ts";

/** Two connections to one database file, as the shop and a maintenance session would have. */
function twoConnections(busyTimeoutMs: number) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-faults-")), "shop.db");
  const shop = openDatabase(file, { busyTimeoutMs });
  migrateDatabase(shop);
  seedCategories(shop);
  const other = openDatabase(file, { busyTimeoutMs: 0 });
  return { shop, other };
}

afterEach(() => {
  noteDatabaseWritable();
  vi.restoreAllMocks();
});

describe("writeTransaction", () => {
  it("begins IMMEDIATE: a write that read first still fails busy only after the wait, never at once", () => {
    const { shop, other } = twoConnections(300);
    const product = createProduct(shop, { title: "Kettle", stock: 5 });
    other.$client.exec("BEGIN IMMEDIATE");
    vi.spyOn(console, "error").mockImplementation(() => {});
    const started = Date.now();
    let thrown: unknown;
    try {
      placeOrder(shop, { lines: [{ productId: product.id, size: null, quantity: 1 }], shipping: TEST_SHIPPING });
    } catch (error) {
      thrown = error;
    }
    // DEFERRED would read, then fail the upgrade to a write at once without waiting.
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(asDatabaseUnavailable(thrown)).toMatchObject({
      kind: "busy",
      status: 503,
      message: "The shop is busy. Please try again in a minute.",
    });
    other.$client.exec("ROLLBACK");
    expect(
      placeOrder(shop, { lines: [{ productId: product.id, size: null, quantity: 1 }], shipping: TEST_SHIPPING })
        .created,
    ).toBe(true);
  });

  it("rolls back whole on a full database: stock and orders unchanged, classified as cannot save", () => {
    const { shop } = twoConnections(0);
    const product = createProduct(shop, { title: "Heater", stock: 5 });
    const pages = shop.$client.pragma("page_count", { simple: true }) as number;
    shop.$client.pragma(`max_page_count = ${pages}`);
    vi.spyOn(console, "error").mockImplementation(() => {});
    let thrown: unknown;
    try {
      // Enough lines that the order cannot fit in the pages the database already has.
      writeTransaction(shop, (tx) => {
        for (let i = 0; i < 2000; i++)
          tx.insert(orders)
            .values({
              publicId: `x${i}`,
              orderNumber: 5000 + i,
              status: "processing",
              customerName: "x".repeat(200),
              email: "a@b.c",
              phone: "1",
              governorate: "Beirut",
              city: "c",
              street: "s",
              building: "b",
              address: "a",
              subtotalCents: 1,
              deliveryFeeCents: 400,
              totalCents: 401,
            })
            .run();
        tx.update(products).set({ stock: 0 }).where(eq(products.id, product.id)).run();
      });
    } catch (error) {
      thrown = error;
    }
    expect(asDatabaseUnavailable(thrown)).toMatchObject({
      kind: "cannot-save",
      retryAfterSeconds: 300,
      message: "The shop cannot save orders right now. Please try again later.",
    });
    expect(shop.select().from(orders).all()).toHaveLength(0);
    expect(shop.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)).get()!.stock).toBe(
      5,
    );
    expect(shop.$client.pragma("integrity_check", { simple: true })).toBe("ok");
  });
});

describe("asDatabaseUnavailable", () => {
  it("leaves other errors alone and logs one line per incident, not per request", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(asDatabaseUnavailable(new Error("boom"))).toBeNull();
    expect(
      asDatabaseUnavailable(Object.assign(new Error("UNIQUE constraint failed"), { code: "SQLITE_CONSTRAINT_UNIQUE" })),
    ).toBeNull();
    const full = Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
    for (let i = 0; i < 3; i++)
      expect(asDatabaseUnavailable(new Error("Failed query", { cause: full }))?.kind).toBe("cannot-save");
    expect(
      asDatabaseUnavailable(Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR_WRITE" }))?.kind,
    ).toBe("cannot-save");
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]![0])).toContain("SQLITE_FULL: database or disk is full");
    expect(asDatabaseUnavailable(Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }))?.kind).toBe(
      "busy",
    );
    expect(log).toHaveBeenCalledTimes(2);
    noteDatabaseWritable();
    asDatabaseUnavailable(Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }));
    expect(log).toHaveBeenCalledTimes(3);
  });
});
