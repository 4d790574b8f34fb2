import { Link } from "@remix-run/react";
import { SHOP_PHONE } from "~/lib/options.ts";
import { Logo } from "./logo.tsx";

const SOCIAL_LINKS = [
  { label: "Facebook", href: "https://www.facebook.com/openboxlebanon" },
  { label: "WhatsApp group", href: "https://chat.whatsapp.com/openboxlebanon" },
  { label: "Instagram", href: "https://www.instagram.com/openboxlebanon" },
  { label: "TikTok", href: "https://www.tiktok.com/@openboxlebanon" },
];

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="text-sm text-slate-600">
            Contact us{" "}
            <a href={`tel:${SHOP_PHONE.replace(/\s/g, "")}`} className="tabular font-medium text-slate-900 underline-offset-2 hover:underline">
              {SHOP_PHONE}
            </a>
          </p>
          <Link to="/condition-guide" className="text-sm font-medium text-slate-700 underline underline-offset-2">
            Condition guide
          </Link>
        </div>
        <ul className="flex flex-wrap gap-2" aria-label="Social links">
          {SOCIAL_LINKS.map((link) => (
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
      </div>
    </footer>
  );
}
