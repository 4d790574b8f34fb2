import { apiCall, apiJson, methodNotAllowed, parseIdParam, readJsonBody } from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import { discountEditSchema } from "~/discounts/discount-schema.ts";
import { editDiscount, toApiDiscount } from "~/discounts/discounts.server.ts";
import { asDiscountApiError } from "~/discounts/discount-api.server.ts";

/** PUT /api/discount/edit?id= (administrator): the create fields, each optional (null clears one) → 200 `{ discount }`. */
export const action = apiCall(
  { methods: ["PUT"], caller: adminApi("discount/edit") },
  async ({ request, context, caller }) => {
    const actor = actorFor(caller, context);
    const id = parseIdParam(new URL(request.url), "id: a discount id is required");
    const input = await readJsonBody(request, discountEditSchema);
    try {
      return apiJson({ discount: toApiDiscount(editDiscount(context.db, id, input, actor)) });
    } catch (error) {
      return asDiscountApiError(error);
    }
  },
);

export const loader = methodNotAllowed(["PUT"]);
