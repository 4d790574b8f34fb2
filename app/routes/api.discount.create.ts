import { apiCall, apiJson, methodNotAllowed } from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import { discountSchema } from "~/discounts/discount-schema.ts";
import { createDiscount, toApiDiscount } from "~/discounts/discounts.server.ts";
import { asDiscountApiError } from "~/discounts/discount-api.server.ts";

/** POST /api/discount/create (administrator): `{ code, percent }` or `{ code, amount }` and the optional fields → 201 `{ discount }`. */
export const action = apiCall(
  { methods: ["POST"], caller: adminApi("discount/create"), body: discountSchema },
  ({ context, caller, body: input }) => {
    const actor = actorFor(caller, context);
    try {
      return apiJson({ discount: toApiDiscount(createDiscount(context.db, input, actor)) }, { status: 201 });
    } catch (error) {
      return asDiscountApiError(error);
    }
  },
);

export const loader = methodNotAllowed(["POST"]);
