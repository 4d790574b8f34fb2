import { Link } from "@remix-run/react";
import { formatMoney } from "~/utils/money.ts";
import type { PlacedOrderView } from "~/checkout/views.ts";

/**
 * After checkout the shopper lands on `/?order={public id}` (so it also works without
 * JavaScript, and after a reload); the home loader reads the order and this shows its number and
 * what was ordered.
 */
export function PlacedOrderSummary({ order }: { order: PlacedOrderView }) {
  return (
    <section
      aria-labelledby="placed-order-heading"
      data-testid="placed-order"
      className="mb-6 rounded-card border border-success-700/30 bg-success-50 p-5 text-slate-900"
    >
      <h2 id="placed-order-heading" className="text-lg font-bold text-success-700">
        {`Thank you! Order #${order.orderNumber} was placed.`}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        We will call you to confirm the delivery. Payment is cash on delivery.
      </p>
      <ul className="mt-3 divide-y divide-success-700/15 text-sm">
        {order.items.map((item, index) => (
          <li key={index} className="flex justify-between gap-4 py-1.5">
            <span className="min-w-0 break-words">
              {item.title}
              {item.size ? <span className="text-slate-600"> · Size {item.size}</span> : null}
            </span>
            <span className="tabular shrink-0">× {item.quantity}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex justify-between border-t border-success-700/20 pt-3 font-semibold">
        <span>Total (with delivery)</span>
        <span className="tabular">{formatMoney(order.totalCents)}</span>
      </p>
      <p className="mt-3 text-sm text-slate-700">
        <Link
          to={`/track/${order.publicId}`}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        >
          Track your order
        </Link>
        <span> · keep this link to follow its status.</span>
      </p>
    </section>
  );
}
