import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  ApiError,
  apiJson,
  methodNotAllowed,
  READ_METHODS,
  withApiErrors,
} from "~/platform/http/api-response.server.ts";
import { isCrossSiteRequest } from "~/platform/http/cross-site.server.ts";
import { requireAdminApi } from "~/staff/admin-session.server.ts";
import { listBlockedPhones, toApiBlockedPhone } from "~/orders/customers.server.ts";

/**
 * GET /api/customer/blocked (administrator): `{ blocked: [{ phone, reason, at, by }] }`, the newest
 * first. Customers' numbers: refused from another site too, although it changes nothing.
 */
export const loader = withApiErrors(async ({ request, context }: LoaderFunctionArgs) => {
  if (isCrossSiteRequest(request)) throw new ApiError(403, "Cross-site request refused");
  await requireAdminApi(request, context, "customer/blocked");
  return apiJson({ blocked: listBlockedPhones(context.db).map(toApiBlockedPhone) });
});

export const action = methodNotAllowed(READ_METHODS);
