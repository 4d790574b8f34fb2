import { whatsAppHref } from "~/utils/phone.ts";
import { telHref } from "~/utils/phone.ts";
import type { ShopDetails } from "~/settings/shop-details.ts";

/** 'Call us' with the footer's phone, and WhatsApp when the owner set a number. */
export function ReachTheShop({ details, children }: { details: ShopDetails; children: string }) {
  return (
    <p className="text-sm text-slate-700" data-testid="reach-the-shop">
      {children}{" "}
      <a href={telHref(details.contactPhone)} className="tabular font-semibold text-brand-700 underline">
        {details.contactPhone}
      </a>
      {details.whatsappNumber ? (
        <>
          {" or on "}
          <a
            href={whatsAppHref(details.whatsappNumber)}
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
