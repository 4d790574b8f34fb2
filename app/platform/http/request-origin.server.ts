import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";

const portOf = (host: string | undefined) => {
  const port = Number.parseInt(host?.split(":")[1] ?? "", 10);
  return Number.isSafeInteger(port) ? port : null;
};

const firstValue = (header: string | string[] | undefined) => {
  const value = Array.isArray(header) ? header[0] : header;
  const comma = value?.indexOf(",") ?? -1;
  return (comma === -1 ? value : value!.slice(0, comma))?.trim();
};

/** The host without its port, as Express's `req.hostname` reads it (an IPv6 literal keeps its colons). */
function hostnameOf(host: string) {
  const offset = host.startsWith("[") ? host.indexOf("]") + 1 : 0;
  const colon = host.indexOf(":", offset);
  return colon === -1 ? host : host.slice(0, colon);
}

/**
 * This site's origin as the loaders will see it in `request.url`: the rule of
 * @remix-run/express's createRemixRequest (Express's `req.protocol` and `req.hostname`, which read
 * X-Forwarded-Proto and X-Forwarded-Host only behind our one trusted proxy, and a port from
 * X-Forwarded-Host, else Host). Read off the bare Node request, so the page cache can respond before
 * Express; the cross-site guard uses it too, so neither disagrees with the pages about which site this is.
 */
export function requestOrigin(req: IncomingMessage, trustProxy: boolean) {
  const encrypted = Boolean((req.socket as TLSSocket).encrypted);
  const protocol = (trustProxy && firstValue(req.headers["x-forwarded-proto"])) || (encrypted ? "https" : "http");
  const host = (trustProxy && firstValue(req.headers["x-forwarded-host"])) || req.headers.host || "";
  const port = portOf(req.headers["x-forwarded-host"] as string | undefined) ?? portOf(req.headers.host);
  return `${protocol}://${hostnameOf(host)}${port === null ? "" : `:${port}`}`;
}
