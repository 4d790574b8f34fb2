import { describe, expect, it } from "vitest";
import { migrateDatabase } from "~/platform/db/db.server.ts";
import { checkDiscount } from "~/discounts/discounts.server.ts";
import { customerRecord, findBlockedPhone } from "~/orders/customers.server.ts";
import { createTestDbAtMigration } from "../support/test-db.ts";

/** The shop before phone keys were E.164: orders and blocks keyed by digits, discount uses by national digits. */
function shopWithOldKeys() {
  const db = createTestDbAtMigration("0025_order-item-arabic-title");
  const sqlite = db.$client;
  const addOrder = sqlite.prepare(
    `insert into orders (public_id, order_number, status, customer_name, email, phone, phone_key, governorate, city, street, building, address, subtotal_cents, delivery_fee_cents, total_cents)
     values (?, ?, ?, 'Nour', 'nour@example.com', ?, ?, 'Beirut', 'Beirut', 'Hamra', '5', '2nd floor', 10000, 300, 10300)`,
  );
  // Typed before the checkout stored E.164, then one stored E.164: one customer, one old key.
  const typed = addOrder.run("a1", 1001, "delivered", "03 123 456", "9613123456").lastInsertRowid;
  addOrder.run("a2", 1002, "returned", "+9613123456", "9613123456");
  addOrder.run("a3", 1003, "processing", "+442079460958", "442079460958");
  const welcome = sqlite
    .prepare("insert into discounts (code, percent, once_per_phone, uses) values ('WELCOME', 10, 1, 1)")
    .run().lastInsertRowid;
  sqlite
    .prepare("insert into discount_uses (discount_id, order_id, phone_key) values (?, ?, '3123456')")
    .run(welcome, typed);
  const block = sqlite.prepare(
    "insert into blocked_phones (phone_key, phone, reason, blocked_by) values (?, ?, 'Refused twice', 'owner')",
  );
  block.run("96171123456", "71 123 456");
  // One London number blocked twice under two old keys (the old digits kept the trunk 0).
  block.run("4402079460958", "+44 (0)20 7946 0958");
  block.run("442079460958", "+44 20 7946 0958");
  return db;
}

describe("migration 0026: phone keys in E.164", () => {
  it("re-keys orders, blocks and discount uses so old rows still match", () => {
    const db = shopWithOldKeys();
    const sqlite = db.$client;
    // Before it, the models' E.164 keys miss the old rows: the code would be given a second time.
    expect(checkDiscount(db, "WELCOME", 10000, { phone: "+961 3 123 456" }).ok).toBe(true);
    expect(customerRecord(db, "03 123 456").orders).toBe(0);

    migrateDatabase(db);

    expect(sqlite.prepare("select phone_key from orders order by id").pluck().all()).toEqual([
      "+9613123456",
      "+9613123456",
      "+442079460958",
    ]);
    expect(sqlite.prepare("select phone_key from discount_uses").pluck().all()).toEqual(["+9613123456"]);
    expect(sqlite.prepare("select phone_key from blocked_phones order by phone_key").pluck().all()).toEqual([
      "+442079460958",
      "+96171123456",
    ]);

    // A code used once by a phone is still refused to it, however the number is written.
    for (const phone of ["+961 3 123 456", "03123456", "٠٣ ١٢٣ ٤٥٦"])
      expect(checkDiscount(db, "WELCOME", 10000, { phone }).ok, phone).toBe(false);
    expect(checkDiscount(db, "WELCOME", 10000, { phone: "03 123 457" }).ok).toBe(true);

    expect(customerRecord(db, "+961 3 123 456")).toEqual({ orders: 2, delivered: 1, returned: 1, canceled: 0 });
    expect(findBlockedPhone(db, "+961 71 123 456")?.reason).toBe("Refused twice");
    expect(findBlockedPhone(db, "+44 20 7946 0958")).toBeDefined();
    expect(findBlockedPhone(db, "03 123 456")).toBeUndefined();
  });

  it("applies to an empty database", () => {
    const db = createTestDbAtMigration("0025_order-item-arabic-title");
    migrateDatabase(db);
    expect(db.$client.prepare("select count(*) from orders").pluck().get()).toBe(0);
  });
});
