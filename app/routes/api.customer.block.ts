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
import { blockPhone, toApiBlockedPhone } from "~/orders/customers.server.ts";
import { blockPhoneSchema } from "~/orders/return-schema.ts";

/**
 * POST /api/customer/block with `{ phone, reason }` (administrator): the shop takes no order online
 * from that number (compared by its digits); 201 with the block. Blocking again replaces the reason.
 */
export const action = withApiErrors(async ({ request, context }: ActionFunctionArgs) => {
  allowMethods(request, ["POST"]);
  if (isCrossSiteRequest(request)) throw new ApiError(403, "Cross-site request refused");
  const actor = actorFor(await requireAdminApi(request, context, "customer/block"), context);
  const input = await readJsonBody(request, blockPhoneSchema);
  return apiJson(
    { message: "Phone number blocked", blocked: toApiBlockedPhone(blockPhone(context.db, input, actor)) },
    { status: 201 },
  );
});

export const loader = methodNotAllowed(["POST"]);
