import { Trans } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { buttonClass } from "~/ui/button.tsx";
import { type UnavailableLine, UnavailableNotice } from "./unavailable-notice.tsx";

/** The checkout with nothing to order: back to the shop, and which lines could not be ordered. */
export function EmptyCheckout({ unavailable }: { unavailable: UnavailableLine[] }) {
  const to = useLocalePath();
  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 py-16">
      <div className="text-center">
        <h1 className="text-2xl font-bold">
          <Trans>Your cart is empty</Trans>
        </h1>
        <p className="mt-2 text-slate-600">
          <Trans>Add some items to your cart before checkout.</Trans>
        </p>
        <Link to={to("/shop")} className={buttonClass("primary", "md", "mt-6")}>
          <Trans>Continue Shopping</Trans>
        </Link>
      </div>
      <UnavailableNotice lines={unavailable} />
    </section>
  );
}
