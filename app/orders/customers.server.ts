import { desc, eq, sql } from "drizzle-orm";
import { blockedPhones, orders } from "../../db/schema/index.ts";
import { type Db, preparedOnce, type Tx, writeTransaction } from "~/platform/db/db.server.ts";
import { phoneKey } from "~/utils/phone-number.ts";
import { type Actor, recordActivity } from "~/platform/activity/activity-log.server.ts";
import type { BlockedPhoneIntent } from "./return-schema.ts";

/** A phone's record with the shop, returns (refused at the door) included: every order `customer` carries it. */
export type CustomerRecord = { orders: number; delivered: number; returned: number; canceled: number };

/**
 * Orders per status for one phone key: a range of `orders_phone_key_status_idx` read in the index
 * alone (a covering scan of that phone's entries), whatever the number of orders. Prepared once.
 */
const ordersByStatus = preparedOnce((db) =>
  db
    .select({ status: orders.status, count: sql<number>`count(*)` })
    .from(orders)
    .where(eq(orders.phoneKey, sql.placeholder("key")))
    .groupBy(orders.status)
    .prepare(),
);

/** The record of the phone with this key (`phoneKey`, stored on each order as `phone_key`). */
export function customerRecordByKey(db: Db, key: string): CustomerRecord {
  const record: CustomerRecord = { orders: 0, delivered: 0, returned: 0, canceled: 0 };
  for (const { status, count } of ordersByStatus(db).all({ key })) {
    record.orders += count;
    if (status === "delivered" || status === "returned" || status === "canceled") record[status] += count;
  }
  return record;
}

/** The record of a phone number however it is written ('03 123 456', '+961 3 123 456'…). */
export function customerRecord(db: Db, phone: string) {
  return customerRecordByKey(db, phoneKey(phone));
}

/** The block on this phone, if any; inside the order's transaction so a block and an order never cross. */
export function findBlockedPhone(tx: Tx | Db, phone: string) {
  return tx
    .select()
    .from(blockedPhones)
    .where(eq(blockedPhones.phoneKey, phoneKey(phone)))
    .get();
}

export class PhoneNotBlocked extends Error {}

/**
 * Blocks a number with a reason; blocking it again (however written) keeps one block, with the
 * new reason, author and time. Recorded in the activity log in the same transaction.
 */
export function blockPhone(db: Db, input: { phone: string; reason: string }, actor: Actor) {
  return writeTransaction(db, (tx) => {
    const key = phoneKey(input.phone);
    const before = tx.select().from(blockedPhones).where(eq(blockedPhones.phoneKey, key)).get();
    const values = { phoneKey: key, phone: input.phone, reason: input.reason, blockedBy: actor.username };
    const blocked = tx
      .insert(blockedPhones)
      .values({ ...values, blockedAt: new Date() })
      .onConflictDoUpdate({ target: blockedPhones.phoneKey, set: { ...values, blockedAt: new Date() } })
      .returning()
      .get();
    recordActivity(tx, actor, {
      kind: "customer.blocked",
      subject: input.phone,
      changes: [{ field: "reason", before: before?.reason ?? null, after: input.reason }],
    });
    return blocked;
  });
}

/** Unblocks a number however it is written; `PhoneNotBlocked` when it was not blocked. */
export function unblockPhone(db: Db, phone: string, actor: Actor) {
  return writeTransaction(db, (tx) => {
    const removed = tx
      .delete(blockedPhones)
      .where(eq(blockedPhones.phoneKey, phoneKey(phone)))
      .returning()
      .get();
    if (!removed) throw new PhoneNotBlocked("This phone number is not blocked");
    recordActivity(tx, actor, {
      kind: "customer.unblocked",
      subject: removed.phone,
      changes: [{ field: "reason", before: removed.reason, after: null }],
    });
    return removed;
  });
}

/** What an admin page tells after 'Block this number' or 'Unblock': done, or why not. */
export type BlockedPhoneAnswer = { type: "success" | "danger"; message: string };

/**
 * 'Block this number' or 'Unblock' from an admin page (the order desk's page, Settings, the order
 * dialog): the one place that does either and words the answer, so every page says the same.
 */
export function changeBlockedPhone(db: Db, input: BlockedPhoneIntent, actor: Actor): BlockedPhoneAnswer {
  if (input.intent === "block") {
    blockPhone(db, input, actor);
    return { type: "success", message: "Phone number blocked" };
  }
  try {
    unblockPhone(db, input.phone, actor);
  } catch (error) {
    if (!(error instanceof PhoneNotBlocked)) throw error;
    return { type: "danger", message: error.message };
  }
  return { type: "success", message: "Phone number unblocked" };
}

/** Every blocked number, the newest block first. */
export function listBlockedPhones(db: Db) {
  return db.select().from(blockedPhones).orderBy(desc(blockedPhones.blockedAt)).all();
}

/** `customer/blocked`'s shape: `{ phone, reason, at, by }`. */
export function toApiBlockedPhone(row: typeof blockedPhones.$inferSelect) {
  return { phone: row.phone, reason: row.reason, at: row.blockedAt.toISOString(), by: row.blockedBy };
}
