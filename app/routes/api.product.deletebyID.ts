import type { ActionFunctionArgs } from "@remix-run/node";
import {
  allowMethods,
  ApiError,
  apiJson,
  methodNotAllowed,
  parseIdParam,
  withApiErrors,
} from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { requireAdminApi } from "~/staff/admin-session.server.ts";
import { deleteProducts } from "~/catalogue/admin/hide-and-delete.server.ts";

/** DELETE /api/product/deletebyID?id= (administrator): the product and its image files. */
export const action = withApiErrors(async ({ request, context }: ActionFunctionArgs) => {
  allowMethods(request, ["DELETE", "POST"]);
  const actor = actorFor(await requireAdminApi(request, context, "product/deletebyID"), context);
  const id = parseIdParam(new URL(request.url));
  const { deleted } = await deleteProducts(context.db, context.storage, [id], actor);
  if (!deleted) throw new ApiError(404, `Product ${id} not found`);
  return apiJson({ message: "Product and images deleted successfully!" });
});

export const loader = methodNotAllowed(["DELETE", "POST"]);
