import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { csvResponse } from "~/platform/files/csv.server.ts";
import { originOf } from "~/platform/http/api-response.server.ts";
import { exportProducts, PRODUCT_CSV_HEADERS, productImageUrl } from "~/catalogue/admin/product-csv.server.ts";

/** GET /admin/products.csv: every product, hidden ones too, every field, streamed as CSV (it imports back). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, "/admin/products.csv");
  const today = new Date().toISOString().slice(0, 10);
  return csvResponse(exportProducts(context.db, productImageUrl(originOf(request), context.storage)), {
    columns: PRODUCT_CSV_HEADERS,
    filename: `products-${today}.csv`,
    signal: request.signal,
    untilClientCatchesUp: context.untilClientCatchesUp,
  });
}
