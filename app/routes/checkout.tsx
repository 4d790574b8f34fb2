import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { OrderSummary } from "~/checkout/components/order-summary.tsx";
import { Button, buttonClass } from "~/ui/button.tsx";
import { FormErrors, Field, SelectField, TextareaField } from "~/ui/field.tsx";
import { checkoutSchema } from "~/checkout/checkout-schema.ts";
import { lazyValidation } from "~/utils/lazy-validation.ts";
import { flashHeader } from "~/platform/http/flash.server.ts";
import { formatMoney } from "~/utils/money.ts";
import { useIsPending } from "~/ui/hooks/use-is-pending.ts";
import { GOVERNORATES } from "~/catalogue/options.ts";
import { useHydrated } from "~/ui/hooks/use-hydrated.ts";
import { type CartViewLine, loadCartView, readCart, serializeCart } from "~/cart/cart.server.ts";
import type { DeliveryQuote } from "~/checkout/delivery.server.ts";
import { submitOrder } from "~/checkout/place-order.server.ts";
import { findPlacedOrderId } from "~/checkout/placed-order.server.ts";

export const meta: MetaFunction = () => [
  { title: "Checkout | OpenBox Lebanon" },
  {
    name: "description",
    content: "Your delivery details for an order from OpenBox Lebanon, paid in dollars on delivery.",
  },
  { name: "robots", content: "noindex" },
];

/** A 503's Retry-After (a locked or full database) reaches the browser on a plain form post too. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/** The lines the form shows, as one string: the action refuses an order for a cart that changed since. */
function cartSignature(lines: CartViewLine[]) {
  return lines.map((line) => `${line.productId}:${line.size ?? ""}:${line.quantity}`).join(",");
}

/** The fees the page showed: the action refuses an order whose fee changed since, rather than charge one the shopper did not see. */
function deliverySignature(delivery: DeliveryQuote) {
  return delivery.fees.map((fee) => fee.feeCents).join(",");
}

async function readCheckoutCart(request: Request, context: LoaderFunctionArgs["context"]) {
  const cart = loadCartView(context.db, context.storage, await readCart(request, context.cookies));
  return {
    ...cart,
    lines: cart.lines.filter((line) => line.available),
    unavailable: cart.lines.filter((line) => !line.available),
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { lines, unavailable, subtotalCents, delivery } = await readCheckoutCart(request, context);
  return {
    lines: lines.map(({ productId, title, size, quantity, unitPriceCents }) => ({
      productId,
      title,
      size,
      quantity,
      unitPriceCents,
    })),
    // Hidden, deleted or sold-out lines are not ordered: the page says which (title and size only).
    unavailable: unavailable.map(({ productId, title, size }) => ({ productId, title, size })),
    subtotalCents,
    // Each governorate's fee for this cart, from the one rule: the summary follows the Governorate select.
    delivery,
    cartSignature: cartSignature(lines),
    deliverySignature: deliverySignature(delivery),
    // The fields' HTML constraints, from the schema on the server: the browser needs no zod to draw the form.
    constraint: getZodConstraint(checkoutSchema),
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
const validateCheckout = lazyValidation(() =>
  import("~/checkout/checkout-validation.ts").then((module) => module.validateCheckout),
);

const FORM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function placedOrderRedirect(context: ActionFunctionArgs["context"], publicId: string) {
  const headers = new Headers();
  headers.append("Set-Cookie", await serializeCart([], context.cookies));
  headers.append("Set-Cookie", await flashHeader(context.cookies, { placedOrderId: publicId }));
  return redirect("/", { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: checkoutSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  // The form's keys are the loader's UUIDs; anything else (an `api:` key, say) is not this form's.
  const rawKey = formData.get("idempotencyKey");
  const key = typeof rawKey === "string" && FORM_KEY.test(rawKey) ? rawKey : null;
  const { lines, delivery } = await readCheckoutCart(request, context);
  if (lines.length === 0) {
    // A retried post whose first answer already emptied the cart: show that order again.
    const placedId = key ? findPlacedOrderId(context.db, key, submission.value) : null;
    return placedId ? placedOrderRedirect(context, placedId) : redirect("/cart");
  }
  if (formData.get("cartSignature") !== cartSignature(lines)) {
    return data(
      submission.reply({
        formErrors: [
          "Your cart changed while you were checking out. Please check the order items and place the order again.",
        ],
      }),
      { status: 409 },
    );
  }

  if (formData.get("deliverySignature") !== deliverySignature(delivery)) {
    return data(
      submission.reply({
        formErrors: [
          "The delivery fees changed while you were checking out. Please check the Order Summary and place the order again.",
        ],
      }),
      { status: 409 },
    );
  }

  const outcome = await submitOrder(
    context,
    {
      lines: lines.map(({ productId, size, quantity }) => ({ productId, size, quantity })),
      shipping: submission.value,
      idempotencyKey: key,
    },
    "checkout",
  );
  if ("refused" in outcome) {
    // Nothing was stored: the form comes back as typed, with what to do.
    const { message, status, headers } = outcome.refused;
    return data(submission.reply({ formErrors: [message] }), { status, headers });
  }
  return placedOrderRedirect(context, outcome.placed.order.publicId);
}

/** Hidden, deleted or sold-out lines are left out of the order: the shopper is told which, before placing it. */
function UnavailableNotice({ lines }: { lines: { productId: number; title: string; size: string | null }[] }) {
  if (lines.length === 0) return null;
  return (
    <section
      aria-labelledby="unavailable-heading"
      data-testid="unavailable-notice"
      className="rounded-card border-l-4 border-warning-700 bg-warning-50 p-4 text-sm text-slate-900"
    >
      <h2 id="unavailable-heading" className="font-semibold text-warning-700">
        {lines.length === 1
          ? "This item is no longer available and will not be ordered:"
          : "These items are no longer available and will not be ordered:"}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {lines.map((line) => (
          <li key={`${line.productId}-${line.size ?? ""}`} className="break-words">
            {line.title}
            {line.size ? <span className="text-slate-600"> · Size {line.size}</span> : null}
          </li>
        ))}
      </ul>
      <Link to="/cart" className="mt-2 inline-flex min-h-11 items-center font-medium text-brand-700 underline">
        Review your cart
      </Link>
    </section>
  );
}

export default function Checkout() {
  const cart = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const placing = useIsPending({ formAction: "/checkout" });
  const [form, fields] = useForm({
    lastResult,
    constraint: cart.constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validateCheckout(formData),
  });
  // With JavaScript the fee and total follow the select; without it, a refused post still shows
  // the governorate it was sent with, and the fees stay listed.
  const hydrated = useHydrated();
  const [governorate, setGovernorate] = useState<string | null>(null);
  const shownGovernorate =
    governorate ?? (typeof fields.district.initialValue === "string" ? fields.district.initialValue : null);

  if (cart.lines.length === 0) {
    return (
      <section className="mx-auto flex max-w-md flex-col gap-6 py-16">
        <div className="text-center">
          <h1 className="text-2xl font-bold">Your cart is empty</h1>
          <p className="mt-2 text-slate-600">Add some items to your cart before checkout.</p>
          <Link to="/shop" className={buttonClass("primary", "md", "mt-6")}>
            Continue Shopping
          </Link>
        </div>
        <UnavailableNotice lines={cart.unavailable} />
      </section>
    );
  }

  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold md:text-3xl">Checkout</h1>
      <Form method="post" {...getFormProps(form)} className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <input type="hidden" name="idempotencyKey" value={cart.idempotencyKey} />
        <input type="hidden" name="cartSignature" value={cart.cartSignature} />
        <input type="hidden" name="deliverySignature" value={cart.deliverySignature} />
        <div className="flex flex-col gap-6">
          <UnavailableNotice lines={cart.unavailable} />
          <FormErrors id={form.errorId} errors={form.errors} className="rounded-card p-4" />
          <fieldset className="rounded-card border border-slate-200 bg-white p-4 sm:p-6">
            <legend className="px-1 text-lg font-bold">Customer Information</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Full Name"
                errors={fields.name.errors}
                autoComplete="name"
                className="sm:col-span-2"
                {...getInputProps(fields.name, { type: "text" })}
              />
              <Field
                label="Email Address"
                errors={fields.email.errors}
                autoComplete="email"
                {...getInputProps(fields.email, { type: "email" })}
              />
              <Field
                label="Phone Number"
                errors={fields.phone.errors}
                autoComplete="tel"
                {...getInputProps(fields.phone, { type: "tel" })}
              />
            </div>
          </fieldset>
          <fieldset className="rounded-card border border-slate-200 bg-white p-4 sm:p-6">
            <legend className="px-1 text-lg font-bold">Address Information</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Governorate"
                errors={fields.district.errors}
                {...getSelectProps(fields.district)}
                onChange={(event) => setGovernorate(event.currentTarget.value)}
              >
                <option value="">Select a governorate</option>
                {GOVERNORATES.map((governorate) => (
                  <option key={governorate} value={governorate}>
                    {governorate}
                  </option>
                ))}
              </SelectField>
              <Field
                label="City"
                errors={fields.city.errors}
                autoComplete="address-level2"
                {...getInputProps(fields.city, { type: "text" })}
              />
              <Field
                label="Street"
                errors={fields.street.errors}
                autoComplete="address-line1"
                {...getInputProps(fields.street, { type: "text" })}
              />
              <Field
                label="Building"
                errors={fields.building.errors}
                autoComplete="address-line2"
                {...getInputProps(fields.building, { type: "text" })}
              />
              <TextareaField
                label="Full Address"
                errors={fields.address.errors}
                className="sm:col-span-2"
                rows={3}
                {...getTextareaProps(fields.address)}
              />
            </div>
          </fieldset>
        </div>

        <div className="flex flex-col gap-4 lg:sticky lg:top-20">
          <section
            aria-labelledby="order-items-heading"
            className="rounded-card border border-slate-200 bg-white p-4 sm:p-6"
          >
            <h2 id="order-items-heading" className="text-lg font-bold">
              Order Items
            </h2>
            <ul className="mt-2 divide-y divide-slate-200 text-sm">
              {cart.lines.map((line) => (
                <li key={`${line.productId}-${line.size ?? ""}`} className="flex justify-between gap-3 py-2">
                  <span>
                    {line.title}
                    {line.size ? <span className="text-slate-600"> · Size {line.size}</span> : null}
                    <span className="text-slate-600"> × {line.quantity}</span>
                  </span>
                  <span className="tabular shrink-0">{formatMoney(line.unitPriceCents * line.quantity)}</span>
                </li>
              ))}
            </ul>
          </section>
          <OrderSummary
            subtotalCents={cart.subtotalCents}
            delivery={cart.delivery}
            governorate={shownGovernorate}
            feesOpen={!hydrated}
          >
            <Button type="submit" pending={placing} className="mt-4 w-full">
              {placing ? "Placing Order..." : "Place Order"}
            </Button>
            <Link
              to="/cart"
              className="mt-3 flex min-h-11 items-center justify-center text-sm font-medium text-brand-700 hover:underline"
            >
              Back to Cart
            </Link>
          </OrderSummary>
        </div>
      </Form>
    </div>
  );
}
