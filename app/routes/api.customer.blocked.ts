import { apiCall, apiJson, methodNotAllowed, READ_METHODS } from "~/platform/http/api-response.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import { listBlockedPhones, toApiBlockedPhone } from "~/orders/customers.server.ts";

/**
 * GET /api/customer/blocked (administrator): `{ blocked: [{ phone, reason, at, by }] }`, the newest
 * first. Customers' numbers: refused from another site too, although it changes nothing.
 */
export const loader = apiCall({ refuseOtherSites: true, caller: adminApi("customer/blocked") }, ({ context }) =>
  apiJson({ blocked: listBlockedPhones(context.db).map(toApiBlockedPhone) }),
);

export const action = methodNotAllowed(READ_METHODS);
