import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { catalogueVersion } from "../db/catalogue-version.server.ts";
import type { Db } from "../db/db.server.ts";
import { cspAllowingHashes, withScriptHashes } from "./inline-script-hashes.server.ts";
import { isCataloguePage } from "../http/page-address.ts";
import { requestOrigin } from "../http/request-origin.server.ts";
import { type Compressor, createCompressor } from "./compressor.server.ts";

/**
 * The shopper pages an anonymous visitor sees (no cookie at all: no cart, no flash message, no
 * admin session) depend only on the URL and the catalogue. Their rendered responses are cached in
 * memory and served again until the catalogue changes, so a crowd of first-time visitors costs one
 * render per page, not one per visit. Anyone with a cookie gets their loaders run afresh (and a
 * render made before for the same loader data: `render-memo.server.ts`).
 *
 * Exact, never stale: an entry is served only under the catalogue version it was rendered in
 * (`catalogue-version.server.ts`: this connection's writes and other connections' commits). Entries also expire,
 * so the home page's random carousel picks keep changing.
 *
 * Under a flood of new addresses (decision 047): a page is keyed by its address, the path and the
 * parameters it reads (`page-address.ts`), so a shared link's `fbclid` is the same page; the memory
 * the cache holds is bounded by `maxBytes`, counted in what it really holds (every encoding's bytes,
 * the headers, the keys), and a page asked once can take only a quarter of it, so pages asked again
 * stay cached however many new ones arrive; an outsized page (a long Show More listing) is never
 * cached; and compression goes through a bounded compressor (`compressor.server.ts`) that drops
 * work it cannot keep up with: gzip when a page is first stored (a page asked again first), brotli
 * only once it is asked again.
 *
 * A hit costs as little as a static file (decision 022): each entry is cached as it goes on the wire,
 * compressed once with gzip and (once asked again) brotli, with every header of the first response; its
 * Content-Security-Policy allows the page's own inline scripts by their SHA-256 hashes instead of
 * a per-response nonce, so the body is never rewritten. `serveHit` responds from the bare Node
 * request, before Express and its middleware; `captureMiss` sits just before Remix.
 */

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

/** What an entry holds besides its bodies and headers (its object, its key in two maps), roughly. */
const ENTRY_OVERHEAD_BYTES = 512;
/** What remembering one asked-for address costs (its digest and its place in a Map), roughly. */
const ASKED_BYTES = 128;

export type Encoding = "br" | "gzip" | "identity";
type Entry = {
  version: string;
  expires: number;
  status: number;
  headers: [string, string][];
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer | undefined };
  /** Everything the entry holds: its bodies in every encoding, its headers and its key. */
  bytes: number;
  /** Brotli is made once the page is asked again, not before; "asked" while it is being made. */
  brotli: "none" | "asked" | "done";
};

export type PageCacheOptions = {
  /** Behind our one HTTPS proxy (TRUST_PROXY): the origin comes from its X-Forwarded-* headers. */
  trustProxy?: boolean;
  /** All the cache holds: every entry's bodies, headers and key, and the addresses it remembers. */
  maxBytes?: number;
  maxEntryBytes?: number;
  maxAgeMs?: number;
  compressor?: Compressor;
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
    compressor = createCompressor(),
  }: PageCacheOptions = {},
) {
  const currentVersion = () => catalogueVersion(db);
  // Start tracking now: a write before the first page is rendered must already count.
  currentVersion();

  // Two segments, each a Map in insertion order (re-inserting on a hit makes the first key the least
  // recently used): a page asked once waits on probation, in at most a quarter of the budget; a page
  // asked again is protected. A flood of addresses asked once churns only probation, so the pages
  // people keep asking for stay cached through it.
  const probation = new Map<string, Entry>();
  const protectedEntries = new Map<string, Entry>();
  let probationBytes = 0;
  let protectedBytes = 0;
  const maxProbationBytes = Math.floor(maxBytes / 4);

  // The addresses asked for lately, by digest (bounded in count): a page asked again after its entry
  // was dropped (or before it was ever stored) is known as one people come back to.
  const asked = new Map<string, true>();
  const maxAsked = Math.max(16, Math.min(4096, Math.floor(maxBytes / 16 / ASKED_BYTES)));

  const heldBytes = () => probationBytes + protectedBytes + asked.size * ASKED_BYTES;
  const lookup = (key: string) => protectedEntries.get(key) ?? probation.get(key);
  const forget = (key: string) => {
    const onProbation = probation.get(key);
    if (onProbation) {
      probationBytes -= onProbation.bytes;
      probation.delete(key);
    }
    const kept = protectedEntries.get(key);
    if (kept) {
      protectedBytes -= kept.bytes;
      protectedEntries.delete(key);
    }
  };
  const oldest = (map: Map<string, Entry>) => map.keys().next().value!;
  const remember = (key: string, entry: Entry, segment: "probation" | "protected") => {
    forget(key);
    if (segment === "probation") {
      probation.set(key, entry);
      probationBytes += entry.bytes;
      while (probationBytes > maxProbationBytes) forget(oldest(probation));
    } else {
      protectedEntries.set(key, entry);
      protectedBytes += entry.bytes;
    }
    makeRoom();
  };
  const makeRoom = () => {
    while (heldBytes() > maxBytes && probation.size + protectedEntries.size > 0)
      forget(oldest(probation.size > 0 ? probation : protectedEntries));
  };

  /** Whether `key` was asked for before (its entry is here, fresh or not, or it is remembered); notes this ask. */
  const askedBefore = (key: string) => {
    const digest = crypto.createHash("sha1").update(key).digest("base64");
    const before = asked.delete(digest) || lookup(key) !== undefined;
    asked.set(digest, true);
    if (asked.size > maxAsked) asked.delete(asked.keys().next().value!);
    makeRoom();
    return before;
  };

  // Keys being compressed now: a crowd arriving meanwhile is rendered, but compressed only once.
  const pending = new Set<string>();

  // Express's `req.url` is the path a middleware mount left; the whole URL is what the page was
  // rendered for (server.ts has already reduced a catalogue page's URL to its address: page-address.ts).
  const cacheKey = (req: IncomingMessage) => requestOrigin(req, trustProxy) + ((req as Request).originalUrl ?? req.url);
  const cacheable = (req: IncomingMessage) => {
    if (req.method !== "GET" || req.headers.cookie) return false;
    const url = req.url ?? "";
    const query = url.indexOf("?");
    return isCataloguePage(query === -1 ? url : url.slice(0, query));
  };

  /** Brotli for a page asked again: made once, at the highest level, by the bounded compressor. */
  function addBrotli(key: string, entry: Entry) {
    entry.brotli = "asked";
    void compressor.compress("br", entry.bodies.identity, "urgent").then((br) => {
      if (lookup(key) !== entry) return;
      if (!br) {
        // Dropped while the compressor was behind: a later hit asks again.
        entry.brotli = "none";
        return;
      }
      entry.bodies.br = br;
      entry.brotli = "done";
      // Counted again under its new size (and room made for it if needed).
      const segment = protectedEntries.has(key) ? "protected" : "probation";
      forget(key);
      remember(key, { ...entry, bytes: entry.bytes + br.byteLength }, segment);
    });
  }

  /**
   * Responds to a hit from the bare Node request, before Express and the middleware a stored response
   * does not need (the stored headers include the security headers); `true` when it responded.
   */
  function serveHit(req: IncomingMessage, res: ServerResponse) {
    if (!cacheable(req)) return false;
    const key = cacheKey(req);
    const entry = lookup(key);
    if (!entry || entry.version !== currentVersion() || entry.expires <= Date.now()) return false;
    // Asked again: protected from a flood of pages asked once, and worth its brotli now.
    remember(key, entry, "protected");
    if (entry.brotli === "none") addBrotli(key, entry);
    const accepted = req.headers["accept-encoding"];
    const preferred = preferredEncoding(accepted);
    // Until brotli is made, the client's next best.
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

  async function store(
    key: string,
    version: string,
    status: number,
    headers: [string, string][],
    html: Buffer,
    again: boolean,
  ) {
    const hashed = withScriptHashes(html.toString("utf8"));
    const identity = Buffer.from(hashed.body, "utf8");
    // Gzip first (a few ms), by the bounded compressor: a page asked again ahead of pages asked once,
    // which are dropped when it falls behind (such a page is simply not cached this time).
    const gzip = await compressor.compress("gzip", identity, again ? "urgent" : "later");
    // The catalogue may have changed while compressing: such an entry would never be served.
    if (!gzip || version !== currentVersion()) return;
    const replayed = headers.map(([name, value]): [string, string] => [
      name,
      name === "content-security-policy" ? cspAllowingHashes(value, hashed.hashes) : value,
    ]);
    const headerBytes = replayed.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
    const entry: Entry = {
      version,
      expires: Date.now() + maxAgeMs,
      status,
      headers: replayed,
      bodies: { identity, gzip, br: undefined },
      bytes: identity.byteLength + gzip.byteLength + headerBytes + key.length + ENTRY_OVERHEAD_BYTES,
      brotli: "none",
    };
    remember(key, entry, again ? "protected" : "probation");
  }

  /** On a miss, keeps a copy of what Remix writes (before compression) and stores it once the response ends. */
  function captureMiss(req: Request, res: Response, next: NextFunction) {
    if (!cacheable(req)) return next();
    const key = cacheKey(req);
    const version = currentVersion();
    const again = askedBefore(key);
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
        store(key, version, res.statusCode, headers, Buffer.concat(chunks), again)
          .catch((error: unknown) => console.error("Could not cache a page:", error))
          .finally(() => pending.delete(key));
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  }

  return {
    serveHit,
    captureMiss,
    /** What the cache holds now, in bytes and entries (never more than `maxBytes`), and its compressor's state. */
    usage: () => ({
      bytes: heldBytes(),
      entries: probation.size + protectedEntries.size,
      protected: protectedEntries.size,
      compressor: compressor.state(),
    }),
  };
}
