import { orderDeskCall } from "~/orders/order-desk-call.server.ts";
import { apiJson } from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { confirmOrder } from "~/orders/order-desk.server.ts";
import { toApiOrder } from "~/orders/order.server.ts";

/**
 * GET or POST /api/order/confirmOrder?id= (administrator): confirmed with the customer; again keeps
 * the first time. A GET that changes data: refused from other sites here as well as in server.ts.
 */
const confirm = orderDeskCall(
  { call: "order/confirmOrder", methods: ["GET", "POST"], refuseOtherSites: true },
  ({ context, admin, id }) =>
    apiJson({
      message: "Order confirmed successfully",
      order: toApiOrder(confirmOrder(context.db, id, actorFor(admin, context))),
    }),
);

export const loader = confirm;
export const action = confirm;
