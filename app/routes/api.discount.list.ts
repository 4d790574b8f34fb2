import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, methodNotAllowed, READ_METHODS, withApiErrors } from "~/platform/http/api-response.server.ts";
import { requireAdminApi } from "~/staff/admin-session.server.ts";
import { listDiscounts, toApiDiscount } from "~/discounts/discounts.server.ts";

/** GET /api/discount/list (administrator): every code with its uses so far, newest first. */
export const loader = withApiErrors(async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdminApi(request, context, "discount/list");
  return apiJson({ discounts: listDiscounts(context.db).map(toApiDiscount) });
});

export const action = methodNotAllowed(READ_METHODS);
