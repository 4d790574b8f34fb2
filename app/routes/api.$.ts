import { apiJson } from "~/lib/api.server.ts";

/** Any /api/ path that is not a known call answers 404 in JSON, whatever the method. */
function notFound({ request }: { request: Request }) {
  return apiJson({ error: `Unknown API call: ${new URL(request.url).pathname}` }, { status: 404 });
}

export const loader = notFound;
export const action = notFound;
