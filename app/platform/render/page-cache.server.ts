import { promisify } from "node:util";
import zlib from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { catalogueVersion } from "../db/catalogue-version.server.ts";
import type { Db } from "../db/db.server.ts";
import { cspAllowingHashes, withScriptHashes } from "./inline-script-hashes.server.ts";
import { requestOrigin } from "../http/request-origin.server.ts";

/**
 * The shopper pages an anonymous visitor sees (no cookie at all: no cart, no flash message, no
 * admin session) depend only on the URL and the catalogue. Their rendered responses are cached in
 * memory and served again until the catalogue changes, so a crowd of first-time visitors costs one
 * render per page, not one per visit. Anyone with a cookie gets their loaders run afresh (and a
 * render made before for the same loader data: `render-memo.server.ts`).
 *
 * Exact, never stale: an entry is served only under the catalogue version it was rendered in
 * (`catalogue-version.server.ts`: this connection's writes and other connections' commits). Entries also expire,
 * so the home page's random carousel picks keep changing. The memory they hold is bounded: the
 * least recently used go first once the byte budget is spent, and an outsized page (a long Show
 * More listing) is never cached, so made-up query strings cannot fill the process.
 *
 * A hit costs as little as a static file (decision 022): each entry is cached as it goes on the wire,
 * compressed once with brotli and gzip, with every header of the first response; its
 * Content-Security-Policy allows the page's own inline scripts by their SHA-256 hashes instead of
 * a per-response nonce, so the body is never rewritten. `serveHit` responds from the bare Node
 * request, before Express and its middleware; `captureMiss` sits just before Remix.
 */

/**
 * `/`, `/shop`, a product page, their Arabic twins (`/ar`, `/ar/shop`, `/ar/shop/product/12`), and
 * their single-fetch `.data` twins for client navigations (`/_root.data` is `/`'s, `/ar.data` is `/ar`'s).
 */
const CACHEABLE_PATH =
  /^\/(?:_root\.data|ar(?:\.data)?|(?:ar\/)?shop(?:\.data)?|(?:ar\/)?shop\/product\/\d+(?:\.data)?)?$/;

/**
 * The catalogue's pages: rendered from the URL and their loader data alone (no clock, no per-visitor
 * state outside the loaders), so the page cache caches them for anonymous visitors and the render
 * memo (`render-memo.server.ts`) reuses their renders for everyone else.
 */
export function isCataloguePage(pathname: string) {
  return CACHEABLE_PATH.test(pathname);
}
/** Headers of the first response that belong to that response alone or that a hit sets itself. */
const NOT_REPLAYED = new Set([
  "set-cookie",
  "x-request-id",
  "x-page-cache",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "etag",
]);

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type Encoding = "br" | "gzip" | "identity";
type Entry = {
  version: string;
  expires: number;
  status: number;
  headers: [string, string][];
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer | undefined };
  bytes: number;
};

export type PageCacheOptions = {
  /** Behind our one HTTPS proxy (TRUST_PROXY): the origin comes from its X-Forwarded-* headers. */
  trustProxy?: boolean;
  maxBytes?: number;
  maxEntryBytes?: number;
  maxAgeMs?: number;
};

/** The best encoding the client accepts, read cheaply (brotli, then gzip; `;q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let gzipAccepted = false;
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q=0(?:\.0*)?\s*$/.test(param));
    if (refused) continue;
    if (name === "br") return "br";
    if (name === "gzip" || name === "*") gzipAccepted = true;
  }
  return gzipAccepted ? "gzip" : "identity";
}

export function createPageCache(
  db: Db,
  {
    trustProxy = false,
    maxBytes = 32 * 1024 * 1024,
    maxEntryBytes = 512 * 1024,
    maxAgeMs = 30_000,
  }: PageCacheOptions = {},
) {
  const currentVersion = () => catalogueVersion(db);
  // Start tracking now: a write before the first page is rendered must already count.
  currentVersion();

  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  const remember = (key: string, entry: Entry) => {
    forget(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    while (bytes > maxBytes) forget(entries.keys().next().value!);
  };

  // Keys being compressed now: a crowd arriving meanwhile is rendered, but compressed only once.
  const pending = new Set<string>();

  // Express's `req.url` is the path a middleware mount left; the whole URL is what the page was rendered for.
  const cacheKey = (req: IncomingMessage) => requestOrigin(req, trustProxy) + ((req as Request).originalUrl ?? req.url);
  const cacheable = (req: IncomingMessage) => {
    if (req.method !== "GET" || req.headers.cookie) return false;
    const url = req.url ?? "";
    const query = url.indexOf("?");
    return isCataloguePage(query === -1 ? url : url.slice(0, query));
  };

  /**
   * Responds to a hit from the bare Node request, before Express and the middleware a stored response
   * does not need (the stored headers include the security headers); `true` when it responded.
   */
  function serveHit(req: IncomingMessage, res: ServerResponse) {
    if (!cacheable(req)) return false;
    const key = cacheKey(req);
    const entry = entries.get(key);
    if (!entry || entry.version !== currentVersion() || entry.expires <= Date.now()) return false;
    remember(key, entry);
    const accepted = req.headers["accept-encoding"];
    const preferred = preferredEncoding(accepted);
    // Brotli joins the entry a moment after it is stored: until then, the client's next best.
    const encoding =
      preferred === "br" && !entry.bodies.br ? preferredEncoding(accepted!.replace(/\bbr\b/gi, "")) : preferred;
    const body = entry.bodies[encoding]!;
    res.statusCode = entry.status;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.byteLength);
    res.setHeader("X-Page-Cache", "hit");
    res.end(body);
    return true;
  }

  async function store(key: string, version: string, status: number, headers: [string, string][], html: Buffer) {
    const hashed = withScriptHashes(html.toString("utf8"));
    const identity = Buffer.from(hashed.body, "utf8");
    // Compressed once, off the main thread, at the highest levels: every later hit sends these bytes.
    // Served once gzip is ready (a few ms); brotli (slower to make, ~15% smaller) joins when done.
    const gz = await gzip(identity, { level: 9 });
    // The catalogue may have changed while compressing: such an entry would never be served.
    if (version !== currentVersion()) return;
    const entry: Entry = {
      version,
      expires: Date.now() + maxAgeMs,
      status,
      headers: headers.map(([name, value]) => [
        name,
        name === "content-security-policy" ? cspAllowingHashes(value, hashed.hashes) : value,
      ]),
      bodies: { identity, gzip: gz, br: undefined },
      bytes: identity.byteLength + gz.byteLength,
    };
    remember(key, entry);
    const br = await brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
      },
    });
    if (entries.get(key) !== entry) return;
    entry.bodies.br = br;
    remember(key, { ...entry, bytes: entry.bytes + br.byteLength });
  }

  /** On a miss, keeps a copy of what Remix writes (before compression) and stores it once the response ends. */
  function captureMiss(req: Request, res: Response, next: NextFunction) {
    if (!cacheable(req)) return next();
    const key = cacheKey(req);
    const version = currentVersion();
    res.setHeader("X-Page-Cache", "miss");
    let chunks: Buffer[] | null = [];
    let size = 0;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (!chunks || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const part =
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array);
      size += part.length;
      // Too big to cache: stop holding a copy of it at once.
      if (size > maxEntryBytes) chunks = null;
      else chunks.push(part);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      if (chunks && res.statusCode === 200 && !res.hasHeader("set-cookie") && !pending.has(key)) {
        const headers = Object.entries(res.getHeaders()).flatMap(([name, value]) =>
          value === undefined || NOT_REPLAYED.has(name)
            ? []
            : [[name, Array.isArray(value) ? value.join(", ") : String(value)] as [string, string]],
        );
        pending.add(key);
        store(key, version, res.statusCode, headers, Buffer.concat(chunks))
          .catch((error: unknown) => console.error("Could not cache a page:", error))
          .finally(() => pending.delete(key));
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  }

  return { serveHit, captureMiss };
}
