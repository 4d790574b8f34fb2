import { orderHistory } from "../../db/schema/index.ts";
import type { OrderEvent, ReturnReason } from "./order-status.ts";
import type { Tx } from "~/platform/db/db.server.ts";

/** Records one change in an order's timeline; call it inside the transaction that makes the change. */
export function recordOrderEvent(
  tx: Tx,
  entry: {
    orderId: number;
    event: OrderEvent;
    actor: string | null;
    noteId?: number;
    noticeId?: number;
    reason?: ReturnReason;
  },
) {
  tx.insert(orderHistory)
    .values({
      orderId: entry.orderId,
      event: entry.event,
      actor: entry.actor,
      noteId: entry.noteId ?? null,
      noticeId: entry.noticeId ?? null,
      reason: entry.reason ?? null,
    })
    .run();
}
