import { apiCall, ApiError, apiJson, methodNotAllowed, parseIdParam } from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import { deleteProducts } from "~/catalogue/admin/hide-and-delete.server.ts";

/** DELETE /api/product/deletebyID?id= (administrator): the product and its image files. */
export const action = apiCall(
  { methods: ["DELETE", "POST"], caller: adminApi("product/deletebyID") },
  async ({ request, context, caller }) => {
    const actor = actorFor(caller, context);
    const id = parseIdParam(new URL(request.url));
    const { deleted } = await deleteProducts(context.db, context.storage, [id], actor);
    if (!deleted) throw new ApiError(404, `Product ${id} not found`);
    return apiJson({ message: "Product and images deleted successfully!" });
  },
);

export const loader = methodNotAllowed(["DELETE", "POST"]);
