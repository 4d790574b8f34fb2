import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
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
 * smallest helpers of nearly every shopper page, with the runtime rather than as chunks of a few
 * hundred bytes, each a request and compressed worse.
 */
const EVERY_PAGE =
  /\/app\/(?:i18n\/(?!arabic-pages|locales\/)[\w-]+|shell\/error-screen|catalogue\/shown-text|checkout\/components\/line-notes)\.tsx?$/;

export default defineConfig({
  plugins: [
    ...linguiPlugins(),
    tailwindcss(),
    remix({
      // BUILD_DIR lets several checkouts' builds and test runs live side by side; default build/.
      buildDirectory: process.env.BUILD_DIR ?? "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  optimizeDeps: {
    include: ["react", "react-dom", "@remix-run/react", "@conform-to/react", "@conform-to/zod/v4", "zod"],
    exclude: ["@remix-run/node", "better-sqlite3", "drizzle-orm", "sharp"],
  },
  build: {
    target: "es2022",
    rollupOptions: {
      output: {
        // React, the router and Lingui in one long-cached chunk that every page shares.
        manualChunks: (id) => (SHARED_RUNTIME.test(id) || EVERY_PAGE.test(id) ? "runtime" : undefined),
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
});
