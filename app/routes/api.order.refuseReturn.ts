import { orderDeskCall } from "~/orders/order-desk-call.server.ts";
import { apiJson, methodNotAllowed, readJsonBody } from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { refuseReturn } from "~/orders/return-request.server.ts";
import { refuseReturnSchema } from "~/orders/return-request-schema.ts";
import { toApiOrder } from "~/orders/order.server.ts";

/** POST /api/order/refuseReturn?id= `{ note }` (Owner or Orders): a requested return is refused; any other state 409. */
export const action = orderDeskCall(
  { call: "order/refuseReturn", methods: ["POST"], refuseOtherSites: true },
  async ({ request, context, admin, id }) => {
    const { note } = await readJsonBody(request, refuseReturnSchema);
    return apiJson({
      message: "Return refused",
      order: toApiOrder(refuseReturn(context.db, id, note, actorFor(admin, context))),
    });
  },
);

export const loader = methodNotAllowed(["POST"]);
