import { orderDeskCall } from "~/orders/order-desk-call.server.ts";
import { ApiError, apiJson, methodNotAllowed, readJsonBody } from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { receiveReturn, ReturnReceiptInvalid } from "~/orders/return-request.server.ts";
import { receiveReturnApiSchema } from "~/orders/return-request-schema.ts";
import { toApiOrder } from "~/orders/order.server.ts";

/**
 * POST /api/order/receiveReturn?id= `{ refund, restock: true|false }` (Owner or Orders): an approved
 * return is back; `refund` in dollars (at most what was paid for those items, 400 beyond, never
 * rounded), `restock` every unit back to stock or every unit written off. Any other state 409: a
 * second call refunds nothing.
 */
export const action = orderDeskCall(
  { call: "order/receiveReturn", methods: ["POST"], refuseOtherSites: true },
  async ({ request, context, admin, id }) => {
    const body = await readJsonBody(request, receiveReturnApiSchema);
    try {
      const order = receiveReturn(
        context.db,
        id,
        { refundCents: body.refund, restocked: body.restock ? "all" : "none" },
        actorFor(admin, context),
      );
      return apiJson({ message: "Return received", order: toApiOrder(order) });
    } catch (error) {
      if (error instanceof ReturnReceiptInvalid) throw new ApiError(400, error.message);
      throw error;
    }
  },
);

export const loader = methodNotAllowed(["POST"]);
