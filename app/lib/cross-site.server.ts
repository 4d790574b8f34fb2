/** Contract: GET calls that still change data, guarded like POSTs. */
const MUTATING_GET_PATHS = new Set(["/api/order/updateOrder", "/api/order/cancelOrder"]);

export type RequestFacts = {
  method: string;
  path: string;
  /** This site's own origin, e.g. "https://shop.example". */
  ownOrigin: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
};

export function changesData({ method, path }: Pick<RequestFacts, "method" | "path">) {
  const upper = method.toUpperCase();
  if (upper === "GET" || upper === "HEAD" || upper === "OPTIONS") return MUTATING_GET_PATHS.has(path);
  return true;
}

/**
 * True when a request that changes data comes from another site: the browser says so through
 * Sec-Fetch-Site, or its Origin is not ours. A request with neither header (curl, a script) is
 * not a browser's cross-site request and passes; the admin session cookie is SameSite=Lax too.
 */
export function isCrossSiteMutation(facts: RequestFacts) {
  if (!changesData(facts)) return false;
  if (facts.secFetchSite === "cross-site") return true;
  if (facts.origin !== undefined && facts.origin !== facts.ownOrigin) return true;
  return false;
}
