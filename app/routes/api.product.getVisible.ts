import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  apiJson,
  methodNotAllowed,
  originOf,
  parsePaging,
  READ_METHODS,
  withApiErrors,
} from "~/platform/http/api-response.server.ts";
import { apiProductsByIds } from "~/catalogue/api-shape.server.ts";
import { visibleProductIds } from "~/catalogue/listing.server.ts";

/** GET /api/product/getVisible: visible products, newest first, one page at a time. */
export const loader = withApiErrors(({ request, context }: LoaderFunctionArgs) => {
  const { limit, offset } = parsePaging(new URL(request.url));
  const { ids, total } = visibleProductIds(context.db, { limit, offset });
  return apiJson(apiProductsByIds(context.db, context.storage, originOf(request), ids), {
    cache: "public-short",
    headers: { "X-Total-Count": String(total) },
  });
});

export const action = methodNotAllowed(READ_METHODS);
