import type { IncomingMessage } from "node:http";
import type { AppLoadContext } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { administratorNotice, seedDatabase } from "./seed/seed.server.ts";
import { sweepPendingUploads } from "./catalogue/admin/pending-uploads.server.ts";
import { makeMissingShareImages } from "./catalogue/share-images.server.ts";
import { startOrderNoticeWorker } from "./orders/order-notice.server.ts";
import { recordActivity, SYSTEM_ACTOR } from "./platform/activity/activity-log.server.ts";
import { closeDatabase, migrateDatabase, openDatabase } from "./platform/db/db.server.ts";
import { S3Storage, serveFromBucket, storageFromEnv } from "./platform/files/s3-storage.server.ts";
import type { AppServices } from "./platform/http/context.server.ts";
import { createShopCookies } from "./platform/http/cookies.server.ts";
import { isCrossSiteMutation } from "./platform/http/cross-site.server.ts";
import { checkReadiness } from "./platform/http/readiness.server.ts";
import { requestOrigin } from "./platform/http/request-origin.server.ts";
import { pageAddress } from "./platform/http/page-address.ts";
import { sharedCacheHeaders } from "./platform/http/shared-cache.server.ts";
import { claimDataDir, scheduleBackups } from "./platform/ops/backup-schedule.server.ts";
import { EnvError, parseEnv } from "./platform/ops/env.server.ts";
import { startReplication } from "./platform/ops/replication.server.ts";
import { cspAllowingHashes } from "./platform/render/inline-script-hashes.server.ts";
import { createPageCache } from "./platform/render/page-cache.server.ts";
import { createRenderMemo } from "./platform/render/render-memo.server.ts";
import { createOrderRateLimit } from "./platform/security/order-rate-limit.server.ts";

/** Images uploaded for a product that was never added: their files go after a day. */
const UNCLAIMED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Everything the shop runs besides responding to requests, started once per process by server.ts through
 * the server build (entry.server.tsx re-exports this), so the process has one copy of every module:
 * the environment checked, the database opened, migrated and seeded, the services every loader gets,
 * and the workers (upload sweeps, scheduled backups, new-order notices). server.ts keeps what is HTTP
 * (the server, headers, static files, shutdown) and asks this for the rest.
 */
export async function startShop() {
  const env = readEnvOrExit();
  const db = openDatabase(env.databaseFile, { busyTimeoutMs: env.SQLITE_BUSY_TIMEOUT_MS });
  migrateDatabase(db);
  const storage = storageFromEnv(env);
  const { generatedAdministrator } = await seedDatabase(db, {
    storage,
    demoData: env.DEMO_DATA,
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
  });

  const sweepUploads = () =>
    sweepPendingUploads(db, storage, UNCLAIMED_UPLOAD_MAX_AGE_MS)
      .then((swept) => swept && console.log(`Removed ${swept} unclaimed upload(s).`))
      .catch((error: unknown) => console.error("Could not sweep unclaimed uploads:", error));
  void sweepUploads();
  const sweepTimer = setInterval(sweepUploads, 60 * 60 * 1000).unref();

  // The link-preview JPEG of images stored before the shop made one (decision 051), in the background.
  const shareImagesStop = new AbortController();
  const shareImages = makeMissingShareImages(db, storage, {
    signal: shareImagesStop.signal,
    onError: (key, error) => console.error(`Could not make the share JPEG of ${key}:`, error),
  })
    .then((made) => made && console.log(`Made ${made} share JPEG(s) for images stored before they existed.`))
    .catch((error: unknown) => console.error("Could not make the missing share JPEGs:", error));

  const releaseDataDir = claimDataDir(env.dataDir);
  // Litestream streams every commit to REPLICA_URL from here on (decision 041).
  const replication = startReplication(env.databaseFile, env);
  const backups = scheduleBackups({
    db: db.$client,
    uploadsDir: env.uploadsDir,
    backupDir: env.backupDir,
    intervalHours: env.BACKUP_INTERVAL_HOURS,
    keep: env.BACKUP_KEEP,
    onBackup: (name) => recordActivity(db, SYSTEM_ACTOR, { kind: "backup.created", subject: name }),
  });
  // New-order notices to the owner, sent from the outbox after each order commits (decision 017).
  const noticeWorker = startOrderNoticeWorker(db, {
    email: env.SMTP_URL && env.ORDER_NOTIFY_EMAIL ? { smtpUrl: env.SMTP_URL, to: env.ORDER_NOTIFY_EMAIL } : undefined,
    webhook:
      env.ORDER_WEBHOOK_URL && env.ORDER_WEBHOOK_SECRET
        ? { url: env.ORDER_WEBHOOK_URL, secret: env.ORDER_WEBHOOK_SECRET }
        : undefined,
    // Emails to the shopper at each step.
    shopperEmail:
      env.SMTP_URL && env.ORDER_NOTIFY_EMAIL && env.PUBLIC_URL && env.SHOPPER_EMAILS
        ? { smtpUrl: env.SMTP_URL, from: env.SHOP_EMAIL_FROM ?? env.ORDER_NOTIFY_EMAIL, publicUrl: env.PUBLIC_URL }
        : undefined,
    retryBaseMs: env.ORDER_NOTICE_RETRY_MS,
  });
  if (noticeWorker.channels.length > 0) console.log(`Order notices by ${noticeWorker.channels.join(", ")}.`);

  const isProduction = env.NODE_ENV === "production";
  // CACHE_MEMORY_MB, half for each cache (decision 047). Production only: the dev server reloads the
  // modules on every change, and the pages change with them.
  const cacheBytes = isProduction ? Math.floor((env.CACHE_MEMORY_MB * 1024 * 1024) / 2) : 0;
  const services: AppServices = {
    db,
    storage,
    cookies: createShopCookies(env.SESSION_SECRET, { secure: env.TRUST_PROXY }),
    backupDir: env.backupDir,
    uploadsDir: env.uploadsDir,
    orderRateLimit: createOrderRateLimit({ perPhone: env.ORDER_PHONE_LIMIT, perAddress: env.ORDER_RATE_LIMIT }),
    publicUrl: env.PUBLIC_URL,
    renderMemo: cacheBytes > 0 ? createRenderMemo({ maxBytes: cacheBytes }) : undefined,
  };

  /** 403 for a request that would change data on behalf of another site. The Origin and Sec-Fetch-Site check is the shop's CSRF defence. */
  const refuseCrossSite: RequestHandler = (req, res, next) => {
    const crossSite = isCrossSiteMutation({
      method: req.method,
      path: req.path,
      ownOrigin: requestOrigin(req, env.TRUST_PROXY),
      origin: req.get("origin"),
      secFetchSite: req.get("sec-fetch-site"),
    });
    if (!crossSite) return next();
    const error = "Cross-site request refused";
    if (req.path.startsWith("/api/")) res.status(403).json({ error });
    else res.status(403).type("text/plain").send(error);
  };

  /** `GET /healthz`: the process runs and reads its database. */
  const health: RequestHandler = (_req, res) => {
    db.$client.prepare("select 1").get();
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  };

  /** `GET /readyz`: whether orders can be taken now (the database takes a write, enough free disk). */
  const readiness: RequestHandler = async (_req, res) => {
    const result = await checkReadiness(db, env.dataDir, env.MIN_FREE_MB, replication?.lagMs);
    res.set("Cache-Control", "no-store");
    if (result.ready) res.json({ status: "ready" });
    else res.status(503).json({ status: "not ready", reason: result.reason });
  };

  /** What every loader and action receives as `context`: the services and this request's facts. */
  const getLoadContext = (req: ExpressRequest, res: ExpressResponse): AppLoadContext => ({
    ...services,
    cspNonce: res.locals.cspNonce as string,
    requestId: res.locals.requestId as string,
    clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
    untilClientCatchesUp: () => untilDrained(res),
    allowInlineScriptsByHash: (hashes) => {
      const csp = res.getHeader("Content-Security-Policy");
      if (typeof csp === "string") res.setHeader("Content-Security-Policy", cspAllowingHashes(csp, hashes));
    },
    serverHtml: new Map(),
  });

  let stopped = false;
  return {
    config: {
      nodeEnv: env.NODE_ENV,
      port: env.PORT,
      host: env.HOST,
      dataDir: env.dataDir,
      uploadsDir: env.uploadsDir,
      trustProxy: env.TRUST_PROXY,
      /** Where images come from besides this shop (S3_PUBLIC_URL's origin), for the CSP's img-src. */
      imageOrigins: env.STORAGE === "s3" && env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : [],
    },
    /** `GET /uploads/…` from the bucket when STORAGE=s3 and no CDN serves it; undefined: the local disk. */
    serveUploads: storage instanceof S3Storage && !env.S3_PUBLIC_URL ? serveFromBucket(storage) : undefined,
    /** Cache-Control and Vary: Cookie for pages, so a shared cache keeps only cookieless catalogue pages. */
    sharedCacheHeaders,
    /** Anonymous visitors' shopper pages, cached until the catalogue changes (production only). */
    pageCache: cacheBytes > 0 ? createPageCache(db, { trustProxy: env.TRUST_PROXY, maxBytes: cacheBytes }) : undefined,
    /**
     * Reduces a catalogue page's request target to its address, the path and the parameters the
     * page reads (page-address.ts), before anything reads it: what the loaders see and the caches key by.
     */
    toPageAddress(req: IncomingMessage) {
      if ((req.method === "GET" || req.method === "HEAD") && req.url) req.url = pageAddress(req.url);
    },
    refuseCrossSite,
    health,
    readiness,
    getLoadContext,
    /** The framed first-start notice of a generated administrator password, or undefined. */
    administratorNotice: (adminUrl: string) =>
      generatedAdministrator ? administratorNotice(generatedAdministrator, adminUrl) : undefined,
    /** Stops the workers (a backup or notice in flight finishes first), closes the database, frees DATA_DIR. */
    async stop({ wait = true } = {}) {
      if (stopped) return;
      stopped = true;
      clearInterval(sweepTimer);
      shareImagesStop.abort();
      if (wait) {
        // The image in hand finishes before the database closes under the pass.
        await shareImages;
        await backups.stop();
        await noticeWorker.stop();
      }
      closeDatabase(db);
      // After the database is closed: Litestream ships the last commits, then exits.
      await replication?.stop({ wait });
      releaseDataDir();
    },
  };
}

export type RunningShop = Awaited<ReturnType<typeof startShop>>;

function readEnvOrExit() {
  try {
    return parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Resolves when the response's socket has taken what was written (or the client has gone). Remix
 * writes a streamed body as fast as it is produced; a long download waits on this between reads.
 * The socket's own "drain" is used because compression reroutes the response's.
 */
function untilDrained(res: ExpressResponse) {
  if (!res.writableNeedDrain || res.destroyed || !res.socket) return Promise.resolve();
  const socket = res.socket;
  return new Promise<void>((resolve) => {
    const done = () => {
      socket.off("drain", done);
      socket.off("close", done);
      resolve();
    };
    socket.on("drain", done);
    socket.on("close", done);
  });
}
