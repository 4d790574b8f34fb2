import { Trans } from "@lingui/react/macro";
import type { PageShopDetails } from "~/settings/shop-details.ts";

/** 'Call us' with the footer's phone, and WhatsApp when the owner set a number. */
export function ReachTheShop({ details, children }: { details: PageShopDetails; children: string }) {
  return (
    <p className="text-sm text-slate-700" data-testid="reach-the-shop">
      {children}{" "}
      <a
        href={details.contactHref}
        dir="ltr"
        className="tabular whitespace-nowrap font-semibold text-brand-700 underline"
      >
        {details.contactPhone}
      </a>
      {details.whatsappHref ? (
        <>
          {" "}
          <Trans>or on</Trans>{" "}
          <a
            href={details.whatsappHref}
            rel="noopener noreferrer"
            target="_blank"
            className="font-semibold text-brand-700 underline"
          >
            WhatsApp
          </a>
        </>
      ) : null}
      .
    </p>
  );
}
