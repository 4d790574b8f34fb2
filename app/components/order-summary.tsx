import type { ReactNode } from "react";
import { formatMoney } from "~/lib/money.ts";

type OrderSummaryProps = { subtotalCents: number; deliveryFeeCents: number; totalCents: number; children?: ReactNode };

/** 'Order Summary': Subtotal, Delivery Fee and Total, two decimals (spec §2, §9). */
export function OrderSummary({ subtotalCents, deliveryFeeCents, totalCents, children }: OrderSummaryProps) {
  return (
    <section aria-labelledby="order-summary-heading" className="rounded-card border border-slate-200 bg-white p-4 sm:p-6 lg:sticky lg:top-20">
      <h2 id="order-summary-heading" className="text-lg font-bold">
        Order Summary
      </h2>
      <dl className="tabular mt-3 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600">Subtotal</dt>
          <dd data-testid="subtotal">{formatMoney(subtotalCents)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600">Delivery Fee</dt>
          <dd data-testid="delivery-fee">{formatMoney(deliveryFeeCents)}</dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="total">{formatMoney(totalCents)}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
