import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { csvResponse } from "~/platform/files/csv.server.ts";
import { exportProducts, PRODUCT_CSV_COLUMNS } from "~/orders/export.server.ts";

/** GET /admin/products.csv: every product, hidden ones too, streamed as CSV. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, "/admin/products.csv");
  const today = new Date().toISOString().slice(0, 10);
  return csvResponse(exportProducts(context.db), {
    columns: [...PRODUCT_CSV_COLUMNS],
    filename: `products-${today}.csv`,
    signal: request.signal,
    untilClientCatchesUp: context.untilClientCatchesUp,
  });
}
