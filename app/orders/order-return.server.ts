import { and, eq } from "drizzle-orm";
import { orderItems, orderNotes, orders } from "../../db/schema/index.ts";
import { type Db, writeTransaction } from "~/platform/db/db.server.ts";
import { putBackStock } from "~/catalogue/size-stock.server.ts";
import { type Actor, historyActor, recordActivity, SYSTEM_ACTOR } from "~/platform/activity/activity-log.server.ts";
import { orderOrThrow, OrderStatusConflict } from "./order-admin.server.ts";
import { recordOrderEvent } from "./order-history.server.ts";
import { queueShopperEmail } from "./order-notice-queue.server.ts";
import { isReturnable } from "./order-status.ts";
import { loadOrder } from "./order.server.ts";
import type { ReturnInput } from "./return-schema.ts";

/**
 * The one way an order becomes `returned` (the shopper refused it at the door): only from `shipped`
 * (else `OrderStatusConflict`, 409), with its reason and an optional note, in one transaction: the
 * conditional status change (two clicks return it once), the history's `returned` event with the
 * reason (and the note, kept as an order note), the activity log, and the stock back, to the size
 * where the product keeps stock per size, and the shopper's 'returned' email queued. Revenue and units sold follow by trigger (migration 0018).
 */
export function markReturned(db: Db, publicId: string, input: ReturnInput, actor: Actor = SYSTEM_ACTOR) {
  writeTransaction(db, (tx) => {
    const order = orderOrThrow(tx, publicId);
    if (!isReturnable(order.status))
      throw new OrderStatusConflict(`Order is ${order.status}: only a shipped order can be marked as returned`);
    const changed = tx
      .update(orders)
      .set({ status: "returned" })
      .where(and(eq(orders.id, order.id), eq(orders.status, "shipped")))
      .run();
    if (changed.changes === 0) throw new OrderStatusConflict("The order changed meanwhile; reload and try again");

    const note = input.note
      ? tx
          .insert(orderNotes)
          .values({ orderId: order.id, text: input.note, author: actor.username })
          .returning({ id: orderNotes.id })
          .get()
      : undefined;
    recordOrderEvent(tx, {
      orderId: order.id,
      event: "returned",
      actor: historyActor(actor),
      reason: input.reason,
      noteId: note?.id,
    });
    recordActivity(tx, actor, {
      kind: "order.returned",
      subject: `#${order.orderNumber}`,
      orderId: publicId,
      changes: [
        { field: "status", before: order.status, after: "returned" },
        { field: "reason", before: null, after: input.reason },
        ...(input.note ? [{ field: "note", before: null, after: input.note }] : []),
      ],
    });
    const items = tx
      .select({ productId: orderItems.productId, size: orderItems.size, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .all();
    for (const item of items) if (item.productId !== null) putBackStock(tx, item.productId, item.size, item.quantity);
    queueShopperEmail(db, tx, order, "returned");
  });
  return loadOrder(db, publicId)!;
}
