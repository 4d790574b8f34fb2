import type { ActionFunctionArgs } from "@remix-run/node";
import { OrderNotFound, OrderStatusConflict } from "~/orders/order-admin.server.ts";
import { type AdminUser, adminApi } from "~/staff/admin-session.server.ts";
import { ApiError, type HttpMethod, apiCall } from "~/platform/http/api-response.server.ts";
import type { AdminApiCall } from "~/staff/permissions.ts";

type OrderCallArgs = { request: Request; context: ActionFunctionArgs["context"]; admin: AdminUser; id: string };

/**
 * An administrator's call on one order (`?id=`): the `/api/` opening (the method, the site when
 * `refuseOtherSites`, the session and the role `call` needs), the id, and the model's refusals as
 * 404 and 409.
 */
export function orderDeskCall(
  {
    call,
    methods,
    refuseOtherSites = false,
  }: { call: AdminApiCall; methods: readonly HttpMethod[]; refuseOtherSites?: boolean },
  handler: (args: OrderCallArgs) => Promise<Response> | Response,
) {
  return apiCall({ methods, refuseOtherSites, caller: adminApi(call) }, async ({ request, context, caller }) => {
    const id = new URL(request.url).searchParams.get("id")?.trim();
    if (!id || id.length > 64) throw new ApiError(400, "Invalid order ID");
    try {
      return await handler({ request, context, admin: caller, id });
    } catch (error) {
      if (error instanceof OrderNotFound) throw new ApiError(404, error.message);
      if (error instanceof OrderStatusConflict) throw new ApiError(409, error.message);
      throw error;
    }
  });
}
