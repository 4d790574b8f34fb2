import type { ActionFunctionArgs } from "@remix-run/node";
import {
  allowMethods,
  apiJson,
  methodNotAllowed,
  parseIdParam,
  readJsonBody,
  withApiErrors,
} from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { requireAdminApi } from "~/staff/admin-session.server.ts";
import { discountEditSchema } from "~/discounts/discount-schema.ts";
import { editDiscount, toApiDiscount } from "~/discounts/discounts.server.ts";
import { asDiscountApiError } from "~/discounts/discount-api.server.ts";

/** PUT /api/discount/edit?id= (administrator): the create fields, each optional (null clears one) → 200 `{ discount }`. */
export const action = withApiErrors(async ({ request, context }: ActionFunctionArgs) => {
  allowMethods(request, ["PUT"]);
  const actor = actorFor(await requireAdminApi(request, context, "discount/edit"), context);
  const id = parseIdParam(new URL(request.url), "id: a discount id is required");
  const input = await readJsonBody(request, discountEditSchema);
  try {
    return apiJson({ discount: toApiDiscount(editDiscount(context.db, id, input, actor)) });
  } catch (error) {
    return asDiscountApiError(error);
  }
});

export const loader = methodNotAllowed(["PUT"]);
