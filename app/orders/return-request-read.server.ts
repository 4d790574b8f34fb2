import { asc, eq } from "drizzle-orm";
import { orderItems, returnRequestItems, returnRequests } from "../../db/schema/index.ts";
import type { Db } from "~/platform/db/db.server.ts";
import type { ReturnRequestReason, ReturnRequestStatus } from "./return-request-status.ts";

/** An order's return after delivery as every reader of an order gets it (null: none asked for). */
export type ReturnRequestView = {
  status: ReturnRequestStatus;
  reason: ReturnRequestReason;
  note: string | null;
  refusalNote: string | null;
  refundCents: number | null;
  createdAt: Date;
  decidedAt: Date | null;
  receivedAt: Date | null;
  items: {
    orderItemId: number;
    productId: number | null;
    title: string;
    titleAr: string | null;
    size: string | null;
    quantity: number;
    unitPriceCents: number;
    restocked: number;
  }[];
};

/** The order's return request with its lines (titles and prices from the order's own lines), or null. */
export function loadReturnRequest(db: Pick<Db, "select">, orderId: number): ReturnRequestView | null {
  const request = db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId)).get();
  if (!request) return null;
  const items = db
    .select({
      orderItemId: returnRequestItems.orderItemId,
      productId: orderItems.productId,
      title: orderItems.title,
      titleAr: orderItems.titleAr,
      size: orderItems.size,
      quantity: returnRequestItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      restocked: returnRequestItems.restocked,
    })
    .from(returnRequestItems)
    .innerJoin(orderItems, eq(orderItems.id, returnRequestItems.orderItemId))
    .where(eq(returnRequestItems.returnRequestId, request.id))
    .orderBy(asc(returnRequestItems.id))
    .all();
  return {
    status: request.status,
    reason: request.reason,
    note: request.note,
    refusalNote: request.refusalNote,
    refundCents: request.refundCents,
    createdAt: request.createdAt,
    decidedAt: request.decidedAt,
    receivedAt: request.receivedAt,
    items,
  };
}
