import type { Locale } from "~/i18n/locale.ts";

/**
 * The product's own words as a page in `locale` shows them: on an Arabic page its Arabic title and
 * description when the owner wrote them (optional fields), else the English ones. Written
 * against optional fields, so any view of a product (card, page, suggestion) can be passed.
 */
export function shownTitle(product: { title: string; titleAr?: string | null }, locale: Locale): string {
  return (locale === "ar" && product.titleAr) || product.title;
}

export function shownDescription(
  product: { description: string; descriptionAr?: string | null },
  locale: Locale,
): string {
  return (locale === "ar" && product.descriptionAr) || product.description;
}
