import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ProductImage } from "~/catalogue/components/product-image.tsx";
import { OrderSummary } from "~/checkout/components/order-summary.tsx";
import { buttonClass } from "~/ui/button.tsx";
import { MinusIcon, PlusIcon } from "~/ui/icons.tsx";
import { flashHeader } from "~/platform/http/flash.server.ts";
import { AFTER_ADD_TO_CART_LINKS, type Toast } from "~/platform/http/flash.ts";
import { formatMoney } from "~/utils/money.ts";
import { EnhancedFlag } from "~/ui/enhanced-flag.tsx";
import type { CartActionAnswer } from "~/cart/views.ts";
import {
  addToCart,
  type CartLine,
  type CartViewLine,
  checkAddToCart,
  checkCartQuantity,
  loadCartView,
  readCart,
  removeFromCart,
  serializeCart,
  setCartQuantity,
} from "~/cart/cart.server.ts";

export const meta: MetaFunction = () => [
  { title: "Your cart | OpenBox Lebanon" },
  {
    name: "description",
    content: "The open-box goods in your cart, with the delivery fee and the total to pay on delivery.",
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const lines = await readCart(request, context.cookies);
  return loadCartView(context.db, context.storage, lines);
}

const lineFields = {
  productId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  size: z
    .string()
    .trim()
    .max(8)
    .optional()
    .transform((size) => size || null),
};

const cartAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), ...lineFields, quantity: z.coerce.number().int().default(1) }),
  z.object({ intent: z.literal("set"), ...lineFields, quantity: z.coerce.number().int() }),
  z.object({ intent: z.literal("remove"), ...lineFields }),
  z.object({ intent: z.literal("clear") }),
]);

function sameCart(a: CartLine[], b: CartLine[]) {
  return (
    a.length === b.length &&
    a.every(
      (line, index) =>
        line.productId === b[index]?.productId && line.size === b[index]?.size && line.quantity === b[index]?.quantity,
    )
  );
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
  const parsed = cartAction.safeParse(Object.fromEntries(form));
  const lines = await readCart(request, context.cookies);
  const back = safeReturnPath(form.get("returnTo"), "/cart");

  /**
   * `refused` answers 400, unless the cart still changed (a line set above the stock is lowered to
   * it): that answers 200 with the message, because single fetch skips revalidation after a 4xx and
   * the rows, totals and header badge must show the cart as it now is.
   */
  const answer = async (next: CartLine[], toast: Toast | null, refused = false) => {
    const headers = new Headers();
    const changed = !sameCart(next, lines);
    if (changed) headers.append("Set-Cookie", await serializeCart(next, context.cookies));
    if (enhanced)
      return data<CartActionAnswer>(
        { ok: !refused, message: toast?.message ?? null },
        { status: refused && !changed ? 400 : 200, headers },
      );
    if (toast) headers.append("Set-Cookie", await flashHeader(context.cookies, { toast }));
    return redirect(back, { headers });
  };

  if (!parsed.success)
    return answer(
      lines,
      { type: "danger", message: "Something went wrong with that request. Please try again." },
      true,
    );
  const input = parsed.data;
  switch (input.intent) {
    case "add": {
      const result = checkAddToCart(context.db, lines, input);
      if (!result.ok) return answer(lines, { type: "danger", message: result.message }, true);
      return answer(addToCart(lines, { productId: input.productId, size: input.size, quantity: input.quantity }), {
        type: "success",
        message: result.message,
        links: AFTER_ADD_TO_CART_LINKS,
      });
    }
    case "set": {
      if (input.quantity < 1) return answer(lines, null);
      const check = checkCartQuantity(context.db, input.productId, input.quantity);
      if (!check.ok)
        return answer(
          setCartQuantity(lines, input.productId, input.size, check.quantity),
          { type: "warning", message: check.message },
          true,
        );
      return answer(setCartQuantity(lines, input.productId, input.size, input.quantity), null);
    }
    case "remove":
      return answer(removeFromCart(lines, input.productId, input.size), null);
    case "clear":
      return answer([], null);
  }
}

function CartLineRow({ line }: { line: CartViewLine }) {
  const fetcher = useFetcher<typeof action>();
  const pendingQuantity = fetcher.formData?.get("intent") === "set" ? Number(fetcher.formData.get("quantity")) : null;
  const removing = fetcher.formData?.get("intent") === "remove";
  const quantity = pendingQuantity ?? line.quantity;
  // One change at a time per line: the cart is a cookie, and two answers racing would let the
  // older one win.
  const busy = fetcher.state !== "idle";
  // The action's refusal ('Only N items available in stock'), shown beside this line until its next change.
  const refusal = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const label = `${line.title}${line.size ? `, size ${line.size}` : ""}`;
  const errorId = `cart-line-${line.productId}-${line.size ?? ""}-error`;
  if (removing) return null;
  return (
    <li className="flex gap-3 py-4 sm:gap-4" data-testid="cart-line">
      <ProductImage
        image={line.image}
        alt=""
        sizes="96px"
        className="size-20 shrink-0 rounded-md border border-slate-200 bg-white object-contain sm:size-24"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={`/shop/product/${line.productId}`}
          className="line-clamp-2 font-medium text-slate-900 wrap-anywhere hover:underline"
        >
          {line.title}
        </Link>
        {line.size ? <p className="text-sm text-slate-600">Size: {line.size}</p> : null}
        <p className="tabular text-sm text-slate-700">{formatMoney(line.unitPriceCents)}</p>
        {line.available ? null : (
          <p className="text-sm font-semibold text-danger-700">No longer available: not charged</p>
        )}
        {line.available && line.quantity > line.stock && !refusal ? (
          <p className="text-sm font-semibold text-warning-700">Only {line.stock} items available in stock</p>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center gap-3">
          {/* A line that can no longer be bought has nothing to change: only Remove. */}
          {line.available ? (
            <fetcher.Form
              method="post"
              action="/cart"
              className="flex items-center rounded-md border border-slate-300"
              aria-label={`Quantity of ${label}`}
            >
              <input type="hidden" name="intent" value="set" />
              <input type="hidden" name="productId" value={line.productId} />
              <input type="hidden" name="size" value={line.size ?? ""} />
              <EnhancedFlag />
              <button
                type="submit"
                name="quantity"
                value={quantity - 1}
                disabled={busy || quantity <= 1}
                className="inline-flex size-11 items-center justify-center text-slate-700 disabled:text-slate-300"
                aria-label={`Decrease quantity of ${label}`}
              >
                <MinusIcon />
              </button>
              <span className="tabular w-8 text-center font-medium" aria-live="polite" data-testid="line-quantity">
                {quantity}
              </span>
              <button
                type="submit"
                name="quantity"
                value={quantity + 1}
                disabled={busy || quantity >= line.stock}
                className="inline-flex size-11 items-center justify-center text-slate-700 disabled:text-slate-300"
                aria-label={`Increase quantity of ${label}`}
                aria-describedby={refusal ? errorId : undefined}
              >
                <PlusIcon />
              </button>
            </fetcher.Form>
          ) : null}
          <fetcher.Form method="post" action="/cart">
            <input type="hidden" name="intent" value="remove" />
            <EnhancedFlag />
            <input type="hidden" name="productId" value={line.productId} />
            <input type="hidden" name="size" value={line.size ?? ""} />
            <button
              type="submit"
              disabled={busy}
              className="min-h-11 rounded-md px-2 text-sm font-medium text-danger-700 hover:bg-danger-50"
              aria-label={`Remove ${label}`}
            >
              Remove
            </button>
          </fetcher.Form>
        </div>
        {refusal ? (
          <p id={errorId} role="alert" className="text-sm font-semibold text-warning-700" data-testid="line-error">
            {refusal}
          </p>
        ) : null}
      </div>
      <p className="tabular shrink-0 font-semibold">{formatMoney(line.unitPriceCents * quantity)}</p>
    </li>
  );
}

export default function Cart() {
  const cart = useLoaderData<typeof loader>();
  if (cart.lines.length === 0) {
    return (
      <section className="mx-auto max-w-md py-16 text-center">
        <h1 className="text-2xl font-bold">Your shopping cart is empty</h1>
        <Link to="/shop" className={buttonClass("primary", "md", "mt-6")}>
          Shop
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
          Your cart
        </h1>
        <ul className="mt-2 divide-y divide-slate-200">
          {cart.lines.map((line) => (
            <CartLineRow key={`${line.productId}-${line.size ?? ""}`} line={line} />
          ))}
        </ul>
      </section>
      {canCheckout ? (
        <OrderSummary subtotalCents={cart.subtotalCents} delivery={cart.delivery}>
          <Link to="/checkout" className={buttonClass("primary", "md", "mt-4 w-full")}>
            Go to Checkout
          </Link>
        </OrderSummary>
      ) : (
        // Nothing here can be ordered: no summary (a subtotal of nothing plus a delivery fee would
        // only confuse), but the way back to the shop.
        <section
          aria-labelledby="nothing-to-order-heading"
          data-testid="nothing-to-order"
          className="rounded-card border border-slate-200 bg-white p-4 sm:p-6 lg:sticky lg:top-20"
        >
          <h2 id="nothing-to-order-heading" className="text-lg font-bold">
            Nothing to order yet
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            None of the items in your cart can be ordered now. Remove them and add something else from the shop.
          </p>
          <Link to="/shop" className={buttonClass("primary", "md", "mt-4 w-full")}>
            Shop
          </Link>
        </section>
      )}
    </div>
  );
}
