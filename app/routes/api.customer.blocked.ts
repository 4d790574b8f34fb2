import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, methodNotAllowed, READ_METHODS, withApiErrors } from "~/platform/http/api-response.server.ts";
import { requireAdminApi } from "~/staff/admin-session.server.ts";
import { listBlockedPhones, toApiBlockedPhone } from "~/orders/customers.server.ts";

/** GET /api/customer/blocked (administrator): `{ blocked: [{ phone, reason, at, by }] }`, the newest first. */
export const loader = withApiErrors(async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdminApi(request, context);
  return apiJson({ blocked: listBlockedPhones(context.db).map(toApiBlockedPhone) });
});

export const action = methodNotAllowed(READ_METHODS);
