import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ReachTheShop } from "~/settings/components/reach-the-shop.tsx";
import { formatMoney } from "~/utils/money.ts";
import { Lira } from "~/ui/lira.tsx";
import { DEFAULT_PAGE_SHOP_DETAILS } from "~/settings/shop-details.ts";
import { DiscountLabel, SizeNote } from "~/checkout/components/line-notes.tsx";
import { shownTitle } from "~/catalogue/shown-text.ts";
import { loadTrackedOrder, trackingMessages } from "~/orders/tracking.server.ts";
import { i18nOfRequest } from "~/i18n/i18n.server.ts";
import { i18nOfMatches } from "~/i18n/i18n-of-matches.ts";
import { type Locale } from "~/i18n/locale.ts";
import { useLocale, useLocalePath } from "~/i18n/use-locale.ts";
import type { RootLoader } from "~/root.tsx";
import { withShareTags } from "~/shell/share-tags.ts";
import { trackedReturn } from "~/orders/return-request.server.ts";
import { requestReturnFromTrackingPage } from "~/orders/return-request-page.server.ts";
import { ReturnRequestForm, ReturnRequestState } from "~/orders/components/return-request-section.tsx";

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const i18n = i18nOfMatches(
    matches.map((match) => ({ handle: match.handle })),
    location.pathname,
  );
  const orderNumber = data?.orderNumber ?? 0;
  return withShareTags(
    [
      {
        title: data
          ? i18n._(msg`Order #${orderNumber} | OpenBox Lebanon`)
          : i18n._(msg`Order not found | OpenBox Lebanon`),
      },
      // Said of any order alike: a link passed on in a chat shows nothing of the order itself.
      { name: "description", content: i18n._(msg`Where this OpenBox Lebanon order is, and what happens next.`) },
      { name: "robots", content: "noindex" },
    ],
    { matches, location },
  );
};

/** Whoever holds the link sees the order: never indexed, never stored by a shared cache. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ "X-Robots-Tag": "noindex", "Cache-Control": "private, no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const i18n = i18nOfRequest(request);
  const order = loadTrackedOrder(context.db, params.id ?? "", i18n);
  if (!order)
    throw new Response(trackingMessages(i18n).orderNotFound, { status: 404, headers: { "X-Robots-Tag": "noindex" } });
  return {
    ...order,
    steps: order.steps.map((step) => ({ ...step, at: step.at?.toISOString() ?? null })),
    returns: trackedReturn(context.db, order.publicId),
  };
}

/** 'Return an item' (the form below): the phone check first, then the one rule the API uses too. */
export const action = requestReturnFromTrackingPage;

/** The shop's time, the same on the server and in the browser; in Arabic with Western digits. */
const shopTime = (iso: string, locale: Locale) =>
  locale === "ar"
    ? new Date(iso).toLocaleString("ar-LB-u-nu-latn", {
        day: "numeric",
        month: "long",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone: "Asia/Beirut",
      })
    : new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Beirut" });

export default function TrackedOrder() {
  const order = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const details = useRouteLoaderData<RootLoader>("root")?.shopDetails ?? DEFAULT_PAGE_SHOP_DETAILS;
  const current = order.steps.findLast((step) => step.done);
  const { t } = useLingui();
  const locale = useLocale();
  const to = useLocalePath();
  const orderNumber = order.orderNumber;
  const currentLabel = current?.label;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 py-2">
      <div>
        <h1 className="text-2xl font-bold">
          {locale === "ar" ? (
            <Trans>
              Order <bdi dir="ltr">#{orderNumber}</bdi>
            </Trans>
          ) : (
            // The English heading as it always was: 'Order #' and the number (the HTML tests read).
            <>Order #{orderNumber}</>
          )}
        </h1>
        <p className="mt-1 text-slate-600" data-testid="tracking-status">
          {current ? t`Status: ${currentLabel}` : null}
        </p>
      </div>

      <section aria-labelledby="steps-heading" className="rounded-card border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="steps-heading" className="text-lg font-bold">
          <Trans>Where it is</Trans>
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
                  <span className="sr-only">{step.done ? t` (done)` : t` (not yet)`}</span>
                </p>
                {step.at ? (
                  <p className="text-sm text-slate-600">
                    <time dateTime={step.at}>{shopTime(step.at, locale)}</time>
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="items-heading" className="rounded-card border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="items-heading" className="text-lg font-bold">
          <Trans>Items</Trans>
        </h2>
        <ul className="mt-2 divide-y divide-slate-200 text-sm">
          {order.items.map((item, index) => (
            <li key={index} className="flex justify-between gap-3 py-2">
              <span className="min-w-0 break-words" dir="auto">
                {shownTitle(item, locale)}
                {item.size ? <SizeNote size={item.size} /> : null}
                <span className="text-slate-600"> × {item.quantity}</span>
              </span>
              <bdi dir="ltr" className="tabular shrink-0">
                {formatMoney(item.unitPriceCents * item.quantity)}
              </bdi>
            </li>
          ))}
        </ul>
        <dl className="tabular mt-2 space-y-1 border-t border-slate-200 pt-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-600">
              <Trans>Subtotal</Trans>
            </dt>
            <dd>
              <bdi dir="ltr">{formatMoney(order.subtotalCents)}</bdi>
            </dd>
          </div>
          {order.couponCode ? (
            <div className="flex justify-between">
              <dt className="text-slate-600">
                <DiscountLabel code={order.couponCode} />
              </dt>
              <dd>
                <bdi dir="ltr">{`\u2212${formatMoney(order.discountCents)}`}</bdi>
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt className="text-slate-600">
              <Trans>Delivery Fee</Trans>
            </dt>
            <dd>
              <bdi dir="ltr">{formatMoney(order.deliveryFeeCents)}</bdi>
            </dd>
          </div>
          <div className="flex justify-between text-base font-bold">
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd>
              <bdi dir="ltr" data-testid="tracking-total">
                {formatMoney(order.totalCents)}
              </bdi>
            </dd>
          </div>
          {order.totalLbp === null ? null : (
            <div className="flex justify-between">
              <dt className="text-slate-600">
                <Trans>In lira</Trans>
              </dt>
              <dd>
                <Lira lbp={order.totalLbp} data-testid="tracking-total-lbp" />
              </dd>
            </div>
          )}
        </dl>
        <p className="mt-2 text-sm text-slate-600">
          <Trans>Payment is cash on delivery.</Trans>
        </p>
      </section>

      {order.returns?.request ? <ReturnRequestState request={order.returns.request} /> : null}
      {order.returns?.closesAt && order.returns.lines.length > 0 ? (
        <ReturnRequestForm lines={order.returns.lines} closesAt={order.returns.closesAt} lastResult={lastResult} />
      ) : null}

      <ReachTheShop details={details}>{t`Questions about this order? Call us on`}</ReachTheShop>
      <p className="text-sm text-slate-600">
        <Trans>
          Keep this page&apos;s link to come back to it, or{" "}
          <Link to={to("/track")} className="font-medium text-brand-700 underline">
            find an order by its number
          </Link>
          .
        </Trans>
      </p>
    </div>
  );
}
