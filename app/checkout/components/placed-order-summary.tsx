import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocale, useLocalePath } from "~/i18n/use-locale.ts";
import { shownTitle } from "~/catalogue/shown-text.ts";
import { DiscountLabel, SizeNote } from "./line-notes.tsx";
import { Lira } from "~/ui/lira.tsx";
import { formatMoney } from "~/utils/money.ts";
import type { PlacedOrderView } from "~/checkout/views.ts";

/**
 * After checkout the shopper lands on `/?order={public id}` (so it also works without
 * JavaScript, and after a reload); the home loader reads the order and this shows its number,
 * what was ordered and the amounts the tracking page shows too (the discount, the total, in lira).
 */
export function PlacedOrderSummary({ order }: { order: PlacedOrderView }) {
  const to = useLocalePath();
  const locale = useLocale();
  const { t, i18n } = useLingui();
  // One text node in English (the product's fixed wording); in Arabic the number kept left-to-right by Unicode's isolates.
  const orderNumber = i18n.locale === "ar" ? `\u2066#${order.orderNumber}\u2069` : `#${order.orderNumber}`;
  return (
    <section
      aria-labelledby="placed-order-heading"
      data-testid="placed-order"
      className="mb-6 rounded-card border border-success-700/30 bg-success-50 p-5 text-slate-900"
    >
      <h2 id="placed-order-heading" className="text-lg font-bold text-success-700">
        {t`Thank you! Order ${orderNumber} was placed.`}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        <Trans>We will call you to confirm the delivery. Payment is cash on delivery.</Trans>
      </p>
      <ul className="mt-3 divide-y divide-success-700/15 text-sm">
        {order.items.map((item, index) => (
          <li key={index} className="flex justify-between gap-4 py-1.5">
            <span className="min-w-0 break-words">
              <span dir="auto">{shownTitle(item, locale)}</span>
              {item.size ? <SizeNote size={item.size} /> : null}
            </span>
            <span className="tabular shrink-0">× {item.quantity}</span>
          </li>
        ))}
      </ul>
      <dl className="tabular mt-3 space-y-1 border-t border-success-700/20 pt-3">
        {order.discount ? (
          <div className="flex justify-between gap-3 text-sm">
            <dt>
              <DiscountLabel code={order.discount.code} />
            </dt>
            <dd>
              <bdi dir="ltr" data-testid="placed-order-discount">{`\u2212${formatMoney(order.discount.cents)}`}</bdi>
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3 font-semibold">
          <dt>
            <Trans>Total (with delivery)</Trans>
          </dt>
          <dd>
            <bdi dir="ltr">{formatMoney(order.totalCents)}</bdi>
          </dd>
        </div>
        {order.totalLbp === null ? null : (
          <div className="flex justify-between gap-3 text-sm">
            <dt>
              <Trans>In lira</Trans>
            </dt>
            <dd>
              <Lira lbp={order.totalLbp} data-testid="placed-order-lbp" />
            </dd>
          </div>
        )}
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        <Link
          to={to(`/track/${order.publicId}`)}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        >
          <Trans>Track your order</Trans>
        </Link>
        <span>
          {" · "}
          <Trans>keep this link to follow its status.</Trans>
        </span>
      </p>
    </section>
  );
}
