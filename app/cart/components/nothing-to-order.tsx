import { Link } from "@remix-run/react";
import { buttonClass } from "~/ui/button.tsx";

/**
 * In place of the Order Summary when nothing in the cart can be ordered: a subtotal of nothing plus
 * a delivery fee would only confuse, so the way back to the shop instead.
 */
export function NothingToOrder() {
  return (
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
  );
}
