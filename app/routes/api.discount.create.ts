import type { ActionFunctionArgs } from "@remix-run/node";
import {
  allowMethods,
  apiJson,
  methodNotAllowed,
  readJsonBody,
  withApiErrors,
} from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { requireAdminApi } from "~/staff/admin-session.server.ts";
import { discountSchema } from "~/discounts/discount-schema.ts";
import { createDiscount, toApiDiscount } from "~/discounts/discounts.server.ts";
import { asDiscountApiError } from "~/discounts/discount-api.server.ts";

/** POST /api/discount/create (administrator): `{ code, percent }` or `{ code, amount }` and the optional fields → 201 `{ discount }`. */
export const action = withApiErrors(async ({ request, context }: ActionFunctionArgs) => {
  allowMethods(request, ["POST"]);
  const actor = actorFor(await requireAdminApi(request, context, "discount/create"), context);
  const input = await readJsonBody(request, discountSchema);
  try {
    return apiJson({ discount: toApiDiscount(createDiscount(context.db, input, actor)) }, { status: 201 });
  } catch (error) {
    return asDiscountApiError(error);
  }
});

export const loader = methodNotAllowed(["POST"]);
