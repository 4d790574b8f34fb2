import { apiCall, apiJson, methodNotAllowed, parsePaging, READ_METHODS } from "~/platform/http/api-response.server.ts";
import { activityFilterFrom, listActivity } from "~/overview/activity.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";

/**
 * GET /api/admin/activity (administrator): the activity log, newest first, one page at a time
 * (`page`, `limit` as the other listings), filtered by `kind`, `product` (id) or `order` (`_id`).
 */
export const loader = apiCall({ caller: adminApi("admin/activity") }, ({ request, context }) => {
  const url = new URL(request.url);
  const { limit, offset } = parsePaging(url);
  const { rows, total } = listActivity(context.db, {
    ...activityFilterFrom(url.searchParams),
    pageSize: limit,
    page: Math.floor(offset / limit) + 1,
  });
  return apiJson(
    {
      activity: rows.map((row) => ({
        _id: String(row.id),
        at: row.at.toISOString(),
        by: row.actor,
        address: row.address,
        kind: row.kind,
        subject: row.subject,
        productId: row.productId === null ? null : String(row.productId),
        orderId: row.orderId,
        changes: row.changes,
      })),
    },
    { headers: { "X-Total-Count": String(total) } },
  );
});

export const action = methodNotAllowed(READ_METHODS);
