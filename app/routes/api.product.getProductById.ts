import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  ApiError,
  apiJson,
  methodNotAllowed,
  originOf,
  parseIdParam,
  READ_METHODS,
  withApiErrors,
} from "~/platform/http/api-response.server.ts";
import { getAdmin } from "~/staff/admin-session.server.ts";
import { apiProductsByIds } from "~/catalogue/api-shape.server.ts";

/**
 * GET /api/product/getProductById?id=: `{ prod }`. Hidden products are not found for shoppers;
 * the signed-in administrator (who enriches order items with it) sees them, with isHidden.
 */
export const loader = withApiErrors(async ({ request, context }: LoaderFunctionArgs) => {
  const id = parseIdParam(new URL(request.url));
  // Any staff member who has set their own password (the order desk looks up ordered products too).
  const signedIn = await getAdmin(request, context);
  const admin = Boolean(signedIn && !signedIn.mustChangePassword);
  const [found] = apiProductsByIds(context.db, context.storage, originOf(request), [id], { admin: true });
  if (!found || (found.isHidden && !admin)) throw new ApiError(404, `Product ${id} not found`);
  if (admin) return apiJson({ prod: found });
  const { isHidden: _hidden, ...prod } = found;
  return apiJson({ prod }, { cache: "public-short" });
});

export const action = methodNotAllowed(READ_METHODS);
