import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useFetcher } from "@remix-run/react";
import { useLocale, useLocalePath } from "~/i18n/use-locale.ts";
import { shownTitle } from "~/catalogue/shown-text.ts";
import { ProductImage } from "~/catalogue/components/product-image.tsx";
import type { ImageSources } from "~/catalogue/views.ts";
import { MinusIcon, PlusIcon } from "~/ui/icons.tsx";
import { EnhancedFlag } from "~/ui/enhanced-flag.tsx";
import { formatMoney } from "~/utils/money.ts";
import type { CartActionAnswer } from "~/cart/views.ts";

/** A line of the cart page, as its loader reads it from the database (app/cart/cart.server.ts, loadCartView). */
export type CartLineView = {
  productId: number;
  size: string | null;
  quantity: number;
  title: string;
  titleAr: string | null;
  unitPriceCents: number;
  image: ImageSources | null;
  /** Stock left for the product right now. */
  stock: number;
  /** False when the product was hidden, deleted, sold out or the size no longer exists: never charged. */
  available: boolean;
};

/**
 * One line with its quantity buttons and Remove: each a fetcher form posting to /cart, so without
 * JavaScript it is a plain POST that lands back on the cart, and with it the line changes in place.
 */
export function CartLineRow({ line }: { line: CartLineView }) {
  const fetcher = useFetcher<CartActionAnswer>();
  const pendingQuantity = fetcher.formData?.get("intent") === "set" ? Number(fetcher.formData.get("quantity")) : null;
  const removing = fetcher.formData?.get("intent") === "remove";
  const quantity = pendingQuantity ?? line.quantity;
  // One change at a time per line: the cart is a cookie, and two responses racing would let the
  // older one win.
  const busy = fetcher.state !== "idle";
  // The action's refusal ('Only N items available in stock'), shown beside this line until its next change.
  const refusal = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const { t } = useLingui();
  const to = useLocalePath();
  const title = shownTitle(line, useLocale());
  const { size, stock } = line;
  const label = size ? t`${title}, size ${size}` : title;
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
          to={to(`/shop/product/${line.productId}`)}
          className="line-clamp-2 font-medium text-slate-900 wrap-anywhere hover:underline"
        >
          <bdi>{title}</bdi>
        </Link>
        {size ? (
          <p className="text-sm text-slate-600">
            <Trans>Size: {size}</Trans>
          </p>
        ) : null}
        <p className="tabular text-sm text-slate-700">
          <bdi dir="ltr">{formatMoney(line.unitPriceCents)}</bdi>
        </p>
        {line.available ? null : (
          <p className="text-sm font-semibold text-danger-700">
            <Trans>No longer available: not charged</Trans>
          </p>
        )}
        {line.available && line.quantity > line.stock && !refusal ? (
          <p className="text-sm font-semibold text-warning-700">
            <Trans>Only {stock} items available in stock</Trans>
          </p>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center gap-3">
          {/* A line that can no longer be bought has nothing to change: only Remove. */}
          {line.available ? (
            <fetcher.Form
              method="post"
              action={to("/cart")}
              className="flex items-center rounded-md border border-slate-300"
              aria-label={t`Quantity of ${label}`}
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
                aria-label={t`Decrease quantity of ${label}`}
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
                aria-label={t`Increase quantity of ${label}`}
                aria-describedby={refusal ? errorId : undefined}
              >
                <PlusIcon />
              </button>
            </fetcher.Form>
          ) : null}
          <fetcher.Form method="post" action={to("/cart")}>
            <input type="hidden" name="intent" value="remove" />
            <EnhancedFlag />
            <input type="hidden" name="productId" value={line.productId} />
            <input type="hidden" name="size" value={line.size ?? ""} />
            <button
              type="submit"
              disabled={busy}
              className="min-h-11 rounded-md px-2 text-sm font-medium text-danger-700 hover:bg-danger-50"
              aria-label={t`Remove ${label}`}
            >
              <Trans>Remove</Trans>
            </button>
          </fetcher.Form>
        </div>
        {refusal ? (
          <p id={errorId} role="alert" className="text-sm font-semibold text-warning-700" data-testid="line-error">
            {refusal}
          </p>
        ) : null}
      </div>
      <p className="tabular shrink-0 font-semibold">
        <bdi dir="ltr">{formatMoney(line.unitPriceCents * quantity)}</bdi>
      </p>
    </li>
  );
}
