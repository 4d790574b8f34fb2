import type { LoaderFunctionArgs } from "@remix-run/node";
import { MIN_SEARCH_LENGTH, SUGGESTION_LIMIT } from "~/catalogue/options.ts";
import { suggestProducts } from "~/catalogue/suggestions.server.ts";

/** The header's search suggestions: up to 5 products, only what the dropdown shows. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const suggestions =
    query.length >= MIN_SEARCH_LENGTH ? suggestProducts(context.db, context.storage, query, SUGGESTION_LIMIT) : [];
  return Response.json({ query, suggestions }, { headers: { "Cache-Control": "public, max-age=30" } });
}
