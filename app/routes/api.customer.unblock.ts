import type { ActionFunctionArgs } from "@remix-run/node";
import {
  allowMethods,
  ApiError,
  apiJson,
  methodNotAllowed,
  readJsonBody,
  withApiErrors,
} from "~/platform/http/api-response.server.ts";
import { isCrossSiteRequest } from "~/platform/http/cross-site.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { requireAdminApi } from "~/staff/admin-session.server.ts";
import { PhoneNotBlocked, toApiBlockedPhone, unblockPhone } from "~/orders/customers.server.ts";
import { unblockPhoneSchema } from "~/orders/return-schema.ts";

/** POST /api/customer/unblock with `{ phone }` (administrator): 200, or 404 when the number is not blocked. */
export const action = withApiErrors(async ({ request, context }: ActionFunctionArgs) => {
  allowMethods(request, ["POST"]);
  if (isCrossSiteRequest(request)) throw new ApiError(403, "Cross-site request refused");
  const actor = actorFor(await requireAdminApi(request, context, "customer/unblock"), context);
  const { phone } = await readJsonBody(request, unblockPhoneSchema);
  try {
    const removed = unblockPhone(context.db, phone, actor);
    return apiJson({ message: "Phone number unblocked", unblocked: toApiBlockedPhone(removed) });
  } catch (error) {
    if (error instanceof PhoneNotBlocked) throw new ApiError(404, error.message);
    throw error;
  }
});

export const loader = methodNotAllowed(["POST"]);
