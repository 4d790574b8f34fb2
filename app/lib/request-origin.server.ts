import type { Request } from "express";

const portOf = (host: string | undefined) => {
  const port = Number.parseInt(host?.split(":")[1] ?? "", 10);
  return Number.isSafeInteger(port) ? port : null;
};

/**
 * This site's origin as the loaders will see it in `request.url`: the rule of
 * @remix-run/express's createRemixRequest (Express's `req.hostname`, which follows the trust proxy
 * setting, and a port from X-Forwarded-Host, else Host). The cross-site guard and the page cache use
 * it, so they never disagree with the pages about which site this is.
 */
export function requestOrigin(req: Request) {
  const port = portOf(req.get("x-forwarded-host")) ?? portOf(req.get("host"));
  return `${req.protocol}://${req.hostname}${port === null ? "" : `:${port}`}`;
}
