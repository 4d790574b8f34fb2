import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, methodNotAllowed, READ_METHODS, withApiErrors } from "~/platform/http/api-response.server.ts";
import { listCategories } from "~/catalogue/category.server.ts";

/** GET /api/category/getCategories: the category tree as a flat list. */
export const loader = withApiErrors(({ context }: LoaderFunctionArgs) => {
  const rows = listCategories(context.db);
  const categories = rows.map((row) => ({
    _id: String(row.id),
    Name: row.name,
    label: row.label,
    parentId: row.parentId === null ? null : String(row.parentId),
    slug: row.slug,
    code: row.code,
  }));
  return apiJson(categories, { cache: "public-short" });
});

export const action = methodNotAllowed(READ_METHODS);
