import { apiCall, ApiError, apiJson } from "~/platform/http/api-response.server.ts";
import { REACHABLE_STATUSES } from "~/orders/order-status.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import { advanceOrderStatus, OrderNotFound, OrderStatusConflict } from "~/orders/order-admin.server.ts";
import { toApiOrder } from "~/orders/order.server.ts";

/**
 * GET or POST /api/order/updateOrder?id=: the next status, processing → shipped → delivered.
 * GET as existing API clients call it. server.ts refuses it from other sites like every request that
 * changes data; it checks again here because a GET that changes data must never depend on one
 * path comparison alone.
 */
const updateOrder = apiCall(
  { methods: ["GET", "POST"], refuseOtherSites: true, caller: adminApi("order/updateOrder") },
  ({ request, context, caller: admin }) => {
    const url = new URL(request.url);
    const id = url.searchParams.get("id")?.trim();
    // Optional: the status the caller means to reach, so a retried call cannot skip a step.
    const expected = url.searchParams.get("status") ?? undefined;
    if (!id || id.length > 64) throw new ApiError(400, "Invalid order ID or status");
    if (expected !== undefined && !REACHABLE_STATUSES.includes(expected)) {
      throw new ApiError(400, `status: must be one of ${REACHABLE_STATUSES.join(", ")}`);
    }
    try {
      return apiJson({
        message: "Order status updated successfully",
        order: toApiOrder(advanceOrderStatus(context.db, id, expected, actorFor(admin, context))),
      });
    } catch (error) {
      if (error instanceof OrderNotFound) throw new ApiError(404, error.message);
      if (error instanceof OrderStatusConflict) throw new ApiError(409, error.message);
      throw error;
    }
  },
);

export const loader = updateOrder;
export const action = updateOrder;
