import { orderStatusCall } from "~/lib/api-order-status.server.ts";

/** GET or POST /api/order/cancelOrder?id=: cancels a processing or shipped order and restores its stock. */
export const loader = orderStatusCall("cancel");
export const action = orderStatusCall("cancel");
