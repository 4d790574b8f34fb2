import { apiCall, apiJson, methodNotAllowed } from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import { blockPhone, toApiBlockedPhone } from "~/orders/customers.server.ts";
import { blockPhoneSchema } from "~/orders/return-schema.ts";

/**
 * POST /api/customer/block with `{ phone, reason }` (administrator): the shop takes no order online
 * from that number (compared by its digits); 201 with the block. Blocking again replaces the reason.
 */
export const action = apiCall(
  { methods: ["POST"], caller: adminApi("customer/block"), body: blockPhoneSchema },
  ({ context, caller, body: input }) => {
    const actor = actorFor(caller, context);
    return apiJson(
      { message: "Phone number blocked", blocked: toApiBlockedPhone(blockPhone(context.db, input, actor)) },
      { status: 201 },
    );
  },
);

export const loader = methodNotAllowed(["POST"]);
