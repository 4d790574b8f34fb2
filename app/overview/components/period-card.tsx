import { formatMoney } from "~/utils/money.ts";
import { formatMargin } from "~/catalogue/margin.ts";
import type { PeriodFigures } from "../period-figures.ts";

/** One period's card on the Overview: orders, revenue, the average, gross profit and the goods / fees split. */
export function PeriodCard({ title, figures }: { title: string; figures: PeriodFigures }) {
  return (
    <section aria-labelledby={`period-${title}`} className="rounded-card border border-slate-200 bg-white p-4">
      <h2 id={`period-${title}`} className="text-sm font-semibold text-slate-600">
        {title}
      </h2>
      <dl className="mt-2 grid grid-cols-3 gap-2 tabular-nums">
        <div>
          <dt className="text-xs text-slate-600">Orders</dt>
          <dd className="text-xl font-bold">{figures.orders}</dd>
          {figures.canceled > 0 && <dd className="text-xs text-slate-600">{figures.canceled} canceled</dd>}
          {figures.returned > 0 && <dd className="text-xs text-slate-600">{figures.returned} returned</dd>}
        </div>
        <div>
          <dt className="text-xs text-slate-600">Revenue</dt>
          <dd className="text-xl font-bold">{formatMoney(figures.revenueCents)}</dd>
          {figures.refunds > 0 && (
            <dd className="text-xs text-slate-600" data-testid="period-refunds">
              {`after ${formatMoney(figures.refundsCents)} refunded`}
            </dd>
          )}
        </div>
        <div>
          <dt className="text-xs text-slate-600">Average order</dt>
          <dd className="text-xl font-bold">
            {figures.averageCents === null ? "—" : formatMoney(figures.averageCents)}
          </dd>
        </div>
        <div className="col-span-3 border-t border-slate-100 pt-2" data-testid="gross-profit">
          <dt className="text-xs text-slate-600">Gross profit</dt>
          <dd className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-xl font-bold">{formatMoney(figures.grossProfitCents)}</span>
            {figures.margin === null ? null : (
              <span className="text-sm text-slate-600">{`${formatMargin(figures.margin)} margin`}</span>
            )}
          </dd>
          {figures.itemsWithoutCost > 0 && (
            <dd className="text-xs text-warning-700">
              {`${figures.itemsWithoutCost} ${figures.itemsWithoutCost === 1 ? "item" : "items"} sold without a cost (counted as costing nothing)`}
            </dd>
          )}
        </div>
      </dl>
      {figures.deliveryFeesCents > 0 && (
        <p data-testid="revenue-split" className="mt-2 text-xs text-slate-600 tabular-nums">
          <span className="whitespace-nowrap">Goods {formatMoney(figures.goodsRevenueCents)}</span> ·{" "}
          <span className="whitespace-nowrap">
            Delivery fees {formatMoney(figures.deliveryFeesCents)} (the driver&apos;s)
          </span>
        </p>
      )}
    </section>
  );
}
