import type { ActionFunctionArgs } from "@remix-run/node";
import { allowMethods, ApiError, apiJson, withApiErrors } from "~/lib/api.server.ts";
import { isCrossSiteRequest } from "~/lib/cross-site.server.ts";
import { actorFor } from "~/models/activity.server.ts";
import { requireAdminApi } from "~/models/admin-session.server.ts";
import { cancelOrder, OrderNotFound, OrderStatusConflict } from "~/models/order-admin.server.ts";
import { toApiOrder } from "~/models/order.server.ts";

/**
 * GET or POST /api/order/cancelOrder?id=: cancels a processing or shipped order and restores its
 * stock. GET as the spec's client calls it. server.ts refuses it from other sites like every
 * request that changes data; it checks again here because a GET that changes data must never
 * depend on one path comparison alone.
 */
const cancelOrderCall = withApiErrors(async ({ request, context }: ActionFunctionArgs) => {
  allowMethods(request, ["GET", "POST"]);
  if (isCrossSiteRequest(request)) throw new ApiError(403, "Cross-site request refused");
  const admin = await requireAdminApi(request, context);
  const id = new URL(request.url).searchParams.get("id")?.trim();
  if (!id || id.length > 64) throw new ApiError(400, "Invalid order ID");
  try {
    return apiJson({
      message: "Order cancelled successfully",
      success: true,
      order: toApiOrder(cancelOrder(context.db, id, actorFor(admin, context))),
    });
  } catch (error) {
    if (error instanceof OrderNotFound) throw new ApiError(404, error.message);
    if (error instanceof OrderStatusConflict) throw new ApiError(409, error.message);
    throw error;
  }
});

export const loader = cancelOrderCall;
export const action = cancelOrderCall;
