import crypto from "node:crypto";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import { withScriptHashes } from "./inline-script-hashes.server.ts";
import type { Encoding } from "./page-cache.server.ts";

/**
 * Renders of the catalogue's pages, cached by what they were rendered from (decision 029).
 *
 * A catalogue page (`isCataloguePage`) is a pure function of its URL and its loader data: the
 * loaders read the shopper's cart, flash and the catalogue, the components read nothing else. So
 * for a shopper with a cookie, whose loaders still run on every request, the page they produce has
 * already been rendered whenever the same URL had the same loader data before: the same listing with
 * the same number in the cart badge, for this shopper or any other. The key is a hash of exactly
 * those inputs (the URL, Remix's handoff and the serialised loader data, byte for byte), so a
 * remembered render is never stale: a changed stock, price or cart changes the data and so the key.
 *
 * Like the page cache, an entry carries no response's nonce (its inline scripts are allowed by
 * hash) and is compressed once per encoding a client asks for, when a client asks for it again.
 * Bounded by bytes counted in what it really holds (every encoding's body and the hashes),
 * least recently used first (its share of CACHE_MEMORY_MB, decision 047); an outsized page (a long
 * Show More listing) is never cached. Its URL part is the page's address (`page-address.ts`), so a
 * shared link's tracking parameters make no render of their own.
 */

export type MemoEntry = {
  key: string;
  hashes: string[];
  /** As sent: copied once into their own buffers, so a hit hands them to a Response as they are. */
  bodies: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
};

export type RenderMemo = ReturnType<typeof createRenderMemo>;

export type RenderMemoOptions = { maxBytes?: number; maxEntryBytes?: number };

/** Level 5 brotli: within 10% of the smallest for a page, at a fiftieth of level 11's time. */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/** What an entry holds: its body in every encoding made so far, and its hashes (its 44-byte key aside). */
const sizeOf = (entry: MemoEntry) =>
  Object.values(entry.bodies).reduce((sum, body) => sum + body.byteLength, 0) +
  entry.hashes.reduce((sum, hash) => sum + hash.length, 0);

export function createRenderMemo({ maxBytes = 32 * 1024 * 1024, maxEntryBytes = 512 * 1024 }: RenderMemoOptions = {}) {
  const entries = new LRUCache<string, MemoEntry>({ maxSize: maxBytes, sizeCalculation: sizeOf });

  return {
    /** The key of a render: each part in turn, with its length, so no two lists of parts share one. */
    keyOf(parts: (string | Uint8Array)[]) {
      const hash = crypto.createHash("sha256");
      for (const part of parts)
        hash.update(`${typeof part === "string" ? part.length : part.byteLength}:`).update(part);
      return hash.digest("base64");
    },

    /** A remembered render, or undefined; `remember` what a miss renders. */
    get(key: string) {
      return entries.get(key);
    },

    /** What the memo holds now, in bytes (never more than `maxBytes`) and entries. */
    usage() {
      return { bytes: entries.calculatedSize, entries: entries.size };
    },

    /** Caches a page rendered for this key, without its nonces; undefined when too big to cache. */
    remember(key: string, html: string): MemoEntry | undefined {
      const { body, hashes } = withScriptHashes(html);
      const identity = new TextEncoder().encode(body);
      if (identity.byteLength > maxEntryBytes) return undefined;
      const entry: MemoEntry = { key, hashes, bodies: { identity } };
      entries.set(key, entry);
      return entry;
    },

    /**
     * The entry's body in this encoding, compressed the first time it is sent so (about half a
     * millisecond for a listing, what compressing each response used to cost) and cached after.
     */
    body(entry: MemoEntry, encoding: Encoding) {
      let body = entry.bodies[encoding];
      if (!body) {
        const identity = entry.bodies.identity!;
        body = new Uint8Array(
          encoding === "br" ? zlib.brotliCompressSync(identity, BROTLI_OPTIONS) : zlib.gzipSync(identity),
        );
        entry.bodies[encoding] = body;
        // Stored again as a new object: the cache sizes an entry only when a different value is set,
        // so this counts the new bytes (and drops the least recently used if it must).
        if (entries.has(entry.key)) entries.set(entry.key, { ...entry });
      }
      return body;
    },
  };
}
