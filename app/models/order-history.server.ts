import { orderHistory, type OrderEvent } from "../../db/schema/index.ts";
import type { Db } from "~/lib/db.server.ts";

/** The transaction a change runs in: its history row must commit or roll back with it. */
export type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Records one change in an order's timeline; call it inside the transaction that makes the change. */
export function recordOrderEvent(tx: Transaction, entry: { orderId: number; event: OrderEvent; actor: string | null; noteId?: number }) {
  tx.insert(orderHistory)
    .values({ orderId: entry.orderId, event: entry.event, actor: entry.actor, noteId: entry.noteId ?? null })
    .run();
}
