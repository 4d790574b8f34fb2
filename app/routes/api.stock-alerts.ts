import { apiCall, apiJson, methodNotAllowed, READ_METHODS } from "~/platform/http/api-response.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import { listStockAlerts } from "~/catalogue/stock-alerts.server.ts";

/**
 * GET /api/stock-alerts (Owner and Orders): `{ alerts: [{ _id, productId, title, size, email,
 * phone, language, createdAt, notifiedAt, doneAt }] }`, the newest first. Shoppers' contacts:
 * refused from another site too.
 */
export const loader = apiCall({ refuseOtherSites: true, caller: adminApi("stock-alerts") }, ({ context }) =>
  apiJson({ alerts: listStockAlerts(context.db) }),
);

export const action = methodNotAllowed(READ_METHODS);
