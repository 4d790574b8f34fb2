import { Trans } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { buttonClass } from "~/ui/button.tsx";
import type { PageShopDetails } from "~/settings/shop-details.ts";

/**
 * An empty listing: the message, and for a search (`details`) the shop's WhatsApp (or phone) to
 * ask for what was not found. Inline rather than ReachTheShop: its chunk would cost /shop's
 * JavaScript budget.
 */
export function NoProductsFound({ message, details }: { message: string; details: PageShopDetails | null }) {
  const to = useLocalePath();
  return (
    <div className="mt-8 rounded-card border border-dashed border-slate-300 bg-white p-10 text-center">
      <p className="text-lg font-medium text-slate-800">{message}</p>
      {details ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="reach-the-shop">
          <Trans>
            Looking for something? Ask us on{" "}
            <a href={details.whatsappHref ?? details.contactHref} className="font-semibold text-brand-700 underline">
              {details.whatsappHref ? "WhatsApp" : <bdi dir="ltr">{details.contactPhone}</bdi>}
            </a>
            .
          </Trans>
        </p>
      ) : null}
      <Link to={to("/shop")} className={buttonClass("primary", "md", "mt-4")}>
        <Trans>View All Products</Trans>
      </Link>
    </div>
  );
}
