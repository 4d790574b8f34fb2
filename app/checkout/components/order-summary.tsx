import { useLingui as useLinguiInstance } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { type DeliveryQuote, isGovernorate } from "~/settings/delivery.ts";
import { GOVERNORATE_LABEL } from "../governorate-label.ts";
import { DiscountLabel } from "./line-notes.tsx";
import { formatMoney } from "~/utils/money.ts";
import { centsToLbp } from "~/utils/lira.ts";
import { Lira } from "~/ui/lira.tsx";
import type { CartDiscount } from "~/cart/views.ts";

type OrderSummaryProps = {
  subtotalCents: number;
  /** The cart's discount code: its line shows when it takes something off. */
  discount?: CartDiscount | null;
  /** The fees for the subtotal after the discount (`quoteOrderTotals`). */
  delivery: DeliveryQuote;
  /** The chosen governorate (checkout): its fee and total. Without one, the lowest fee, marked 'From' when they differ. */
  governorate?: string | null;
  /** Whether the list of fees by governorate starts open (the checkout without JavaScript, where the total cannot follow the select). */
  feesOpen?: boolean;
  /** The shop's lira rate: the total in lira under the dollars; null or absent when off. */
  lbpRate?: number | null;
  children?: ReactNode;
};

/**
 * 'Order Summary': Subtotal, Discount ({CODE}) when a code applies, Delivery Fee and Total, two decimals. With one fee for
 * every governorate (the default 4.00) it shows the one plain Delivery Fee line; when the owner set different
 * fees it says what the fee depends on and lists them.
 */
export function OrderSummary({
  subtotalCents,
  discount = null,
  delivery,
  governorate = null,
  feesOpen = false,
  lbpRate = null,
  children,
}: OrderSummaryProps) {
  const { i18n } = useLinguiInstance();
  const named = (name: string) => (isGovernorate(name) ? i18n._(GOVERNORATE_LABEL[name]) : name);
  const chosen = delivery.fees.find((fee) => fee.governorate === governorate);
  const varies = delivery.lowestCents !== delivery.highestCents;
  const feeCents = chosen?.feeCents ?? delivery.lowestCents;
  const from = !chosen && varies;
  const free = delivery.freeDeliveryFromCents;
  const discountCents = discount?.discountCents ?? 0;
  // The free-delivery threshold and the total count the subtotal after the discount (decision 038).
  const dueCents = subtotalCents - discountCents;
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="rounded-card border border-slate-200 bg-white p-4 sm:p-6 lg:sticky lg:top-20"
    >
      <h2 id="order-summary-heading" className="text-lg font-bold">
        <Trans>Order Summary</Trans>
      </h2>
      <dl className="tabular mt-3 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600">
            <Trans>Subtotal</Trans>
          </dt>
          <dd>
            <bdi dir="ltr" data-testid="subtotal">
              {formatMoney(subtotalCents)}
            </bdi>
          </dd>
        </div>
        {discount && discountCents > 0 ? (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">
              <DiscountLabel code={discount.code} />
            </dt>
            <dd>
              <bdi dir="ltr" data-testid="discount">{`−${formatMoney(discountCents)}`}</bdi>
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">
            <Trans>Delivery Fee</Trans>
            {chosen && varies ? ` (${named(chosen.governorate)})` : ""}
          </dt>
          <dd data-testid="delivery-fee">
            <From shown={from} />
            <bdi dir="ltr">{formatMoney(feeCents)}</bdi>
          </dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd data-testid="total">
            <From shown={from} />
            <bdi dir="ltr">{formatMoney(dueCents + feeCents)}</bdi>
          </dd>
        </div>
        {lbpRate ? (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">
              <Trans>In lira</Trans>
            </dt>
            <dd className="font-semibold" data-testid="total-lbp">
              <From shown={from} />
              <Lira lbp={centsToLbp(dueCents + feeCents, lbpRate)} />
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-2 text-sm font-medium text-slate-800" data-testid="payment">
        <Trans>Payment: cash on delivery</Trans>
      </p>
      {varies ? (
        <details open={feesOpen} className="mt-3 text-sm" data-testid="delivery-fees">
          <summary className="min-h-11 cursor-pointer py-3 text-slate-700 marker:text-slate-500">
            <FeesSummary lowest={formatMoney(delivery.lowestCents)} />
          </summary>
          <ul className="tabular space-y-1 pb-1 ps-4 text-slate-700">
            {delivery.fees.map((fee) => (
              <li
                key={fee.governorate}
                className={`flex justify-between gap-3 ${fee.governorate === governorate ? "font-semibold text-slate-900" : ""}`}
              >
                <span>{named(fee.governorate)}</span>
                <bdi dir="ltr">{formatMoney(fee.feeCents)}</bdi>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {free !== null ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="free-delivery">
          <FreeDelivery free={free} dueCents={dueCents} />
        </p>
      ) : null}
      {children}
    </section>
  );
}

/** 'From ' before an amount, while the fee depends on a governorate not chosen yet. */
function From({ shown }: { shown: boolean }) {
  const { t } = useLingui();
  return shown ? `${t`From`} ` : null;
}

function FeesSummary({ lowest }: { lowest: string }) {
  return (
    <Trans>
      Delivery: from <bdi dir="ltr">{lowest}</bdi>, depends on the governorate
    </Trans>
  );
}

function FreeDelivery({ free, dueCents }: { free: number; dueCents: number }) {
  const threshold = formatMoney(free);
  const more = formatMoney(free - dueCents);
  return dueCents >= free ? (
    <Trans>
      Free delivery: your order reaches <bdi dir="ltr">{threshold}</bdi>.
    </Trans>
  ) : (
    <Trans>
      Free delivery on orders from <bdi dir="ltr">{threshold}</bdi> (<bdi dir="ltr">{more}</bdi> more).
    </Trans>
  );
}
