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
import { searchProductIds } from "~/catalogue/search.server.ts";

/** GET /api/product/search?q=: visible products matching the text, best match first. */
export const loader = withApiErrors(({ request, context }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const { limit, offset } = parsePaging(url);
  const { ids, total } = searchProductIds(context.db, query, { limit, offset });
  return apiJson(apiProductsByIds(context.db, context.storage, originOf(request), ids), {
    cache: "public-short",
    headers: { "X-Total-Count": String(total) },
  });
});

export const action = methodNotAllowed(READ_METHODS);
