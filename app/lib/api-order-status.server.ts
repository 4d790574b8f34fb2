import type { ActionFunctionArgs } from "@remix-run/node";
import { advanceOrderStatus, cancelOrder, OrderNotFound, OrderStatusConflict } from "~/models/order-admin.server.ts";
import { toApiOrder } from "~/models/order.server.ts";
import { ApiError, apiJson, withApiErrors } from "./api.server.ts";
import { requireAdminApi } from "./auth.server.ts";

/**
 * `order/updateOrder` and `order/cancelOrder`: GET as the spec's client calls them, and POST.
 * Both are guarded against other sites by server.ts, like every request that changes data.
 */
export function orderStatusCall(change: "advance" | "cancel") {
  return withApiErrors(async ({ request, context }: ActionFunctionArgs) => {
    if (request.method !== "GET" && request.method !== "POST") throw new ApiError(405, "Use GET or POST");
    await requireAdminApi(request, context);
    const url = new URL(request.url);
    const id = url.searchParams.get("id")?.trim();
    // Optional: the status the caller means to reach, so a retried call cannot skip a step.
    const expected = url.searchParams.get("status") ?? undefined;
    if (!id || id.length > 64) throw new ApiError(400, change === "advance" ? "Invalid order ID or status" : "Invalid order ID");
    try {
      if (change === "advance") {
        return apiJson({ message: "Order status updated successfully", order: toApiOrder(advanceOrderStatus(context.db, id, expected)) });
      }
      return apiJson({ message: "Order cancelled successfully", success: true, order: toApiOrder(cancelOrder(context.db, id)) });
    } catch (error) {
      if (error instanceof OrderNotFound) throw new ApiError(404, error.message);
      if (error instanceof OrderStatusConflict) throw new ApiError(409, error.message);
      throw error;
    }
  });
}
