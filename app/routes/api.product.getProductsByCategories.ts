import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  ApiError,
  apiJson,
  methodNotAllowed,
  originOf,
  parsePaging,
  READ_METHODS,
  withApiErrors,
} from "~/platform/http/api-response.server.ts";
import { descendantIds, findCategory, listCategories } from "~/catalogue/category.server.ts";
import { apiProductsByIds } from "~/catalogue/api-shape.server.ts";
import { visibleProductIds } from "~/catalogue/listing.server.ts";

/**
 * GET /api/product/getProductsByCategories?category=: visible products of a category and its
 * subcategories (matched by name, slug, id or code), newest first, one page at a time.
 */
export const loader = withApiErrors(({ request, context }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const reference = url.searchParams.get("category")?.trim();
  if (!reference) throw new ApiError(400, "category: a category name, slug, id or code is required");
  const rows = listCategories(context.db);
  const category = findCategory(rows, reference);
  if (!category) throw new ApiError(404, `No products found for category: ${reference}`);
  const { limit, offset } = parsePaging(url);
  const { ids, total } = visibleProductIds(context.db, {
    categoryIds: descendantIds(rows, category.id),
    limit,
    offset,
  });
  return apiJson(apiProductsByIds(context.db, context.storage, originOf(request), ids), {
    cache: "public-short",
    headers: { "X-Total-Count": String(total) },
  });
});

export const action = methodNotAllowed(READ_METHODS);
