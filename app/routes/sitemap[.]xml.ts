import type { LoaderFunctionArgs } from "@remix-run/node";
import { listCategories } from "~/catalogue/category.server.ts";
import { visibleProductIds } from "~/catalogue/listing.server.ts";

/** The sitemap protocol's limit for one file. */
const MAX_URLS = 50_000;

function escapeXml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const categories = listCategories(context.db);
  const { ids } = visibleProductIds(context.db, { limit: MAX_URLS - categories.length - 2, offset: 0 });
  const urls = [
    `${origin}/`,
    `${origin}/shop`,
    `${origin}/condition-guide`,
    ...categories.map((row) => `${origin}/shop?category=${row.slug}`),
    ...ids.map((id) => `${origin}/shop/product/${id}`),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => `  <url><loc>${escapeXml(url)}</loc></url>`)
    .join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
