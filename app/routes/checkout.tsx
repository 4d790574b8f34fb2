import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";
import { i18nOfRequest } from "~/i18n/i18n.server.ts";
import { i18nOfMatches } from "~/i18n/i18n-of-matches.ts";
import { localeOfPath, localePath } from "~/i18n/locale.ts";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { AddressFields, CustomerFields } from "~/checkout/components/checkout-fields.tsx";
import { CheckoutItems } from "~/checkout/components/checkout-items.tsx";
import { OrderSummary } from "~/checkout/components/order-summary.tsx";
import { UnavailableNotice } from "~/checkout/components/unavailable-notice.tsx";
import { EmptyCheckout } from "~/checkout/components/empty-checkout.tsx";
import { Button } from "~/ui/button.tsx";
import { type CheckoutInput, checkoutSchemaFor } from "~/checkout/checkout-form-schema.ts";
import { lazyValidation } from "~/utils/lazy-validation.ts";
import { useCheckedForm } from "~/ui/hooks/use-checked-form.ts";
import { useIsPending } from "~/ui/hooks/use-is-pending.ts";
import { useHydrated } from "~/ui/hooks/use-hydrated.ts";
import {
  cartSignature,
  checkoutChangedSince,
  orderItemLine,
  couponToOrder,
  deliverySignature,
  discountSignature,
  keepDiscountCode,
  placedOrderRedirect,
  readCheckoutCart,
} from "~/checkout/checkout-cart.server.ts";
import { DiscountCodeForm } from "~/cart/components/discount-code-form.tsx";
import { submitOrder } from "~/checkout/place-order.server.ts";
import { findPlacedOrderId } from "~/checkout/placed-order.server.ts";
import { lbpRateForPages } from "~/settings/shop-settings.server.ts";
import { withShareTags } from "~/shell/share-tags.ts";
import { CheckoutRefusal } from "~/checkout/components/checkout-refusal.tsx";
import { PlaceOrderTwin } from "~/checkout/components/place-order-twin.tsx";
import { useShownGovernorate } from "~/checkout/hooks/use-shown-governorate.ts";

export const meta: MetaFunction = ({ matches, location }) => {
  const i18n = i18nOfMatches(
    matches.map((match) => ({ handle: match.handle })),
    location.pathname,
  );
  return withShareTags(
    [
      { title: i18n._(msg`Checkout | OpenBox Lebanon`) },
      {
        name: "description",
        content: i18n._(msg`Your delivery details for an order from OpenBox Lebanon, paid in dollars on delivery.`),
      },
      { name: "robots", content: "noindex" },
    ],
    { matches, location },
  );
};

/** A 503's Retry-After (a locked or full database) reaches the browser on a plain form post too. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const i18n = i18nOfRequest(request);
  const { lines, unavailable, subtotalCents, discount, delivery } = await readCheckoutCart(request, context, i18n);
  return {
    lines: lines.map(orderItemLine),
    // Hidden, deleted or sold-out lines are not ordered: the page says which (title and size only).
    unavailable: unavailable.map(({ productId, title, size }) => ({ productId, title, size })),
    subtotalCents,
    // The discount code, checked again now (the phone is known only when the order is placed).
    discount,
    discountSignature: discountSignature(discount),
    // Each governorate's fee for this cart, from the one rule: the summary follows the Governorate select.
    delivery,
    cartSignature: cartSignature(lines),
    deliverySignature: deliverySignature(delivery),
    lbpRate: lbpRateForPages(context.db),
    // The fields' HTML constraints, from the schema on the server: the browser needs no zod to draw the form.
    constraint: getZodConstraint(checkoutSchemaFor(i18n)),
    // A new key per rendered form: a second click or a retried post of this form makes one order.
    idempotencyKey: globalThis.crypto.randomUUID(),
  };
}

/**
 * A refused order (409) re-reads the cart: single fetch skips revalidation after a 4xx, and the
 * page must show the cart the shopper would now order. Validation errors (400) change nothing.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

/** The browser's check of the form, with zod and the schema loaded after the page (the /checkout JavaScript budget). */
const validateCheckout = lazyValidation<CheckoutInput, [I18n]>(() =>
  import("~/checkout/checkout-validation.ts").then((module) => module.validateCheckout),
);

const FORM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  // Messages in the page's language; the redirects stay on its pages (/ar/... for an Arabic shopper).
  const i18n = i18nOfRequest(request);
  const locale = localeOfPath(new URL(request.url).pathname);
  const submission = parseWithZod(formData, { schema: checkoutSchemaFor(i18n) });
  // 'Apply' or 'Remove code' without JavaScript: keep the code with the cart, and the form as typed.
  const kept = await keepDiscountCode(request, context, formData, i18n);
  if (kept) return data({ ...submission.reply(), ...kept.reply }, { headers: { "Set-Cookie": kept.cookie } });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  // The form's keys are the loader's UUIDs; anything else (an `api:` key, say) is not this form's.
  const rawKey = formData.get("idempotencyKey");
  const key = typeof rawKey === "string" && FORM_KEY.test(rawKey) ? rawKey : null;
  const { lines, delivery, discount } = await readCheckoutCart(request, context, i18n);
  if (lines.length === 0) {
    // A retried post whose first response already emptied the cart: show that order again.
    const placedId = key ? findPlacedOrderId(context.db, key, submission.value) : null;
    return placedId ? placedOrderRedirect(context, placedId, locale) : redirect(localePath(locale, "/cart"));
  }
  // A cart or fees changed since the page was rendered: 409, so the page shows what would be ordered now.
  const changed = checkoutChangedSince(formData, { lines, delivery, discount }, i18n);
  if (changed) return data(submission.reply({ formErrors: [changed] }), { status: 409 });

  const outcome = await submitOrder(
    context,
    {
      lines: lines.map(({ productId, size, quantity }) => ({ productId, size, quantity })),
      shipping: submission.value,
      idempotencyKey: key,
      couponCode: couponToOrder(discount),
      // The page's language: an order placed on /ar/checkout is emailed and texted in Arabic.
      language: locale,
    },
    "checkout",
    i18n,
  );
  if ("refused" in outcome) {
    // Nothing was stored: the form comes back as typed, with what to do (a code's refusal beside its field).
    const { message, status, headers, discount: aboutCode } = outcome.refused;
    if (aboutCode) return data({ ...submission.reply(), discountRefusal: message }, { status, headers });
    // A blocked phone (403) and the rate limits (429) ask the shopper to call: the page shows the shop's number beside.
    const callShop = status === 403 || status === 429;
    return data({ ...submission.reply({ formErrors: [message] }), callShop }, { status, headers });
  }
  return placedOrderRedirect(context, outcome.placed.order.publicId, locale);
}

export default function Checkout() {
  const cart = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  // Without JavaScript, 'Apply' answers with the summary for the code it kept (the loader still saw the old cookie).
  type Summary = Pick<typeof cart, "discount" | "delivery" | "discountSignature">;
  const summary: Summary =
    lastResult && "summary" in lastResult && lastResult.summary ? (lastResult.summary as Summary) : cart;
  const { i18n } = useLingui();
  const to = useLocalePath();
  const placing = useIsPending({ formAction: to("/checkout") });
  const [form, fields] = useCheckedForm({
    lastResult,
    constraint: cart.constraint,
    validate: (formData) => validateCheckout(formData, i18n),
  });
  // Without JavaScript the fees stay listed and 'Update total' asks the server.
  const hydrated = useHydrated();
  const [shownGovernorate, setGovernorate] = useShownGovernorate(fields.district);

  if (cart.lines.length === 0) return <EmptyCheckout unavailable={cart.unavailable} />;

  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold md:text-3xl">
        <Trans>Checkout</Trans>
      </h1>
      {/* The summary sits outside the checkout form; Place Order joins it by its `form` attribute. */}
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <Form method="post" action={to("/checkout")} {...getFormProps(form)} className="flex flex-col gap-6">
          <PlaceOrderTwin />
          <input type="hidden" name="idempotencyKey" value={cart.idempotencyKey} />
          <input type="hidden" name="cartSignature" value={cart.cartSignature} />
          <input type="hidden" name="deliverySignature" value={cart.deliverySignature} />
          <input type="hidden" name="discountSignature" value={summary.discountSignature} />
          <UnavailableNotice lines={cart.unavailable} />
          <CheckoutRefusal id={form.errorId} errors={form.errors} answer={lastResult} />
          <CustomerFields fields={fields} />
          <AddressFields
            fields={fields}
            onGovernorateChange={setGovernorate}
            updateTotal={
              hydrated ? null : (
                // Conform's validate intent: the page comes back with the typed values, the fee and the total.
                <Button
                  type="submit"
                  variant="secondary"
                  {...form.validate.getButtonProps({ name: fields.district.name })}
                  className="self-end sm:col-span-1"
                >
                  <Trans>Update total</Trans>
                </Button>
              )
            }
          />
        </Form>

        <div className="flex flex-col gap-4 lg:sticky lg:top-20">
          <CheckoutItems lines={cart.lines} />
          <OrderSummary
            subtotalCents={cart.subtotalCents}
            discount={summary.discount}
            delivery={summary.delivery}
            governorate={shownGovernorate}
            feesOpen={!hydrated}
            lbpRate={cart.lbpRate}
          >
            <DiscountCodeForm
              discount={summary.discount}
              returnTo={to("/checkout")}
              joinForm={form.id}
              refusal={
                lastResult && "discountRefusal" in lastResult && typeof lastResult.discountRefusal === "string"
                  ? lastResult.discountRefusal
                  : null
              }
            />
            <Button type="submit" form={form.id} pending={placing} className="mt-4 w-full">
              {placing ? <Trans>Placing Order...</Trans> : <Trans>Place Order</Trans>}
            </Button>
            <Link
              to={to("/cart")}
              className="mt-3 flex min-h-11 items-center justify-center text-sm font-medium text-brand-700 hover:underline"
            >
              <Trans>Back to Cart</Trans>
            </Link>
          </OrderSummary>
        </div>
      </div>
    </div>
  );
}
