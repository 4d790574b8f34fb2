import type { LoaderFunctionArgs } from "@remix-run/node";
import { MIN_SEARCH_LENGTH, SUGGESTION_LIMIT } from "~/catalogue/options.ts";
import { suggestProducts } from "~/catalogue/suggestions.server.ts";

/** The header's search suggestions: up to 5 products, only what the dropdown shows (`lang=ar`: Arabic titles). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, 100);
  // `lang=ar`: an Arabic page's box, which shows the products' Arabic titles where they have one.
  const locale = params.get("lang") === "ar" ? "ar" : "en";
  const suggestions =
    query.length >= MIN_SEARCH_LENGTH
      ? suggestProducts(context.db, context.storage, query, SUGGESTION_LIMIT, locale)
      : [];
  return Response.json({ query, suggestions }, { headers: { "Cache-Control": "public, max-age=30" } });
}
