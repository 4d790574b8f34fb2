import type { MetaDescriptor } from "@remix-run/node";
import { localeOfPath } from "~/i18n/locale.ts";

/** The shop's name as link previews print it above the title; a brand, the same in both languages. */
export const SITE_NAME = "OpenBox Lebanon";

/** Open Graph names a language with its country: the shop's English for the world, its Arabic Lebanon's. */
const OG_LOCALES = { en: "en_US", ar: "ar_LB" } as const;

type Match = { id: string; data: unknown };

/** What a product page's preview adds: the picture, the price and whether it can be had. */
export type ProductShare = {
  title: string;
  /** The share JPEG (absolute), its size and its alt text; null: the product has no photo. */
  image: { url: string; width: number; height: number; alt: string } | null;
  /** Dollars with two decimals, as Open Graph's product:price:amount wants: `40.00`. */
  price: string;
  inStock: boolean;
  condition: "new" | "refurbished" | "used";
};

const property = (name: string, content: string): MetaDescriptor => ({ property: name, content });

/** What a product page adds to its preview: the product's title and its tags, built by its loader. */
export type ProductShareTags = { title: string; tags: MetaDescriptor[] };

/**
 * A product's own Open Graph tags, built on the server (the loader passes them to `meta`), so the
 * browser's bundle carries none of this: og:image with its size and alt text, price, availability
 * and condition.
 */
export function productShareTags(product: ProductShare): ProductShareTags {
  const image = product.image;
  return {
    title: product.title,
    tags: [
      ...(image
        ? [
            property("og:image", image.url),
            property("og:image:width", String(image.width)),
            property("og:image:height", String(image.height)),
            property("og:image:alt", image.alt),
          ]
        : []),
      property("product:price:amount", product.price),
      property("product:price:currency", "USD"),
      property("product:availability", product.inStock ? "in stock" : "out of stock"),
      property("product:condition", product.condition),
    ],
  };
}

/**
 * A shopper page's meta with the Open Graph and Twitter card tags WhatsApp, Facebook, Instagram and
 * X read when a link is pasted: the page's own title and description, its canonical address as
 * og:url (absolute, from the root loader's origin: PUBLIC_URL when set), its language and the other
 * as the alternate. A page without a canonical link (the cart, tracking) names its own path. A
 * product page adds its own (`productShareTags`).
 */
export function withShareTags(
  meta: MetaDescriptor[],
  { matches, location }: { matches: Match[]; location: { pathname: string } },
  product?: ProductShareTags,
): MetaDescriptor[] {
  const found = (test: (descriptor: Record<string, unknown>) => boolean) =>
    meta.find((descriptor) => test(descriptor as Record<string, unknown>)) as Record<string, unknown> | undefined;
  const title = String(found((d) => "title" in d)?.title ?? SITE_NAME);
  const description = found((d) => d.name === "description")?.content;
  const canonical = found((d) => d.tagName === "link" && d.rel === "canonical")?.href;
  const origin = (matches.find((match) => match.id === "root")?.data as { origin?: string } | undefined)?.origin ?? "";
  const locale = localeOfPath(location.pathname);
  return [
    ...meta,
    property("og:title", product?.title ?? title),
    ...(typeof description === "string" ? [property("og:description", description)] : []),
    property("og:url", typeof canonical === "string" ? canonical : origin + location.pathname),
    property("og:site_name", SITE_NAME),
    property("og:locale", OG_LOCALES[locale]),
    property("og:locale:alternate", OG_LOCALES[locale === "en" ? "ar" : "en"]),
    property("og:type", product ? "product" : "website"),
    ...(product?.tags ?? []),
    // A product's preview is its photo, large; other pages are a title and a line of text.
    { name: "twitter:card", content: product ? "summary_large_image" : "summary" },
  ];
}
