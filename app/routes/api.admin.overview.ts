import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, methodNotAllowed, READ_METHODS, withApiErrors } from "~/platform/http/api-response.server.ts";
import { requireAdminApi } from "~/staff/admin-session.server.ts";
import { toDollars } from "~/utils/money.ts";
import { getOverview, type PeriodFigures } from "~/overview/overview.server.ts";

const period = (figures: PeriodFigures) => ({
  orders: figures.orders,
  canceled: figures.canceled,
  returned: figures.returned,
  // Net of the refunds paid back in the period; `refunds` is those refunds (returns after delivery).
  revenue: toDollars(figures.revenueCents),
  refunds: { count: figures.refunds, amount: toDollars(figures.refundsCents) },
  // Of the revenue: the goods (the shop's) and the delivery fees (the driver's).
  goodsRevenue: toDollars(figures.goodsRevenueCents),
  deliveryFees: toDollars(figures.deliveryFeesCents),
  averageOrder: figures.averageCents === null ? null : toDollars(figures.averageCents),
  // The goods revenue less what those goods cost; the units sold without a cost count as costing nothing.
  grossProfit: toDollars(figures.grossProfitCents),
  itemsWithoutCost: figures.itemsWithoutCost,
});

const product = (line: { id: number; title: string; stock: number; isHidden: boolean }) => ({
  _id: String(line.id),
  title: line.title,
  quantity: line.stock,
  isHidden: line.isHidden,
});

/** GET /api/admin/overview (administrator): the Overview tab's figures, amounts in dollars. */
export const loader = withApiErrors(async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdminApi(request, context, "admin/overview");
  const overview = getOverview(context.db);
  return apiJson({
    timeZone: overview.timeZone,
    today: period(overview.today),
    last7Days: period(overview.last7Days),
    last30Days: period(overview.last30Days),
    daily: overview.daily.map((day) => ({ date: day.date, orders: day.orders, revenue: toDollars(day.revenueCents) })),
    toConfirm: overview.toConfirm,
    toShip: overview.toShip,
    cashToCollect: { orders: overview.cashToCollect.orders, amount: toDollars(overview.cashToCollect.amountCents) },
    // Of the orders shipped in the last 30 days: how many came back, and that share (0 to 1, null when none shipped).
    returnedLast30Days: overview.returnedLast30Days,
    // Returns after delivery received in the last 30 days and the money paid back (also in each period).
    refunds: { count: overview.last30Days.refunds, amount: toDollars(overview.last30Days.refundsCents) },
    lowStock: overview.lowStock.map((line) => ({ ...product(line), size: line.size })),
    soldOut: { count: overview.soldOut.count, products: overview.soldOut.products.map(product) },
    slowMovers: overview.slowMovers.map(product),
    bestSellers: overview.bestSellers.map((line) => ({
      ...product(line),
      sold: line.quantity,
      revenue: toDollars(line.revenueCents),
    })),
    discounts: overview.discounts.map((line) => ({
      code: line.code,
      orders: line.orders,
      discount: toDollars(line.discountCents),
    })),
  });
});

export const action = methodNotAllowed(READ_METHODS);
