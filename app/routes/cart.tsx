import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Link, useLoaderData } from "@remix-run/react";
import { i18nOfRequest } from "~/i18n/i18n.server.ts";
import { i18nOfMatches } from "~/i18n/i18n-of-matches.ts";
import { localeOfPath, localePath } from "~/i18n/locale.ts";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { CartLineRow } from "~/cart/components/cart-line-row.tsx";
import { NothingToOrder } from "~/cart/components/nothing-to-order.tsx";
import { OrderSummary } from "~/checkout/components/order-summary.tsx";
import { buttonClass } from "~/ui/button.tsx";
import { flashHeader } from "~/platform/http/flash.server.ts";
import type { Toast } from "~/platform/http/flash.ts";
import type { CartActionAnswer } from "~/cart/views.ts";
import { DiscountCodeForm } from "~/cart/components/discount-code-form.tsx";
import { lbpRateForPages } from "~/settings/shop-settings.server.ts";
import { type CartLine, loadCartView, readCartCookie, serializeCart } from "~/cart/cart.server.ts";
import { badCartRequest, cartViewIn } from "~/cart/cart-messages.server.ts";
import { applyCartChange, cartChangeSchema, codeAfterChange, sameCart } from "~/cart/cart-change.server.ts";
import { withShareTags } from "~/shell/share-tags.ts";
export const meta: MetaFunction = ({ matches, location }) => {
  const i18n = i18nOfMatches(
    matches.map((match) => ({ handle: match.handle })),
    location.pathname,
  );
  return withShareTags(
    [
      { title: i18n._(msg`Your cart | OpenBox Lebanon`) },
      {
        name: "description",
        content: i18n._(msg`The open-box goods in your cart, with the delivery fee and the total to pay on delivery.`),
      },
      { name: "robots", content: "noindex" },
    ],
    { matches, location },
  );
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { lines, code } = await readCartCookie(request, context.cookies);
  return {
    ...cartViewIn(i18nOfRequest(request), loadCartView(context.db, context.storage, lines, code)),
    lbpRate: lbpRateForPages(context.db),
  };
}

/** Only paths on this site, so the redirect cannot be pointed elsewhere. */
function safeReturnPath(value: FormDataEntryValue | null, fallback: string) {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") ? value : fallback;
}

/**
 * The one cart action (house style): the product page's Add to Cart and every control on this
 * page post here. Enhanced forms (JavaScript on) get data back and stay in place; plain forms get
 * POST → redirect → GET with a toast.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const enhanced = form.get("enhanced") === "1";
  const parsed = cartChangeSchema.safeParse(Object.fromEntries(form));
  const { lines, code } = await readCartCookie(request, context.cookies);
  const i18n = i18nOfRequest(request);
  const back = safeReturnPath(form.get("returnTo"), localePath(localeOfPath(new URL(request.url).pathname), "/cart"));

  /**
   * `refused` responds 400, unless the cart still changed (a line set above the stock is lowered to
   * it): that responds 200 with the message, because single fetch skips revalidation after a 4xx and
   * the rows, totals and header badge must show the cart as it now is.
   */
  const respond = async (next: CartLine[], toast: Toast | null, refused = false, nextCode = code) => {
    const headers = new Headers();
    const changed = !sameCart(next, lines) || nextCode !== code;
    if (changed) headers.append("Set-Cookie", await serializeCart(next, context.cookies, nextCode));
    if (enhanced)
      return data<CartActionAnswer>(
        { ok: !refused, message: toast?.message ?? null },
        { status: refused && !changed ? 400 : 200, headers },
      );
    if (toast) headers.append("Set-Cookie", await flashHeader(context.cookies, { toast }));
    return redirect(back, { headers });
  };

  if (!parsed.success) return respond(lines, { type: "danger", message: badCartRequest(i18n) }, true);
  // A discount code is checked when the cart is shown (every render), so applying one only keeps it.
  if (parsed.data.intent === "discount" || parsed.data.intent === "remove-discount")
    return respond(lines, null, false, codeAfterChange(code, parsed.data));
  const { next, toast, refused } = applyCartChange(context.db, lines, parsed.data, i18n);
  return respond(next, toast, refused);
}

export default function Cart() {
  const cart = useLoaderData<typeof loader>();
  const to = useLocalePath();
  if (cart.lines.length === 0) {
    return (
      <section className="mx-auto max-w-md py-16 text-center">
        <h1 className="text-2xl font-bold">
          <Trans>Your shopping cart is empty</Trans>
        </h1>
        <Link to={to("/shop")} className={buttonClass("primary", "md", "mt-6")}>
          <Trans>Shop</Trans>
        </Link>
      </section>
    );
  }
  const canCheckout = cart.lines.some((line) => line.available);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <section
        aria-labelledby="cart-heading"
        className="min-w-0 rounded-card border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h1 id="cart-heading" className="text-2xl font-bold">
          <Trans>Your cart</Trans>
        </h1>
        <ul className="mt-2 divide-y divide-slate-200">
          {cart.lines.map((line) => (
            <CartLineRow key={`${line.productId}-${line.size ?? ""}`} line={line} />
          ))}
        </ul>
      </section>
      {canCheckout ? (
        <OrderSummary
          subtotalCents={cart.subtotalCents}
          discount={cart.discount}
          delivery={cart.delivery}
          lbpRate={cart.lbpRate}
        >
          <DiscountCodeForm discount={cart.discount} returnTo={to("/cart")} />
          <Link to={to("/checkout")} className={buttonClass("primary", "md", "mt-4 w-full")}>
            <Trans>Go to Checkout</Trans>
          </Link>
        </OrderSummary>
      ) : (
        <NothingToOrder />
      )}
    </div>
  );
}
