import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { orderViewParam } from "~/orders/order-admin.server.ts";
import { csvResponse } from "~/platform/files/csv.server.ts";
import { shopDayEnd, shopDayStart } from "~/utils/shop-time.ts";
import { exportOrders, ORDER_CSV_COLUMNS } from "~/orders/export.server.ts";

/**
 * GET /admin/orders.csv: the Orders list's view and search (`view`, `q`) or one phone's orders (`phone`), optionally from one Beirut
 * date to another inclusive (`from`, `to`, as 2026-11-24), streamed as CSV.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, "/admin/orders.csv");
  const url = new URL(request.url);
  const day = (name: "from" | "to") => {
    const value = url.searchParams.get(name)?.trim();
    if (!value) return undefined;
    const instant = name === "from" ? shopDayStart(value) : shopDayEnd(value);
    if (!instant)
      throw new Response(`${name}: use a date like 2026-11-24`, {
        status: 400,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    return instant;
  };
  const rows = exportOrders(context.db, {
    view: orderViewParam(url.searchParams.get("view")),
    search: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    // One customer's orders, as `/admin/orders?phone=` lists them (any status, however the number was written).
    phone: (url.searchParams.get("phone") ?? "").trim().slice(0, 30),
    from: day("from"),
    until: day("to"),
  });
  const today = new Date().toISOString().slice(0, 10);
  return csvResponse(rows, {
    columns: [...ORDER_CSV_COLUMNS],
    filename: `orders-${today}.csv`,
    signal: request.signal,
    untilClientCatchesUp: context.untilClientCatchesUp,
  });
}
