import type { NoticeChannel } from "../../db/schema/index.ts";
import { orderNotices } from "../../db/schema/index.ts";
import type { Db, Tx } from "~/platform/db/db.server.ts";

/**
 * The channels this process sends new-order notices on, per database connection: set by the notice
 * worker when it starts (order-notice.server.ts), read by `placeOrder` when it queues notices.
 */
const channelsByConnection = new WeakMap<Db, readonly NoticeChannel[]>();

export function setOrderNoticeChannels(db: Db, channels: readonly NoticeChannel[]) {
  channelsByConnection.set(db, channels);
}

/**
 * Queues the new-order notices inside the order's own transaction: one row per channel the shop
 * sends on (none where no worker started, as in most unit tests). No await inside the transaction.
 */
export function queueOrderNotices(db: Db, tx: Tx, orderId: number) {
  const channels = channelsByConnection.get(db) ?? [];
  if (channels.length === 0) return;
  tx.insert(orderNotices)
    .values(channels.map((channel) => ({ orderId, channel })))
    .run();
}
