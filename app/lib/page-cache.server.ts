import type { NextFunction, Request, Response } from "express";
import type { Db } from "./db.server.ts";
import { requestOrigin } from "./request-origin.server.ts";

/**
 * The shopper pages an anonymous visitor sees (no cookie at all: no cart, no flash message, no
 * admin session) depend only on the URL, the catalogue and the shop's settings (the footer's
 * phone and links, the returns policy on product pages). Their rendered answers are kept in
 * memory and served again until any of those change, so a crowd of first-time visitors costs one
 * render per page, not one per visit. Anyone with a cookie always gets a fresh render.
 *
 * Exact, never stale: every write to the tables these pages read bumps a counter (temporary
 * triggers on this connection calling back into JavaScript), and SQLite's `data_version` tells
 * when another connection (a script, a test, a backup restore) committed. Entries also expire,
 * so the home page's random carousel picks keep changing. The memory they hold is bounded: the
 * least recently used go first once the byte budget is spent, and an outsized page (a long Show
 * More listing) is never kept, so made-up query strings cannot fill the process.
 */

/** `/`, `/shop`, a product page, and their single-fetch `.data` twins for client navigations. */
const CACHEABLE_PATH = /^\/(?:_root\.data|shop(?:\.data)?|shop\/product\/\d+(?:\.data)?)?$/;
/** Headers of the render worth replaying; security headers and the request id are set afresh. */
const REPLAYED_HEADERS = ["content-type", "cache-control", "link"];
/** What these pages read: a write to any of them drops every kept page. */
const PAGE_TABLES = ["products", "product_images", "categories", "settings"];

type Entry = { version: string; expires: number; status: number; headers: [string, string][]; body: string; nonce: string | undefined };

export type PageCacheOptions = { maxBytes?: number; maxEntryBytes?: number; maxAgeMs?: number };

export function createPageCache(db: Db, { maxBytes = 32 * 1024 * 1024, maxEntryBytes = 512 * 1024, maxAgeMs = 30_000 }: PageCacheOptions = {}) {
  let ownWrites = 0;
  const sqlite = db.$client;
  sqlite.function("page_cache_catalogue_changed", { deterministic: false }, () => {
    ownWrites += 1;
    return null;
  });
  for (const table of PAGE_TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      sqlite.exec(
        `create temp trigger if not exists page_cache_${table}_${event} after ${event} on main.${table} begin select page_cache_catalogue_changed(); end`,
      );
    }
  }
  const dataVersion = sqlite.prepare("pragma data_version").pluck();
  const catalogueVersion = () => `${ownWrites}:${dataVersion.get() as number}`;

  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };
  const remember = (key: string, entry: Entry) => {
    forget(key);
    entries.set(key, entry);
    bytes += entry.body.length;
    while (bytes > maxBytes) forget(entries.keys().next().value!);
  };

  function serve(res: Response, entry: Entry) {
    const nonce = res.locals.cspNonce as string | undefined;
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", "hit");
    // Each answer carries its own CSP nonce, the one the Content-Security-Policy header names.
    res.send(entry.nonce && nonce ? entry.body.replaceAll(entry.nonce, nonce) : entry.body);
  }

  function capture(key: string, version: string, res: Response) {
    let chunks: Buffer[] | null = [];
    let size = 0;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (!chunks || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const part = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);
      size += part.length;
      // Too big to keep: stop holding a copy of it at once.
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
      if (chunks && res.statusCode === 200 && !res.hasHeader("set-cookie")) {
        remember(key, {
          version,
          expires: Date.now() + maxAgeMs,
          status: res.statusCode,
          headers: REPLAYED_HEADERS.flatMap((name) => {
            const value = res.getHeader(name);
            return value === undefined ? [] : [[name, String(value)] as [string, string]];
          }),
          body: Buffer.concat(chunks).toString("utf8"),
          nonce: res.locals.cspNonce as string | undefined,
        });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" || req.headers.cookie || !CACHEABLE_PATH.test(req.path)) return next();
    // Pages name their own origin (canonical links, JSON-LD): the key holds the origin the page
    // will be rendered with, so a forged X-Forwarded-Host only ever fills its own entry.
    const key = requestOrigin(req) + req.originalUrl;
    const version = catalogueVersion();
    const entry = entries.get(key);
    if (entry && entry.version === version && entry.expires > Date.now()) {
      remember(key, entry);
      return serve(res, entry);
    }
    res.setHeader("X-Page-Cache", "miss");
    capture(key, version, res);
    next();
  }

  return { middleware };
}
