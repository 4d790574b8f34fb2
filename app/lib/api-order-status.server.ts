import type { ActionFunctionArgs } from "@remix-run/node";
import { NEXT_STATUS } from "~/lib/order-status.ts";
import { advanceOrderStatus, cancelOrder, OrderNotFound, OrderStatusConflict } from "~/models/order-admin.server.ts";
import { toApiOrder } from "~/models/order.server.ts";
import { allowMethods, ApiError, apiJson, withApiErrors } from "./api.server.ts";
import { requireAdminApi } from "./auth.server.ts";
import { isCrossSiteRequest } from "./cross-site.server.ts";

/** The statuses `updateOrder` can move an order to. */
const REACHABLE_STATUSES: string[] = Object.values(NEXT_STATUS);

/**
 * `order/updateOrder` and `order/cancelOrder`: GET as the spec's client calls them, and POST.
 * server.ts refuses them from other sites like every request that changes data; they check again
 * here because a GET that changes data must never depend on one path comparison alone.
 */
export function orderStatusCall(change: "advance" | "cancel") {
  return withApiErrors(async ({ request, context }: ActionFunctionArgs) => {
    allowMethods(request, ["GET", "POST"]);
    if (isCrossSiteRequest(request)) throw new ApiError(403, "Cross-site request refused");
    const admin = await requireAdminApi(request, context);
    const url = new URL(request.url);
    const id = url.searchParams.get("id")?.trim();
    // Optional: the status the caller means to reach, so a retried call cannot skip a step.
    const expected = url.searchParams.get("status") ?? undefined;
    if (!id || id.length > 64) throw new ApiError(400, change === "advance" ? "Invalid order ID or status" : "Invalid order ID");
    if (change === "advance" && expected !== undefined && !REACHABLE_STATUSES.includes(expected)) {
      throw new ApiError(400, `status: must be one of ${REACHABLE_STATUSES.join(", ")}`);
    }
    try {
      if (change === "advance") {
        return apiJson({ message: "Order status updated successfully", order: toApiOrder(advanceOrderStatus(context.db, id, expected, admin.username)) });
      }
      return apiJson({ message: "Order cancelled successfully", success: true, order: toApiOrder(cancelOrder(context.db, id, admin.username)) });
    } catch (error) {
      if (error instanceof OrderNotFound) throw new ApiError(404, error.message);
      if (error instanceof OrderStatusConflict) throw new ApiError(409, error.message);
      throw error;
    }
  });
}
