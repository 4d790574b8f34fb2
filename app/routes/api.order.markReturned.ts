import { orderDeskCall } from "~/orders/order-desk-call.server.ts";
import { apiJson, methodNotAllowed, readJsonBody } from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { markReturned } from "~/orders/order-return.server.ts";
import { returnSchema } from "~/orders/return-schema.ts";
import { toApiOrder } from "~/orders/order.server.ts";

/**
 * POST /api/order/markReturned?id= with `{ "reason": "refused" | "unreachable" | "other", "note"? }`
 * (administrator): a shipped order came back; its stock goes back. Any other status answers 409.
 */
export const action = orderDeskCall(
  { call: "order/markReturned", methods: ["POST"] },
  async ({ request, context, admin, id }) => {
    const input = await readJsonBody(request, returnSchema);
    return apiJson({
      message: "Order marked as returned",
      order: toApiOrder(markReturned(context.db, id, input, actorFor(admin, context))),
    });
  },
);

export const loader = methodNotAllowed(["POST"]);
