import type { NoticeChannel } from "../../db/schema/index.ts";
import { orderNotices } from "../../db/schema/index.ts";
import type { Db, Tx } from "~/platform/db/db.server.ts";
import type { OrderLanguage, ShopperMessage } from "./order-status.ts";
import { englishOf } from "~/i18n/answers.ts";
import { SHOPPER_EMAIL_WORDS } from "./shopper-email-answers.ts";

/**
 * The channels this process sends notices on, per database connection: set by the notice worker
 * when it starts (order-notice.server.ts), read inside the transactions that queue notices.
 */
const channelsByConnection = new WeakMap<Db, readonly NoticeChannel[]>();

export function setOrderNoticeChannels(db: Db, channels: readonly NoticeChannel[]) {
  channelsByConnection.set(db, channels);
}

/**
 * Queues the new-order notices to the owner inside the order's own transaction: one row per
 * channel the shop sends on (none where no worker started, as in most unit tests). No await
 * inside the transaction.
 */
export function queueOrderNotices(db: Db, tx: Tx, orderId: number) {
  const channels = (channelsByConnection.get(db) ?? []).filter((channel) => channel !== "shopper-email");
  if (channels.length === 0) return;
  tx.insert(orderNotices)
    .values(channels.map((channel) => ({ orderId, channel })))
    .run();
}

/** The subject of each English shopper email: the product's fixed wording (kept word for word; tests check it). */
export function shopperEmailSubject(message: ShopperMessage, orderNumber: number) {
  return englishOf(SHOPPER_EMAIL_WORDS, { code: `shopper-email.subject-${message}`, number: orderNumber });
}

/**
 * Queues the email that tells the shopper of this step, inside the transaction that makes the
 * change, so a stored change always has its email and a rolled-back one none. Nothing is queued
 * when this process sends no shopper emails (no SMTP_URL or PUBLIC_URL, or SHOPPER_EMAILS=off).
 * One insert, no await: the change is never delayed by mail. The worker sends it after the commit.
 */
export function queueShopperEmail(
  db: Db,
  tx: Tx,
  order: { id: number; orderNumber: number; language: OrderLanguage },
  message: ShopperMessage,
) {
  if (!channelsByConnection.get(db)?.includes("shopper-email")) return;
  tx.insert(orderNotices)
    .values({
      orderId: order.id,
      channel: "shopper-email",
      message,
      // Another language's subject comes from its catalogue, which the worker reads when it
      // renders the email (models load without the catalogues); the worker keeps what it sent.
      subject: order.language === "en" ? shopperEmailSubject(message, order.orderNumber) : null,
    })
    .run();
}
