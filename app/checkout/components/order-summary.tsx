import type { ReactNode } from "react";
import { formatMoney } from "~/utils/money.ts";
import { centsToLbp } from "~/utils/lira.ts";
import { Lira } from "~/ui/lira.tsx";
import type { DeliveryQuote } from "~/checkout/views.ts";
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
 * 'Order Summary': Subtotal, Discount ({CODE}) when a code applies, Delivery Fee and Total, two decimals (spec §2, §9). With one fee for
 * every governorate (the default 4.00) it reads exactly as the spec's; when the owner set different
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
  const chosen = delivery.fees.find((fee) => fee.governorate === governorate);
  const varies = delivery.lowestCents !== delivery.highestCents;
  const feeCents = chosen?.feeCents ?? delivery.lowestCents;
  const from = !chosen && varies ? "From " : "";
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
        Order Summary
      </h2>
      <dl className="tabular mt-3 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600">Subtotal</dt>
          <dd data-testid="subtotal">{formatMoney(subtotalCents)}</dd>
        </div>
        {discount && discountCents > 0 ? (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">{`Discount (${discount.code})`}</dt>
            <dd data-testid="discount">{`−${formatMoney(discountCents)}`}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Delivery Fee{chosen && varies ? ` (${chosen.governorate})` : ""}</dt>
          <dd data-testid="delivery-fee">{from + formatMoney(feeCents)}</dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="total">{from + formatMoney(dueCents + feeCents)}</dd>
        </div>
        {lbpRate ? (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">In lira</dt>
            <dd className="font-semibold" data-testid="total-lbp">
              {from}
              <Lira lbp={centsToLbp(dueCents + feeCents, lbpRate)} />
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-2 text-sm font-medium text-slate-800" data-testid="payment">
        Payment: cash on delivery
      </p>
      {varies ? (
        <details open={feesOpen} className="mt-3 text-sm" data-testid="delivery-fees">
          <summary className="min-h-11 cursor-pointer py-3 text-slate-700 marker:text-slate-500">
            {`Delivery: from ${formatMoney(delivery.lowestCents)}, depends on the governorate`}
          </summary>
          <ul className="tabular space-y-1 pb-1 pl-4 text-slate-700">
            {delivery.fees.map((fee) => (
              <li
                key={fee.governorate}
                className={`flex justify-between gap-3 ${fee.governorate === governorate ? "font-semibold text-slate-900" : ""}`}
              >
                <span>{fee.governorate}</span>
                <span>{formatMoney(fee.feeCents)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {free !== null ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="free-delivery">
          {dueCents >= free
            ? `Free delivery: your order reaches ${formatMoney(free)}.`
            : `Free delivery on orders from ${formatMoney(free)} (${formatMoney(free - dueCents)} more).`}
        </p>
      ) : null}
      {children}
    </section>
  );
}
