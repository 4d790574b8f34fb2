import { apiCall, apiJson, methodNotAllowed, parsePaging, READ_METHODS } from "~/platform/http/api-response.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import { pageOfOrderIds } from "~/orders/order-admin.server.ts";
import { loadOrder, toApiOrder } from "~/orders/order.server.ts";

/**
 * GET /api/order/getAllOrders (administrator): newest first, one page at a time; `?phone=` only that
 * customer's orders (compared by the number's digits, however it was typed).
 */
export const loader = apiCall({ caller: adminApi("order/getAllOrders") }, ({ request, context }) => {
  const url = new URL(request.url);
  const phone = url.searchParams.get("phone")?.slice(0, 30) ?? undefined;
  const { publicIds, total } = pageOfOrderIds(context.db, { ...parsePaging(url), phone });
  return apiJson(
    { orders: publicIds.map((publicId) => toApiOrder(loadOrder(context.db, publicId)!)) },
    { headers: { "X-Total-Count": String(total) } },
  );
});

export const action = methodNotAllowed(READ_METHODS);
