import { apiCall, apiJson, methodNotAllowed, READ_METHODS } from "~/platform/http/api-response.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import { listDiscounts, toApiDiscount } from "~/discounts/discounts.server.ts";

/** GET /api/discount/list (administrator): every code with its uses so far, newest first. */
export const loader = apiCall({ caller: adminApi("discount/list") }, ({ context }) =>
  apiJson({ discounts: listDiscounts(context.db).map(toApiDiscount) }),
);

export const action = methodNotAllowed(READ_METHODS);
