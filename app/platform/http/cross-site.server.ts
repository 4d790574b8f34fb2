/** The `/api/` GET calls that still change data, guarded like POSTs. Lower case: see routePath. */
const MUTATING_GET_PATHS = new Set(["/api/order/updateorder", "/api/order/cancelorder", "/api/order/confirmorder"]);

export type RequestFacts = {
  method: string;
  path: string;
  /** This site's own origin, e.g. "https://shop.example". */
  ownOrigin: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
};

function decodeSegment(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The path as Remix matches it to a route: percent-decoded segment by segment, in any case,
 * without trailing slashes or the `.data` suffix of a single-fetch request. Comparing the raw path
 * let `/api/order/CANCELORDER`, `/api/order/cancelOrder/` or `update%4Frder` past the guard while
 * Remix still ran the route. Repeated slashes are folded too: over-matching only refuses more.
 */
export function routePath(path: string) {
  return path
    .split("/")
    .map(decodeSegment)
    .join("/")
    .toLowerCase()
    .replace(/\/{2,}/g, "/")
    .replace(/\/+$/, "")
    .replace(/\.data$/, "")
    .replace(/\/+$/, "");
}

export function changesData({ method, path }: Pick<RequestFacts, "method" | "path">) {
  const upper = method.toUpperCase();
  if (upper === "GET" || upper === "HEAD" || upper === "OPTIONS") return MUTATING_GET_PATHS.has(routePath(path));
  return true;
}

/**
 * True when the browser says the request comes from another site, through Sec-Fetch-Site, or its
 * Origin is not ours. A request with neither header (curl, a script) is not a browser's cross-site
 * request and passes; the admin session cookie is SameSite=Lax too.
 */
export function isCrossSite({
  ownOrigin,
  origin,
  secFetchSite,
}: Pick<RequestFacts, "ownOrigin" | "origin" | "secFetchSite">) {
  if (secFetchSite === "cross-site") return true;
  return origin !== undefined && origin !== ownOrigin;
}

/** The guard in server.ts: a request that changes data from another site. */
export function isCrossSiteMutation(facts: RequestFacts) {
  return changesData(facts) && isCrossSite(facts);
}

/**
 * For handlers that change data on a GET: the same check on the Remix request, so they stay safe
 * even if a path variant ever slips past the guard in server.ts.
 */
export function isCrossSiteRequest(request: Request) {
  return isCrossSite({
    ownOrigin: new URL(request.url).origin,
    origin: request.headers.get("Origin") ?? undefined,
    secFetchSite: request.headers.get("Sec-Fetch-Site") ?? undefined,
  });
}
