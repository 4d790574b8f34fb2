import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type Locale, localePath } from "~/i18n/locale.ts";
import type { ToastLink } from "~/platform/http/flash.ts";

const LINKS = [
  { path: "/cart", label: msg`View cart` },
  { path: "/checkout", label: msg`Checkout` },
];

/**
 * Where a shopper goes after adding to the cart, in the page's language: the success alert (JS on)
 * and the toast (JS off) offer both ('View cart', 'Checkout'; on an Arabic page, to /ar/...).
 */
export function afterAddToCartLinks(i18n: I18n): ToastLink[] {
  const locale: Locale = i18n.locale === "ar" ? "ar" : "en";
  return LINKS.map((link) => ({ href: localePath(locale, link.path), label: i18n._(link.label) }));
}
