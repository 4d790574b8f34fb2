import { apiCall, ApiError, apiJson, methodNotAllowed } from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import { PhoneNotBlocked, toApiBlockedPhone, unblockPhone } from "~/orders/customers.server.ts";
import { unblockPhoneSchema } from "~/orders/return-schema.ts";

/** POST /api/customer/unblock with `{ phone }` (administrator): 200, or 404 when the number is not blocked. */
export const action = apiCall(
  { methods: ["POST"], caller: adminApi("customer/unblock"), body: unblockPhoneSchema },
  ({ context, caller, body: { phone } }) => {
    const actor = actorFor(caller, context);
    try {
      const removed = unblockPhone(context.db, phone, actor);
      return apiJson({ message: "Phone number unblocked", unblocked: toApiBlockedPhone(removed) });
    } catch (error) {
      if (error instanceof PhoneNotBlocked) throw new ApiError(404, error.message);
      throw error;
    }
  },
);

export const loader = methodNotAllowed(["POST"]);
