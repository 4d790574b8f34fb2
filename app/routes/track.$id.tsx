import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ReachTheShop } from "~/shell/reach-the-shop.tsx";
import { formatMoney } from "~/utils/money.ts";
import { Lira } from "~/ui/lira.tsx";
import { DEFAULT_PAGE_SHOP_DETAILS } from "~/settings/shop-details.ts";
import { loadTrackedOrder } from "~/orders/tracking.server.ts";
import type { RootLoader } from "~/root.tsx";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Order #${data.orderNumber} | OpenBox Lebanon` : "Order not found | OpenBox Lebanon" },
  { name: "robots", content: "noindex" },
];

/** Whoever holds the link sees the order: never indexed, never stored by a shared cache. */
export const headers: HeadersFunction = () => ({ "X-Robots-Tag": "noindex", "Cache-Control": "private, no-store" });

export async function loader({ params, context }: LoaderFunctionArgs) {
  const order = loadTrackedOrder(context.db, params.id ?? "");
  if (!order) throw new Response("Order not found", { status: 404, headers: { "X-Robots-Tag": "noindex" } });
  return { ...order, steps: order.steps.map((step) => ({ ...step, at: step.at?.toISOString() ?? null })) };
}

/** The shop's time, the same on the server and in the browser. */
const shopTime = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Beirut" });

export default function TrackedOrder() {
  const order = useLoaderData<typeof loader>();
  const details = useRouteLoaderData<RootLoader>("root")?.shopDetails ?? DEFAULT_PAGE_SHOP_DETAILS;
  const current = order.steps.findLast((step) => step.done);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 py-2">
      <div>
        <h1 className="text-2xl font-bold">Order #{order.orderNumber}</h1>
        <p className="mt-1 text-slate-600" data-testid="tracking-status">
          {current ? `Status: ${current.label}` : null}
        </p>
      </div>

      <section aria-labelledby="steps-heading" className="rounded-card border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="steps-heading" className="text-lg font-bold">
          Where it is
        </h2>
        <ol className="mt-3 flex flex-col gap-3" data-testid="tracking-steps">
          {order.steps.map((step) => (
            <li
              key={step.key}
              className="flex items-start gap-3"
              aria-current={step === current ? "step" : undefined}
              data-done={step.done}
            >
              <span
                aria-hidden="true"
                className={`mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full border-2 text-xs font-bold ${
                  !step.done
                    ? "border-slate-300 bg-white text-slate-400"
                    : step.key === "canceled" || step.key === "returned"
                      ? "border-danger-700 bg-danger-700 text-white"
                      : "border-success-700 bg-success-700 text-white"
                }`}
              >
                {step.done ? (step.key === "canceled" || step.key === "returned" ? "×" : "✓") : ""}
              </span>
              <div>
                <p className={step.done ? "font-semibold text-slate-900" : "text-slate-500"}>
                  {step.label}
                  <span className="sr-only">{step.done ? " (done)" : " (not yet)"}</span>
                </p>
                {step.at ? (
                  <p className="text-sm text-slate-600">
                    <time dateTime={step.at}>{shopTime(step.at)}</time>
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="items-heading" className="rounded-card border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="items-heading" className="text-lg font-bold">
          Items
        </h2>
        <ul className="mt-2 divide-y divide-slate-200 text-sm">
          {order.items.map((item, index) => (
            <li key={index} className="flex justify-between gap-3 py-2">
              <span className="min-w-0 break-words" dir="auto">
                {item.title}
                {item.size ? <span className="text-slate-600"> · Size {item.size}</span> : null}
                <span className="text-slate-600"> × {item.quantity}</span>
              </span>
              <span className="tabular shrink-0">{formatMoney(item.unitPriceCents * item.quantity)}</span>
            </li>
          ))}
        </ul>
        <dl className="tabular mt-2 space-y-1 border-t border-slate-200 pt-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-600">Subtotal</dt>
            <dd>{formatMoney(order.subtotalCents)}</dd>
          </div>
          {order.couponCode ? (
            <div className="flex justify-between">
              <dt className="text-slate-600">{`Discount (${order.couponCode})`}</dt>
              <dd>{`\u2212${formatMoney(order.discountCents)}`}</dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt className="text-slate-600">Delivery Fee</dt>
            <dd>{formatMoney(order.deliveryFeeCents)}</dd>
          </div>
          <div className="flex justify-between text-base font-bold">
            <dt>Total</dt>
            <dd data-testid="tracking-total">{formatMoney(order.totalCents)}</dd>
          </div>
          {order.totalLbp === null ? null : (
            <div className="flex justify-between">
              <dt className="text-slate-600">In lira</dt>
              <dd>
                <Lira lbp={order.totalLbp} data-testid="tracking-total-lbp" />
              </dd>
            </div>
          )}
        </dl>
        <p className="mt-2 text-sm text-slate-600">Payment is cash on delivery.</p>
      </section>

      <ReachTheShop details={details}>Questions about this order? Call us on</ReachTheShop>
      <p className="text-sm text-slate-600">
        Keep this page&apos;s link to come back to it, or{" "}
        <Link to="/track" className="font-medium text-brand-700 underline">
          find an order by its number
        </Link>
        .
      </p>
    </div>
  );
}
