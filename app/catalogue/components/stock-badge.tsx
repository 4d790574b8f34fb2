import { Trans } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { LOW_STOCK_THRESHOLD } from "~/catalogue/options.ts";

/** The stock shown is what is left after what the cart already holds. */
export function StockBadge({ stock, available }: { stock: number; available: number }) {
  if (stock <= 0 || available <= 0) {
    return (
      <span className="inline-flex rounded-full bg-danger-50 px-3 py-1 text-sm font-semibold text-danger-700">
        <Trans>Out of Stock</Trans>
      </span>
    );
  }
  if (available <= LOW_STOCK_THRESHOLD) {
    return (
      <span className="inline-flex rounded-full bg-warning-50 px-3 py-1 text-sm font-semibold text-warning-700">
        <Trans>Only {available} left in stock</Trans>
      </span>
    );
  }
  return (
    <span className="inline-flex rounded-full bg-success-50 px-3 py-1 text-sm font-semibold text-success-700">
      <Trans>In Stock</Trans>
    </span>
  );
}

/**
 * Under an 'Out of Stock' badge that only says so because the shopper's own cart holds the rest:
 * what is left is theirs already, and the way to it.
 */
export function AllInCartNote({ stock, available }: { stock: number; available: number }) {
  const to = useLocalePath();
  if (stock <= 0 || available > 0) return null;
  return (
    <p className="mt-2 text-sm text-slate-700">
      {stock === 1 ? (
        <Trans>The last one is already in your cart.</Trans>
      ) : (
        <Trans>All {stock} left are already in your cart.</Trans>
      )}{" "}
      <Link
        to={to("/cart")}
        className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
      >
        <Trans>View cart</Trans>
      </Link>
    </p>
  );
}
