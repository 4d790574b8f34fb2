import type { LoaderFunctionArgs } from "@remix-run/node";
import { count, desc } from "drizzle-orm";
import { products } from "../../db/schema/index.ts";
import { apiJson, methodNotAllowed, originOf, parsePaging, READ_METHODS, withApiErrors } from "~/lib/api.server.ts";
import { requireAdminApi } from "~/lib/auth.server.ts";
import { apiProductsByIds } from "~/models/product.server.ts";

/** GET /api/product/getAllProducts (administrator): every product, hidden ones too, one page at a time. */
export const loader = withApiErrors(async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdminApi(request, context);
  const { limit, offset } = parsePaging(new URL(request.url));
  const ids = context.db.select({ id: products.id }).from(products).orderBy(desc(products.createdAt), desc(products.id)).limit(limit).offset(offset).all().map((row) => row.id);
  // Not db.$count(): on better-sqlite3 it is a query builder, which the header showed as "[object …]".
  const total = context.db.select({ total: count() }).from(products).get()!.total;
  return apiJson({ products: apiProductsByIds(context.db, context.storage, originOf(request), ids, { admin: true }) }, { headers: { "X-Total-Count": String(total) } });
});

export const action = methodNotAllowed(READ_METHODS);
