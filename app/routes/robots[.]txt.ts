import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "~/platform/http/site-origin.server.ts";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = siteOrigin(request, context.publicUrl);
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
