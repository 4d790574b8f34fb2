import {
  apiCall,
  apiJson,
  methodNotAllowed,
  originOf,
  parsePaging,
  READ_METHODS,
} from "~/platform/http/api-response.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import { pageOfProductIds } from "~/catalogue/admin/product-list.server.ts";
import { apiProductsByIds } from "~/catalogue/api-shape.server.ts";

/** GET /api/product/getAllProducts (administrator): every product, hidden ones too, one page at a time. */
export const loader = apiCall({ caller: adminApi("product/getAllProducts") }, ({ request, context }) => {
  const { ids, total } = pageOfProductIds(context.db, parsePaging(new URL(request.url)));
  return apiJson(
    { products: apiProductsByIds(context.db, context.storage, originOf(request), ids, { admin: true, cost: true }) },
    { headers: { "X-Total-Count": String(total) } },
  );
});

export const action = methodNotAllowed(READ_METHODS);
