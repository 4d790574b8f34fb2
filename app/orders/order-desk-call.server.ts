import type { ActionFunctionArgs } from "@remix-run/node";
import { OrderNotFound, OrderStatusConflict } from "~/orders/order-admin.server.ts";
import { type AdminUser, requireAdminApi } from "~/staff/admin-session.server.ts";
import { ApiError, type HttpMethod, allowMethods, withApiErrors } from "~/platform/http/api-response.server.ts";
import { isCrossSiteRequest } from "~/platform/http/cross-site.server.ts";
import type { AdminApiCall } from "~/staff/permissions.ts";

type OrderCallArgs = { request: Request; context: ActionFunctionArgs["context"]; admin: AdminUser; id: string };

/**
 * An administrator's call on one order (`?id=`): the method check, the cross-site guard (again
 * here, since a GET may change data), the session and the role `call` needs, the id, and the model's refusals as 404 and 409.
 */
export function orderDeskCall(
  { call, methods, changesData }: { call: AdminApiCall; methods: readonly HttpMethod[]; changesData: boolean },
  handler: (args: OrderCallArgs) => Promise<Response> | Response,
) {
  return withApiErrors(async ({ request, context }: ActionFunctionArgs) => {
    allowMethods(request, methods);
    if (changesData && isCrossSiteRequest(request)) throw new ApiError(403, "Cross-site request refused");
    const admin = await requireAdminApi(request, context, call);
    const id = new URL(request.url).searchParams.get("id")?.trim();
    if (!id || id.length > 64) throw new ApiError(400, "Invalid order ID");
    try {
      return await handler({ request, context, admin, id });
    } catch (error) {
      if (error instanceof OrderNotFound) throw new ApiError(404, error.message);
      if (error instanceof OrderStatusConflict) throw new ApiError(409, error.message);
      throw error;
    }
  });
}
