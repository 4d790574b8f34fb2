import type { LoaderFunctionArgs } from "@remix-run/node";
import { listCategories } from "~/catalogue/category.server.ts";
import { visibleProductIds } from "~/catalogue/listing.server.ts";
import { localePath } from "~/i18n/locale.ts";
import { siteOrigin } from "~/platform/http/site-origin.server.ts";

/** The sitemap protocol's limit for one file. */
const MAX_URLS = 50_000;

function escapeXml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = siteOrigin(request, context.publicUrl);
  const categories = listCategories(context.db);
  // Each page twice, in English and in Arabic, each naming both (hreflang).
  const { ids } = visibleProductIds(context.db, { limit: MAX_URLS / 2 - categories.length - 3, offset: 0 });
  const paths = [
    "/",
    "/shop",
    "/condition-guide",
    ...categories.map((row) => `/shop?category=${row.slug}`),
    ...ids.map((id) => `/shop/product/${id}`),
  ];
  const entry = (path: string) => {
    const english = escapeXml(origin + path);
    const arabic = escapeXml(origin + localePath("ar", path));
    const alternates = `<xhtml:link rel="alternate" hreflang="en" href="${english}"/><xhtml:link rel="alternate" hreflang="ar" href="${arabic}"/>`;
    return `  <url><loc>${english}</loc>${alternates}</url>\n  <url><loc>${arabic}</loc>${alternates}</url>`;
  };
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${paths
    .map(entry)
    .join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
