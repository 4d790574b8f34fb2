import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  apiJson,
  methodNotAllowed,
  originOf,
  parsePaging,
  READ_METHODS,
  withApiErrors,
} from "~/platform/http/api-response.server.ts";
import { requireAdminApi } from "~/staff/admin-session.server.ts";
import { pageOfProductIds } from "~/catalogue/admin/product-list.server.ts";
import { apiProductsByIds } from "~/catalogue/api-shape.server.ts";

/** GET /api/product/getAllProducts (administrator): every product, hidden ones too, one page at a time. */
export const loader = withApiErrors(async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdminApi(request, context, "product/getAllProducts");
  const { ids, total } = pageOfProductIds(context.db, parsePaging(new URL(request.url)));
  return apiJson(
    { products: apiProductsByIds(context.db, context.storage, originOf(request), ids, { admin: true }) },
    { headers: { "X-Total-Count": String(total) } },
  );
});

export const action = methodNotAllowed(READ_METHODS);
