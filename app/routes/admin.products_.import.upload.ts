import { adminAction } from "~/staff/admin-action.server.ts";
import { methodNotAllowed, originOf } from "~/platform/http/api-response.server.ts";
import type { DatabaseUnavailable } from "~/platform/db/database-faults.server.ts";
import { productImageUrl } from "~/catalogue/admin/product-csv.server.ts";
import { keepImportUpload } from "~/catalogue/admin/product-import-preview.server.ts";

/**
 * POST /admin/products/import/upload (the import page's form with JavaScript, which shows the
 * upload's progress): the same as the page's upload, answered as JSON `{ location }` (the preview)
 * or `{ error }` with 400 or 413.
 */
export const action = adminAction(
  "/admin/products/import/upload",
  async ({ request, context, actor }) => {
    const kept = await keepImportUpload(request, context.db, context.storage, {
      actor,
      imageUrl: productImageUrl(originOf(request), context.storage),
    });
    if ("error" in kept) return Response.json({ error: kept.error }, { status: kept.status });
    return Response.json(kept);
  },
  (unavailable: DatabaseUnavailable) =>
    Response.json({ error: unavailable.message }, { status: 503, headers: unavailable.headers }),
);

export const loader = methodNotAllowed(["POST"]);
