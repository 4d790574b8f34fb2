import type { RequestHandler } from "express";
import { isCataloguePage } from "./page-address.ts";

/**
 * `Cache-Control` for the pages, so a reverse proxy or CDN in front of the shop can keep the
 * catalogue for first-time visitors (decision 041). A cookieless visitor's catalogue page (`/`,
 * `/shop`, a product page, the condition guide) depends only on its URL and the catalogue: a
 * shared cache may keep it as long as the shop's own page cache does (30 s), and serve it up to
 * 30 s stale while it fetches a fresh one. Browsers revalidate (max-age=0): a visitor who adds to
 * the cart sends a cookie from then on, and must never see the page without it.
 * Everything else a person sees (any page requested with a cookie, the cart, the checkout,
 * tracking, the admin, redirects and errors) is `private, no-store`. `Vary: Cookie` tells every
 * cache that the same URL differs with the cookie. Responses that chose their own Cache-Control
 * (`/api/`, tracking, the sitemap, search suggestions) keep it.
 */
export const SHARED_CATALOGUE_CACHE = "public, max-age=0, s-maxage=30, stale-while-revalidate=30";
export const PRIVATE_NO_STORE = "private, no-store";

const CONDITION_GUIDE = /^(?:\/ar)?\/condition-guide(?:\.data)?$/;

/** Catalogue pages a shared cache may keep: the page cache's, plus the condition guide (in either language). */
export function isSharedCataloguePage(pathname: string) {
  return isCataloguePage(pathname) || CONDITION_GUIDE.test(pathname);
}

/** What a response from the pages' handler gets when its route chose no Cache-Control of its own. */
export function pageCacheControl({
  method,
  pathname,
  hasCookie,
  status,
  setsCookie,
}: {
  method: string;
  pathname: string;
  hasCookie: boolean;
  status: number;
  setsCookie: boolean;
}) {
  const shared =
    (method === "GET" || method === "HEAD") &&
    !hasCookie &&
    !setsCookie &&
    status === 200 &&
    isSharedCataloguePage(pathname);
  return shared ? SHARED_CATALOGUE_CACHE : PRIVATE_NO_STORE;
}

/** Sets the header as the response's headers go out, once the route has decided its status and cookies. */
export const sharedCacheHeaders: RequestHandler = (req, res, next) => {
  const writeHead = res.writeHead as (...args: unknown[]) => typeof res;
  res.writeHead = function (this: typeof res, ...args: unknown[]) {
    // A route's own choice stands (tracking's no-store, the sitemap's hour, /api/'s); else the rule above.
    if (!res.hasHeader("cache-control")) {
      res.setHeader(
        "Cache-Control",
        pageCacheControl({
          method: req.method,
          pathname: req.path,
          hasCookie: Boolean(req.headers.cookie),
          status: typeof args[0] === "number" ? args[0] : res.statusCode,
          setsCookie: res.hasHeader("set-cookie"),
        }),
      );
      const vary = res.getHeader("vary")?.toString();
      if (!vary) res.setHeader("Vary", "Cookie");
      else if (!/\bcookie\b/i.test(vary)) res.setHeader("Vary", `${vary}, Cookie`);
    }
    return writeHead.apply(this, args);
  } as typeof res.writeHead;
  next();
};
