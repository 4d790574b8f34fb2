import type { LoaderFunctionArgs } from "@remix-run/node";
import { count, desc } from "drizzle-orm";
import { orders } from "../../db/schema/index.ts";
import { apiJson, methodNotAllowed, parsePaging, READ_METHODS, withApiErrors } from "~/lib/api.server.ts";
import { requireAdminApi } from "~/lib/auth.server.ts";
import { loadOrder, toApiOrder } from "~/models/order.server.ts";

/** GET /api/order/getAllOrders (administrator): newest first, one page at a time. */
export const loader = withApiErrors(async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdminApi(request, context);
  const { limit, offset } = parsePaging(new URL(request.url));
  const ids = context.db.select({ publicId: orders.publicId }).from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset).all();
  // Not db.$count(): on better-sqlite3 it is a query builder, which the header showed as "[object …]".
  const total = context.db.select({ total: count() }).from(orders).get()!.total;
  return apiJson({ orders: ids.map(({ publicId }) => toApiOrder(loadOrder(context.db, publicId)!)) }, { headers: { "X-Total-Count": String(total) } });
});

export const action = methodNotAllowed(READ_METHODS);
