import { Trans } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { buttonClass } from "~/ui/button.tsx";

/**
 * In place of the Order Summary when nothing in the cart can be ordered: a subtotal of nothing plus
 * a delivery fee would only confuse, so the way back to the shop instead.
 */
export function NothingToOrder() {
  const to = useLocalePath();
  return (
    <section
      aria-labelledby="nothing-to-order-heading"
      data-testid="nothing-to-order"
      className="rounded-card border border-slate-200 bg-white p-4 sm:p-6 lg:sticky lg:top-20"
    >
      <h2 id="nothing-to-order-heading" className="text-lg font-bold">
        <Trans>Nothing to order yet</Trans>
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        <Trans>
          None of the items in your cart can be ordered now. Remove them and add something else from the shop.
        </Trans>
      </p>
      <Link to={to("/shop")} className={buttonClass("primary", "md", "mt-4 w-full")}>
        <Trans>Shop</Trans>
      </Link>
    </section>
  );
}
