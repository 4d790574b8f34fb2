import { orderDeskCall } from "~/orders/order-desk-call.server.ts";
import { apiJson, methodNotAllowed } from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { approveReturn } from "~/orders/return-request.server.ts";
import { toApiOrder } from "~/orders/order.server.ts";

/** POST /api/order/approveReturn?id= (Owner or Orders): a requested return is accepted; any other state 409. */
export const action = orderDeskCall(
  { call: "order/approveReturn", methods: ["POST"], refuseOtherSites: true },
  ({ context, admin, id }) =>
    apiJson({
      message: "Return approved",
      order: toApiOrder(approveReturn(context.db, id, actorFor(admin, context))),
    }),
);

export const loader = methodNotAllowed(["POST"]);
