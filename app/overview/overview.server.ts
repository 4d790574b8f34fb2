import { and, asc, count, desc, eq, gte, lt, sql, sum } from "drizzle-orm";
import {
  orders,
  products,
  productSalesByDay,
  productSizeStock,
  salesByHour,
  shipmentsByHour,
} from "../../db/schema/index.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { SHOP_TIME_ZONE } from "~/utils/shop-time.ts";
import { awaitingConfirmation } from "~/orders/order-admin.server.ts";
import { type DiscountFigure, discountFigures } from "~/discounts/discounts.server.ts";
import type { PeriodFigures } from "./period-figures.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const LIST_LIMIT = 8;
/** Open-box goods lose value as they wait: two months unsold is worth the owner's attention. */
export const SLOW_MOVER_DAYS = 60;
export const LOW_STOCK_MAX = 2;

export type { PeriodFigures } from "./period-figures.ts";
/** Of the orders shipped in the last 30 days, how many came back, and their share (null: none shipped). */
export type ReturnedFigures = { returned: number; shipped: number; rate: number | null };
export type DayFigures = { date: string; orders: number; revenueCents: number };
export type ProductLine = { id: number; title: string; stock: number; isHidden: boolean };
/** A low-stock line: a product on shared stock (size null), or one size of a product with stock per size. */
export type LowStockLine = ProductLine & { size: string | null };
export type BestSeller = ProductLine & { quantity: number; revenueCents: number };

export type Overview = {
  timeZone: string;
  today: PeriodFigures;
  last7Days: PeriodFigures;
  last30Days: PeriodFigures;
  /** Oldest first, 30 local days ending today. */
  daily: DayFigures[];
  /** Still processing and not yet confirmed with the customer by phone (the order desk's call list). */
  toConfirm: number;
  toShip: number;
  cashToCollect: { orders: number; amountCents: number };
  returnedLast30Days: ReturnedFigures;
  lowStock: LowStockLine[];
  soldOut: { count: number; products: ProductLine[] };
  slowMovers: ProductLine[];
  bestSellers: BestSeller[];
  /** Orders and money given per discount code over the 30 days (canceled orders left out). */
  discounts: DiscountFigure[];
};

const formats = new Map<string, { date: Intl.DateTimeFormat; offset: Intl.DateTimeFormat }>();
function formatsFor(timeZone: string) {
  let found = formats.get(timeZone);
  if (!found) {
    found = {
      date: new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }),
      offset: new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }),
    };
    formats.set(timeZone, found);
  }
  return found;
}

/** "2026-11-24" in the shop's time zone. */
function localDate(time: number, timeZone: string) {
  return formatsFor(timeZone).date.format(time);
}

/** When a local calendar date begins, in UTC milliseconds (Beirut moves its clocks at midnight). */
function localMidnight(date: string, timeZone: string) {
  const noon = Date.parse(`${date}T12:00:00Z`);
  const name =
    formatsFor(timeZone)
      .offset.formatToParts(noon)
      .find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const [, sign, hours, minutes] = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name) ?? [];
  const offsetMs = sign ? (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes ?? 0)) * 60_000 : 0;
  return Date.parse(`${date}T00:00:00Z`) - offsetMs;
}

function nextDate(date: string) {
  return new Date(Date.parse(`${date}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** The `count` calendar dates ending with `today`, oldest first (calendar arithmetic, no DST traps). */
function datesEndingWith(today: string, count: number) {
  const noon = Date.parse(`${today}T12:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(noon - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** Per local date, beside DayFigures: the unpaid orders, the delivery fees within the revenue, the goods' cost. */
type Unpaid = {
  canceled: number;
  returned: number;
  deliveryCents: number;
  costCents: number;
  unitsWithoutCost: number;
  /** Returns after delivery received that day: how many, the money paid back, the cost of the units restocked. */
  refunds: number;
  refundCents: number;
  returnedCostCents: number;
};

function period(days: DayFigures[], unpaidByDate: Map<string, Unpaid>): PeriodFigures {
  const placed = days.reduce((total, day) => total + day.orders, 0);
  const canceled = days.reduce((total, day) => total + (unpaidByDate.get(day.date)?.canceled ?? 0), 0);
  const returned = days.reduce((total, day) => total + (unpaidByDate.get(day.date)?.returned ?? 0), 0);
  // Each day's revenue is already net of the refunds paid that day (getOverview).
  const revenueCents = days.reduce((total, day) => total + day.revenueCents, 0);
  const sumOf = (key: Exclude<keyof Unpaid, "canceled" | "returned">) =>
    days.reduce((total, day) => total + (unpaidByDate.get(day.date)?.[key] ?? 0), 0);
  const refundsCents = sumOf("refundCents");
  const deliveryFeesCents = sumOf("deliveryCents");
  // Refunds pay back goods, never the delivery: they come out of the goods' revenue.
  const goodsRevenueCents = revenueCents - deliveryFeesCents;
  // Units that went back to stock are no longer sold: their cost leaves the cost of the goods sold.
  const grossProfitCents = goodsRevenueCents - (sumOf("costCents") - sumOf("returnedCostCents"));
  // The average of the orders revenue counts (canceled and returned ones are in neither), as they were placed:
  // a later refund lowers the revenue, not what an order was worth.
  const counted = placed - canceled - returned;
  return {
    orders: placed,
    canceled,
    returned,
    revenueCents,
    refunds: sumOf("refunds"),
    refundsCents,
    deliveryFeesCents,
    goodsRevenueCents,
    averageCents: counted > 0 ? Math.round((revenueCents + refundsCents) / counted) : null,
    grossProfitCents,
    margin: goodsRevenueCents > 0 ? grossProfitCents / goodsRevenueCents : null,
    itemsWithoutCost: sumOf("unitsWithoutCost"),
  };
}

const productLine = { id: products.id, title: products.title, stock: products.stock, isHidden: products.isHidden };

/**
 * The owner's figures. Every part reads sums maintained by triggers or an index range, so a view costs the same at
 * 100 orders and at 100,000: orders and revenue from `sales_by_hour` (31 × 24 rows at most),
 * units sold from `product_sales_by_day`, the rest from the status and stock indexes.
 */
export function getOverview(db: Db, { now = Date.now(), timeZone = SHOP_TIME_ZONE } = {}): Overview {
  const today = localDate(now, timeZone);
  const dates = datesEndingWith(today, 30);
  // Each local day's UTC hours, read from the hourly sums: 30 days are at most 744 rows.
  const starts = dates.map((date) => localMidnight(date, timeZone));
  const end = localMidnight(nextDate(today), timeZone);
  const hours = db
    .select()
    .from(salesByHour)
    .where(and(gte(salesByHour.hour, Math.floor(starts[0]! / HOUR_MS)), lt(salesByHour.hour, Math.ceil(end / HOUR_MS))))
    .all();
  const byDate = new Map<string, DayFigures>(dates.map((date) => [date, { date, orders: 0, revenueCents: 0 }]));
  const unpaidByDate = new Map<string, Unpaid>();
  for (const hour of hours) {
    const time = hour.hour * HOUR_MS;
    let index = starts.length - 1;
    while (index > 0 && starts[index]! > time) index--;
    const date = dates[index]!;
    const day = byDate.get(date)!;
    day.orders += hour.ordersPlaced;
    // Net of the refunds paid back in that hour (returns after delivery, by the hour they were received).
    day.revenueCents += hour.revenueCents - hour.refundCents;
    const unpaid = unpaidByDate.get(date) ?? {
      canceled: 0,
      returned: 0,
      deliveryCents: 0,
      costCents: 0,
      unitsWithoutCost: 0,
      refunds: 0,
      refundCents: 0,
      returnedCostCents: 0,
    };
    unpaidByDate.set(date, {
      canceled: unpaid.canceled + hour.ordersCanceled,
      returned: unpaid.returned + hour.ordersReturned,
      deliveryCents: unpaid.deliveryCents + hour.deliveryCents,
      costCents: unpaid.costCents + hour.costCents,
      unitsWithoutCost: unpaid.unitsWithoutCost + hour.unitsWithoutCost,
      refunds: unpaid.refunds + hour.refunds,
      refundCents: unpaid.refundCents + hour.refundCents,
      returnedCostCents: unpaid.returnedCostCents + hour.returnedCostCents,
    });
  }
  const daily = dates.map((date) => byDate.get(date)!);

  // Shipped in the same 30 local days (by the hour of shipping), and how many of those came back.
  const shipments = db
    .select({
      shipped: sql<number>`coalesce(sum(${shipmentsByHour.shipped}), 0)`,
      returned: sql<number>`coalesce(sum(${shipmentsByHour.returned}), 0)`,
    })
    .from(shipmentsByHour)
    .where(
      and(
        gte(shipmentsByHour.hour, Math.floor(starts[0]! / HOUR_MS)),
        lt(shipmentsByHour.hour, Math.ceil(end / HOUR_MS)),
      ),
    )
    .get()!;

  const statusFigures = (status: "processing" | "shipped") =>
    db
      .select({ orders: count(), amountCents: sum(orders.totalCents).mapWith(Number) })
      .from(orders)
      .where(eq(orders.status, status))
      .get()!;
  const shipped = statusFigures("shipped");

  // One index range per stock level, newest first, rather than sorting every low-stock product: of
  // the products on shared stock, and of the sizes of those with stock per size (newest by id).
  const keepsStockPerSize = sql`exists (select 1 from ${productSizeStock} where ${productSizeStock.productId} = ${products.id})`;
  const lowStock = Array.from({ length: LOW_STOCK_MAX }, (_, index) => index + 1)
    .flatMap((stock) => {
      const shared = db
        .select({ ...productLine, size: sql<string | null>`null`, createdAt: products.createdAt })
        .from(products)
        .where(and(eq(products.stock, stock), sql`not ${keepsStockPerSize}`))
        .orderBy(desc(products.createdAt))
        .limit(LIST_LIMIT)
        .all();
      const sizes = db
        .select({
          ...productLine,
          stock: productSizeStock.stock,
          size: productSizeStock.size,
          createdAt: products.createdAt,
        })
        .from(productSizeStock)
        .innerJoin(products, eq(products.id, productSizeStock.productId))
        .where(eq(productSizeStock.stock, stock))
        .orderBy(desc(productSizeStock.productId))
        .limit(LIST_LIMIT)
        .all();
      return [...shared, ...sizes].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    })
    .slice(0, LIST_LIMIT)
    .map(({ createdAt: _createdAt, ...line }) => line);
  const soldOutCount = db.select({ count: count() }).from(products).where(eq(products.stock, 0)).get()!.count;
  const soldOut = db
    .select(productLine)
    .from(products)
    .where(eq(products.stock, 0))
    .orderBy(desc(products.createdAt))
    .limit(LIST_LIMIT)
    .all();

  const todayDay = Math.floor(now / DAY_MS);
  const slowSince = todayDay - SLOW_MOVER_DAYS;
  const slowMovers = db
    .select(productLine)
    .from(products)
    .where(
      and(
        sql`${products.stock} > 0`,
        lt(products.createdAt, new Date(now - SLOW_MOVER_DAYS * DAY_MS)),
        sql`not exists (select 1 from ${productSalesByDay} s where s.product_id = ${products.id} and s.day >= ${slowSince} and s.quantity > 0)`,
      ),
    )
    .orderBy(asc(products.createdAt))
    .limit(LIST_LIMIT)
    .all();

  const sold = db
    .select({
      productId: productSalesByDay.productId,
      quantity: sum(productSalesByDay.quantity).mapWith(Number).as("quantity"),
      revenueCents: sum(productSalesByDay.revenueCents).mapWith(Number).as("revenue_cents"),
    })
    .from(productSalesByDay)
    .where(gte(productSalesByDay.day, todayDay - 29))
    .groupBy(productSalesByDay.productId)
    .having(sql`sum(${productSalesByDay.quantity}) > 0`)
    .as("sold");
  const bestSellers = db
    .select({ ...productLine, quantity: sold.quantity, revenueCents: sold.revenueCents })
    .from(sold)
    .innerJoin(products, eq(products.id, sold.productId))
    .orderBy(desc(sold.quantity), desc(sold.revenueCents))
    .limit(LIST_LIMIT)
    .all();

  return {
    timeZone,
    today: period(daily.slice(-1), unpaidByDate),
    last7Days: period(daily.slice(-7), unpaidByDate),
    last30Days: period(daily, unpaidByDate),
    daily,
    toConfirm: db.select({ count: count() }).from(orders).where(awaitingConfirmation).get()!.count,
    toShip: statusFigures("processing").orders,
    cashToCollect: { orders: shipped.orders, amountCents: shipped.amountCents ?? 0 },
    returnedLast30Days: {
      returned: shipments.returned,
      shipped: shipments.shipped,
      rate: shipments.shipped > 0 ? shipments.returned / shipments.shipped : null,
    },
    lowStock,
    soldOut: { count: soldOutCount, products: soldOut },
    slowMovers,
    bestSellers,
    discounts: discountFigures(db, new Date(starts[0]!)),
  };
}
