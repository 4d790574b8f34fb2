import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { DEFAULT_PAGE_SHOP_DETAILS, type PageShopDetails } from "~/settings/shop-details.ts";
import { Logo } from "~/shell/logo.tsx";

/** The owner's details from `/admin/settings`; the defaults (today's) when the page has none, e.g. an error screen. */
export function Footer({ details = DEFAULT_PAGE_SHOP_DETAILS }: { details?: PageShopDetails }) {
  const { t } = useLingui();
  const to = useLocalePath();
  const socialLinks = [
    { label: "Facebook", href: details.socialLinks.facebook },
    { label: t`WhatsApp group`, href: details.socialLinks.whatsappGroup },
    { label: "Instagram", href: details.socialLinks.instagram },
    { label: "TikTok", href: details.socialLinks.tiktok },
  ].filter((link) => link.href);
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div
        className={`mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:flex-row md:justify-between ${details.returnsPolicy ? "md:items-start" : "md:items-center"}`}
      >
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="text-sm text-slate-600">
            <Trans>Contact us</Trans>{" "}
            <a
              href={details.contactHref}
              dir="ltr"
              className="tabular font-medium text-slate-900 underline-offset-2 hover:underline"
            >
              {details.contactPhone}
            </a>
            {details.whatsappNumber && details.whatsappHref ? (
              <>
                {" · "}
                <a
                  href={details.whatsappHref}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="font-medium text-slate-900 underline-offset-2 hover:underline"
                >
                  WhatsApp{" "}
                  <span dir="ltr" className="tabular">
                    {details.whatsappNumber}
                  </span>
                </a>
              </>
            ) : null}
          </p>
          {details.returnsPolicy ? (
            <div className="max-w-prose text-sm text-slate-600" data-testid="footer-policy">
              <h2 className="font-semibold text-slate-800">
                <Trans>Returns and warranty</Trans>
              </h2>
              <p className="mt-1 whitespace-pre-line" dir="auto">
                {details.returnsPolicy}
              </p>
            </div>
          ) : null}
          <Link to={to("/condition-guide")} className="text-sm font-medium text-slate-700 underline underline-offset-2">
            <Trans>Condition guide</Trans>
          </Link>
        </div>
        {socialLinks.length ? (
          <ul className="flex flex-wrap gap-2" aria-label={t`Social links`}>
            {socialLinks.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="inline-flex min-h-11 items-center rounded-md border border-slate-200 px-3 text-sm text-slate-700 hover:bg-slate-50"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </footer>
  );
}
