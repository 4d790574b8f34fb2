import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import fs from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import { defineConfig, type Plugin, transformWithEsbuild } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { linguiPlugins } from "./lingui.vite.ts";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const SHARED_RUNTIME =
  /\/node_modules\/(?:react|react-dom|scheduler|@remix-run\/react|@remix-run\/router|react-router|react-router-dom|turbo-stream|@lingui\/core|@lingui\/react)\//;
/**
 * What the document renders on every page (the language plumbing, the error screen) and the
 * smallest helpers of nearly every shopper page (the button, the lira, digits), with the runtime
 * rather than as chunks of a few hundred bytes, each a request and compressed worse.
 */
const EVERY_PAGE =
  /\/app\/(?:i18n\/(?!locales\/)[\w-]+|shell\/error-screen|catalogue\/shown-text|checkout\/components\/line-notes|ui\/(?:button|lira)|utils\/(?:lira|digits))\.tsx?$/;

/** The shopper's pages (their route modules), whose shared code rides in the runtime chunk. */
const SHOPPER_ROUTE = /\/app\/(?:root|routes\/(?:_index|shop\.|cart|checkout|track|condition-guide|\$))[^/]*\.tsx$/;

/**
 * The pages a shopper reaches only to buy. Code that only they share (the order summary, the
 * discount code form: 1.6 to 1.8 KB gzip) loads with them, in one chunk of its own, not with every
 * page a shopper browses.
 */
const BUYING_ROUTE = /\/app\/routes\/(?:cart|checkout)[^/]*\.tsx$/;

/**
 * The pages that list products as cards, the home page's rows and `/shop`'s grid. The code only they
 * share (the card list, drawn once on the server and hydrated as it arrived, with its prefetch on
 * intent: about 1 KB gzip) loads with them, in a chunk of its own, not with every page.
 */
const LISTING_ROUTE = /\/app\/routes\/(?:_index|shop\._index)\.tsx$/;

type ModuleInfo = { importers: readonly string[]; isEntry: boolean } | null;

/**
 * The app's own modules that the document draws on every page (the root route's imports: the
 * header, search box, footer, toasts) or that two or more shopper pages share and no admin page
 * uses (the product card, price, icons), unless only the cart and checkout share it. In one chunk with the runtime they are one request and
 * compress together (measured: about 1.4 KB gzip less on `/shop` than as a dozen chunks of 0.1 to
 * 1.3 KB each). Code an admin page uses too (the form hooks and Conform, 10 KB) stays in its own
 * chunk, loaded only by the pages with such a form: counting shopper pages alone put it on every page.
 */
function shopperShared(
  id: string,
  getModuleInfo: (id: string) => ModuleInfo,
): "runtime" | "buying" | "listing" | undefined {
  if (!id.includes("/app/") || SHOPPER_ROUTE.test(id) || /\/routes\//.test(id) || /\/locales\//.test(id))
    return undefined;
  const routes = new Set<string>();
  const seen = new Set<string>();
  const climb = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    for (const importer of getModuleInfo(module)?.importers ?? []) {
      if (/\/app\/(?:root\.tsx|routes\/)/.test(importer)) routes.add(importer);
      else climb(importer);
    }
  };
  climb(id);
  const shopper = [...routes].filter((route) => SHOPPER_ROUTE.test(route));
  const admin = routes.size - shopper.length;
  if (shopper.some((route) => route.endsWith("/root.tsx"))) return "runtime";
  if (shopper.length < 2 || admin > 0) return undefined;
  if (shopper.every((route) => BUYING_ROUTE.test(route))) return "buying";
  return shopper.every((route) => LISTING_ROUTE.test(route)) ? "listing" : "runtime";
}

/**
 * server.ts compiled beside the server build, as `server.js`: production and the tests run it on
 * plain Node, without tsx's loader between the process and every module it imports (a boot took
 * 3.6 CPU-s through tsx, 1.9 compiled; decision 066). `npm run dev` still runs server.ts through tsx.
 */
function compiledServerEntry(buildDirectory: string): Plugin {
  return {
    name: "compiled-server-entry",
    apply: "build",
    async writeBundle() {
      const source = await fs.readFile("server.ts", "utf8");
      const { code } = await transformWithEsbuild(source, "server.ts", {
        loader: "ts",
        format: "esm",
        target: "node20",
      });
      await fs.writeFile(path.join(buildDirectory, "server.js"), code);
    },
  };
}

/** Where the build goes: BUILD_DIR lets several checkouts' builds and test runs live side by side. */
const buildDirectory = process.env.BUILD_DIR ?? "build";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    ...linguiPlugins(),
    tailwindcss(),
    remix({
      buildDirectory,
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    // The browser's scripts and styles beside their brotli and gzip copies, compressed once here at the
    // highest levels; server.ts serves the copy the browser accepts.
    ...(isSsrBuild
      ? [compiledServerEntry(buildDirectory)]
      : [
          compression({
            include: /\.(?:js|css|svg)$/,
            threshold: 1024,
            algorithms: [
              defineAlgorithm("gzip", { level: 9 }),
              defineAlgorithm("brotliCompress", { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            ],
            logLevel: "silent",
          }),
        ]),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  optimizeDeps: {
    include: ["react", "react-dom", "@remix-run/react", "@conform-to/react", "@conform-to/zod/v4", "zod"],
    exclude: ["@remix-run/node", "better-sqlite3", "drizzle-orm", "sharp"],
  },
  build: {
    target: "es2022",
    // The browser's code through Terser (two passes, ES modules): 4 to 5 KB gzip less per page than
    // esbuild's minifier. The server's stays unminified, readable in a stack trace.
    minify: isSsrBuild ? false : "terser",
    terserOptions: { module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
    rollupOptions: {
      output: {
        // React, the router and Lingui in one long-cached chunk that every page shares.
        manualChunks: (id, { getModuleInfo }) =>
          SHARED_RUNTIME.test(id) || EVERY_PAGE.test(id) ? "runtime" : shopperShared(id, getModuleInfo),
      },
      onwarn(warning, warn) {
        // Zod ships /*#__PURE__*/ notes where Rollup cannot use them; it drops them, harmlessly.
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return;
        // Resource routes (the /api/ calls, feeds) have no browser code, so their client chunk is empty by design.
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
}));
