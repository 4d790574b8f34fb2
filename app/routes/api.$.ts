import { apiJson } from "~/platform/http/api-response.server.ts";

/**
 * Every `/api/` call (docs/api.md) is a route of its own, `api.<call>.ts` beside this file; Remix
 * matches their paths in any letter case and ignores trailing slashes. Any other /api/ path lands
 * here and responds 404 in JSON, whatever the method.
 */
function notFound({ request }: { request: Request }) {
  return apiJson({ error: `Unknown API call: ${new URL(request.url).pathname}` }, { status: 404 });
}

export const loader = notFound;
export const action = notFound;
