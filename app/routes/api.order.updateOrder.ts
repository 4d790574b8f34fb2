import { orderStatusCall } from "~/lib/api-order-status.server.ts";

/** GET or POST /api/order/updateOrder?id=: the next status, processing → shipped → delivered. */
export const loader = orderStatusCall("advance");
export const action = orderStatusCall("advance");
