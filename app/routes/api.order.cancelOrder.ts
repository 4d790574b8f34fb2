import { orderDeskCall } from "~/orders/order-desk-call.server.ts";
import { apiJson } from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { cancelOrder } from "~/orders/order-admin.server.ts";
import { toApiOrder } from "~/orders/order.server.ts";

/**
 * GET or POST /api/order/cancelOrder?id= (administrator): cancels a processing or shipped order and
 * restores its stock. GET as existing API clients call it; like every call that changes data it is
 * refused from other sites here as well as in server.ts (`orderDeskCall`).
 */
const cancelOrderCall = orderDeskCall(
  { call: "order/cancelOrder", methods: ["GET", "POST"], refuseOtherSites: true },
  ({ context, admin, id }) =>
    apiJson({
      message: "Order cancelled successfully",
      success: true,
      order: toApiOrder(cancelOrder(context.db, id, actorFor(admin, context))),
    }),
);

export const loader = cancelOrderCall;
export const action = cancelOrderCall;
