import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import morgan from "morgan";
import type { AppServices } from "./app/platform/http/context.server.ts";
import { claimDataDir, scheduleBackups } from "./app/platform/ops/backup-schedule.server.ts";
import { createShopCookies } from "./app/platform/http/cookies.server.ts";
import { isCrossSiteMutation } from "./app/platform/http/cross-site.server.ts";
import { closeDatabase, migrateDatabase, openDatabase } from "./app/platform/db/db.server.ts";
import { EnvError, parseEnv } from "./app/platform/ops/env.server.ts";
import { cspAllowingHashes } from "./app/platform/render/inline-script-hashes.server.ts";
import { createPageCache } from "./app/platform/render/page-cache.server.ts";
import { checkReadiness } from "./app/platform/http/readiness.server.ts";
import { createOrderBrake } from "./app/platform/security/order-rate-limit.server.ts";
import { requestOrigin } from "./app/platform/http/request-origin.server.ts";
import { startOrderNoticeWorker } from "./app/orders/order-notice.server.ts";
import { sweepPendingUploads } from "./app/catalogue/pending-uploads.server.ts";
import { LocalDiskStorage } from "./app/platform/files/storage.server.ts";
import { recordActivity, SYSTEM_ACTOR } from "./app/overview/activity.server.ts";
import { administratorNotice, seedDatabase } from "./db/seed.ts";

function loadEnv() {
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

const env = loadEnv();
const isProduction = env.NODE_ENV === "production";
/** The production build's folder (vite.config.ts writes it there too); tests may point elsewhere. */
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

const db = openDatabase(env.databaseFile, { busyTimeoutMs: env.SQLITE_BUSY_TIMEOUT_MS });
migrateDatabase(db);
const storage = new LocalDiskStorage(env.uploadsDir);
const { generatedAdministrator } = await seedDatabase(db, {
  storage,
  demoData: env.DEMO_DATA,
  admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
});

// Images uploaded for a product that was never added: their files go after a day.
const UNCLAIMED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const sweepUploads = () =>
  sweepPendingUploads(db, storage, UNCLAIMED_UPLOAD_MAX_AGE_MS)
    .then((swept) => swept && console.log(`Removed ${swept} unclaimed upload(s).`))
    .catch((error: unknown) => console.error("Could not sweep unclaimed uploads:", error));
void sweepUploads();
setInterval(sweepUploads, 60 * 60 * 1000).unref();

const releaseDataDir = claimDataDir(env.dataDir);
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
  retryBaseMs: env.ORDER_NOTICE_RETRY_MS,
});
if (noticeWorker.channels.length > 0) console.log(`New-order notices by ${noticeWorker.channels.join(" and ")}.`);

const services: AppServices = {
  db,
  storage,
  cookies: createShopCookies(env.SESSION_SECRET, { secure: env.TRUST_PROXY }),
  backupDir: env.backupDir,
  orderBrake: createOrderBrake({ perPhone: env.ORDER_PHONE_LIMIT, perAddress: env.ORDER_RATE_LIMIT }),
};

const viteDevServer = isProduction
  ? undefined
  : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

const app = express();
app.disable("x-powered-by");
if (env.TRUST_PROXY) app.set("trust proxy", 1); // one hop: the address our proxy saw, never one the client wrote into X-Forwarded-For

// Every request's id is set before anything answers (handleRequest, below).
app.use((_req, res, next) => {
  res.locals.requestId = res.getHeader("X-Request-Id");
  next();
});
app.use(
  morgan(":method :url :status :response-time[0] ms", {
    skip: (req) => !isProduction && req.url.startsWith("/@"),
  }),
);

// Anonymous visitors' shopper pages, kept until the catalogue changes (app/platform/render/page-cache.server.ts):
// a hit is answered by handleRequest before Express, stored with its security headers and compressed.
const pageCache = isProduction ? createPageCache(db, { trustProxy: env.TRUST_PROXY }) : undefined;

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});

app.use(
  helmet({
    // Vite's dev client needs inline and eval'd scripts; production gets the strict policy.
    contentSecurityPolicy: isProduction && {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: env.TRUST_PROXY ? [] : null,
      },
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS belongs to whoever terminates HTTPS; over plain HTTP it would only mislead.
    strictTransportSecurity: env.TRUST_PROXY,
    crossOriginEmbedderPolicy: false,
  }),
);
app.use(compression());

/** A missing static file is a plain 404, not an error with a stack in the log. */
function plainNotFound(
  error: { status?: number },
  _req: express.Request,
  res: express.Response,
  _next: express.NextFunction,
) {
  res
    .status(error.status ?? 404)
    .type("text/plain")
    .send("Not Found");
}

app.get("/healthz", (_req, res) => {
  db.$client.prepare("select 1").get();
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});

// Whether orders can be taken now (the database takes a write, enough free disk): for monitors.
app.get("/readyz", async (_req, res) => {
  const readiness = await checkReadiness(db, env.dataDir, env.MIN_FREE_MB);
  res.set("Cache-Control", "no-store");
  if (readiness.ready) res.json({ status: "ready" });
  else res.status(503).json({ status: "not ready", reason: readiness.reason });
});

app.use(
  "/uploads",
  express.static(env.uploadsDir, {
    index: false,
    dotfiles: "deny",
    redirect: false,
    fallthrough: false,
    immutable: true,
    maxAge: "1y",
    // send's MIME table has no .avif and would answer application/octet-stream.
    setHeaders: (res, file) => {
      if (file.endsWith(".avif")) res.setHeader("Content-Type", "image/avif");
    },
  }),
  plainNotFound,
);

app.use((req, res, next) => {
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
});

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // A missing hashed asset (an old page after a deploy) is a plain 404, not the shop's HTML page.
  app.use(
    "/assets",
    express.static(path.join(buildDir, "client/assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
    }),
    plainNotFound,
  );
  // Only a path naming a file (favicon.svg, brand logos) can be one: a page skips the disk lookup.
  const publicFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
}

// A miss keeps a copy of the page Remix renders, before compression.
if (pageCache) app.use(pageCache.captureMiss);

/**
 * Resolves when the response's socket has taken what was written (or the client has gone). Remix
 * writes a streamed body as fast as it is produced; a long download waits on this between reads.
 * The socket's own "drain" is used because compression reroutes the response's.
 */
function untilDrained(res: express.Response) {
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

const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
  : ((await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild);

app.all(
  "*",
  createRequestHandler({
    build,
    mode: env.NODE_ENV,
    getLoadContext: (req, res) => ({
      ...services,
      cspNonce: res.locals.cspNonce as string,
      requestId: res.locals.requestId as string,
      clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
      untilClientCatchesUp: () => untilDrained(res),
      allowInlineScriptsByHash: (hashes) => {
        const csp = res.getHeader("Content-Security-Policy");
        if (typeof csp === "string") res.setHeader("Content-Security-Policy", cspAllowingHashes(csp, hashes));
      },
    }),
  }),
);

/**
 * Each request gets its id; a page-cache hit is answered at once, logged in the request log's own
 * format (it is synchronous: 0 ms), and everything else goes to Express.
 */
function handleRequest(req: http.IncomingMessage, res: http.ServerResponse) {
  res.setHeader("X-Request-Id", crypto.randomUUID());
  let answered = false;
  try {
    answered = pageCache?.serveHit(req, res) ?? false;
  } catch (error) {
    // A failing database under the cache's version check: Express and Remix answer it as usual.
    console.error("Page cache:", error);
  }
  if (answered) process.stdout.write(`${req.method} ${req.url} ${res.statusCode} 0 ms\n`);
  else if (!res.headersSent) app(req, res);
}

const server = http.createServer(handleRequest).listen(env.PORT, env.HOST, () => {
  const shown = env.HOST === "0.0.0.0" ? "localhost" : env.HOST;
  console.log(`Open-box shop listening on http://${shown}:${env.PORT} (data in ${env.dataDir})`);
  // Last, framed: the one line a first start must not lose among the others.
  if (generatedAdministrator)
    console.log(administratorNotice(generatedAdministrator, `http://${shown}:${env.PORT}/admin`));
});
server.on("error", (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === "EADDRINUSE" ? `Port ${env.PORT} is already in use: set PORT to a free port` : error.message,
  );
  process.exit(1);
});

let shuttingDown = false;
function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal} received: finishing in-flight requests`);
  // Stop accepting; idle keep-alive sockets close now, busy ones after their answer.
  server.close(async () => {
    await backups.stop();
    await noticeWorker.stop();
    closeDatabase(db);
    releaseDataDir();
    void viteDevServer?.close();
    console.log("Closed the database; bye.");
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => {
    console.error("In-flight requests did not finish within 10 s; exiting.");
    closeDatabase(db);
    releaseDataDir();
    process.exit(1);
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
