import type { ShopCookies } from "./cookies.server.ts";
import type { Db } from "../db/db.server.ts";
import type { OrderRateLimit } from "../security/order-rate-limit.server.ts";
import type { Storage } from "../files/storage.server.ts";
import type { RenderMemo } from "../render/render-memo.server.ts";

/** What server.ts builds once at start and every loader and action receives as `context`. */
export type AppServices = {
  db: Db;
  storage: Storage;
  cookies: ShopCookies;
  /** Where backups are written (BACKUP_DIR); the Overview offers the newest for download. */
  backupDir: string;
  /** The product images (DATA_DIR/uploads): 'Back up now' archives them with the database. */
  uploadsDir: string;
  /** The fake-order rate limit (ORDER_PHONE_LIMIT, ORDER_RATE_LIMIT) the checkout and order/createOrder share. */
  orderRateLimit: OrderRateLimit;
  /** PUBLIC_URL without its trailing slash, for links in messages to shoppers; undefined when unset. */
  publicUrl?: string;
  /**
   * Renders of catalogue pages for shoppers with a cookie (decision 029), within its share of
   * CACHE_MEMORY_MB; undefined (development, or CACHE_MEMORY_MB=0): every page is rendered afresh.
   */
  renderMemo?: RenderMemo;
};

declare module "@remix-run/node" {
  interface AppLoadContext extends AppServices {
    /** The per-request Content-Security-Policy nonce for inline scripts. */
    cspNonce: string;
    /** Logged with every unexpected error and shown to the client instead of a stack trace. */
    requestId: string;
    /** The client's address (from X-Forwarded-For only when TRUST_PROXY is on). */
    clientAddress: string;
    /**
     * Resolves once the client has taken what was written so far (or has gone): a long download
     * waits on it before reading more rows, since Remix writes a body without waiting for drain.
     */
    untilClientCatchesUp: () => Promise<void>;
    /**
     * This response's Content-Security-Policy allows inline scripts by these `'sha256-…'` hashes
     * instead of its nonce: for a page sent again as it was cached (the render memo).
     */
    allowInlineScriptsByHash: (hashes: string[]) => void;
    /**
     * Markup a loader drew for a part of the layout the browser never redraws, by the part's id
     * (`ServerHtml`, app/platform/render/server-html.tsx); the document renderer hands it to the parts.
     */
    serverHtml?: Map<string, string>;
  }
}
