import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import morgan from "morgan";

/**
 * The HTTP server: request ids, the request log, security headers, compression, static files, the
 * Remix handler and shutdown. It reaches the app only through the server build: the build's entry
 * module exports `startShop` (app/start-shop.server.ts), which checks the environment,
 * opens the database and starts the workers, so the process holds one copy of every app module.
 */

/** What server.ts uses of the build's entry module (tests/unit/server-contract.test.ts checks it). */
export type ShopEntry = { startShop: () => Promise<RunningShop> };
export type RunningShop = {
  config: {
    nodeEnv: string;
    port: number;
    host: string;
    dataDir: string;
    uploadsDir: string;
    trustProxy: boolean;
    imageOrigins: string[];
  };
  pageCache?: {
    captureMiss: express.RequestHandler;
    serveHit: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
  };
  toPageAddress: (req: http.IncomingMessage) => void;
  refuseCrossSite: express.RequestHandler;
  serveUploads?: express.RequestHandler;
  sharedCacheHeaders: express.RequestHandler;
  health: express.RequestHandler;
  readiness: express.RequestHandler;
  getLoadContext: (req: express.Request, res: express.Response) => AppLoadContext;
  administratorNotice: (adminUrl: string) => string | undefined;
  stop: (options?: { wait?: boolean }) => Promise<void>;
};

// The same default as the environment check (app/platform/ops/env.server.ts): production unless told.
const isProduction = (process.env.NODE_ENV ?? "production") === "production";
/** The production build's folder (vite.config.ts writes it there too); tests may point elsewhere. */
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

const viteDevServer = isProduction
  ? undefined
  : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));
const loadBuild = async () =>
  (viteDevServer
    ? await viteDevServer.ssrLoadModule("virtual:remix/server-build")
    : await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;

const productionBuild = isProduction ? await loadBuild() : undefined;
const entry = (productionBuild ?? (await loadBuild())).entry.module as unknown as ShopEntry;
const shop = await entry.startShop();
const { config } = shop;

const app = express();
app.disable("x-powered-by");
if (config.trustProxy) app.set("trust proxy", 1); // one hop: the address our proxy saw, never one the client wrote into X-Forwarded-For

// Every request's id is set before anything responds (handleRequest, below).
app.use((_req, res, next) => {
  res.locals.requestId = res.getHeader("X-Request-Id");
  next();
});
app.use(
  morgan(":method :url :status :response-time[0] ms", {
    skip: (req) => !isProduction && req.url.startsWith("/@"),
  }),
);

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
        imgSrc: ["'self'", "data:", "blob:", ...config.imageOrigins],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: config.trustProxy ? [] : null,
      },
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS belongs to whoever terminates HTTPS; over plain HTTP it would only mislead.
    strictTransportSecurity: config.trustProxy,
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

app.get("/healthz", shop.health);
app.get("/readyz", shop.readiness);

app.use(
  "/uploads",
  shop.serveUploads ??
    express.static(config.uploadsDir, {
      index: false,
      dotfiles: "deny",
      redirect: false,
      fallthrough: false,
      immutable: true,
      maxAge: "1y",
      // send's MIME table has no .avif and would respond application/octet-stream.
      setHeaders: (res, file) => {
        if (file.endsWith(".avif")) res.setHeader("Content-Type", "image/avif");
      },
    }),
  plainNotFound,
);

app.use(shop.refuseCrossSite);

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // A missing hashed asset (an old page after a deploy) is a plain 404, not the shop's HTML page.
  // The scripts and styles are compressed once, at build time (brotli 11 and gzip 9, vite.config.ts):
  // a visitor's first page costs the server a file read, not a compression of every script.
  app.use(
    "/assets",
    expressStaticGzip(path.join(buildDir, "client/assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", index: false, fallthrough: false },
    }),
    plainNotFound,
  );
  // Only a path naming a file (favicon.svg, brand logos) can be one: a page skips the disk lookup.
  const publicFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
}

// Anonymous visitors' shopper pages (app/platform/render/page-cache.server.ts): a miss keeps a copy
// of the page Remix renders, before compression; a hit is served by handleRequest, before Express.
// Cache-Control and Vary: Cookie for every page: public for cookieless catalogue pages, else private.
app.use(shop.sharedCacheHeaders);
if (shop.pageCache) app.use(shop.pageCache.captureMiss);

app.all(
  "*",
  createRequestHandler({
    // The dev server loads the build anew for each request (its modules change under it).
    build: productionBuild ?? loadBuild,
    mode: config.nodeEnv,
    getLoadContext: shop.getLoadContext,
  }),
);

/**
 * Each request gets its id; a catalogue page's URL becomes its address (the path and the parameters
 * the page reads: a shared link's fbclid changes nothing); a page-cache hit is served at once, logged
 * in the request log's own format (it is synchronous: 0 ms), and everything else goes to Express.
 */
function handleRequest(req: http.IncomingMessage, res: http.ServerResponse) {
  res.setHeader("X-Request-Id", crypto.randomUUID());
  shop.toPageAddress(req);
  let served = false;
  try {
    served = shop.pageCache?.serveHit(req, res) ?? false;
  } catch (error) {
    // A failing database under the cache's version check: Express and Remix respond as usual.
    console.error("Page cache:", error);
  }
  if (served) process.stdout.write(`${req.method} ${req.url} ${res.statusCode} 0 ms\n`);
  else if (!res.headersSent) app(req, res);
}

const server = http.createServer(handleRequest).listen(config.port, config.host, () => {
  const shown = config.host === "0.0.0.0" ? "localhost" : config.host;
  console.log(`Open-box shop listening on http://${shown}:${config.port} (data in ${config.dataDir})`);
  // Last, framed: the one line a first start must not lose among the others.
  const notice = shop.administratorNotice(`http://${shown}:${config.port}/admin`);
  if (notice) console.log(notice);
});
server.on("error", (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === "EADDRINUSE" ? `Port ${config.port} is already in use: set PORT to a free port` : error.message,
  );
  process.exit(1);
});

let shuttingDown = false;
function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal} received: finishing in-flight requests`);
  // Stop accepting; idle keep-alive sockets close now, busy ones after their response.
  server.close(async () => {
    await shop.stop();
    void viteDevServer?.close();
    console.log("Closed the database; bye.");
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => {
    console.error("In-flight requests did not finish within 10 s; exiting.");
    void shop.stop({ wait: false }).finally(() => process.exit(1));
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
