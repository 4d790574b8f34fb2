import os from "node:os";
import { defineConfig } from "vitest/config";
import { linguiPlugins } from "./lingui.vite.ts";

/**
 * Files whose tests hold a time budget (a median of nine against a limit in ms) or a memory one (a
 * server's growth under a flood): they run first, one at a time with nothing else running, so
 * another file's server cannot push them over it.
 */
const TIMED = [
  "tests/unit/overview.test.ts",
  "tests/unit/product-listing.test.ts",
  "tests/unit/returns.test.ts",
  "tests/integration/flood.test.ts",
];

// Unit tests run the server modules directly; the Remix plugin is for the app build only.
export default defineConfig({
  plugins: linguiPlugins(),
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Most files wait on a server in another process (the integration tests) or on the disk: more
    // forks than cores keeps both cores busy. Vitest's default is one fewer than the cores.
    maxWorkers: Number(process.env.VITEST_WORKERS) || os.availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          name: "timed",
          include: TIMED,
          sequence: { groupOrder: 0 },
          poolOptions: { forks: { singleFork: true } },
        },
      },
      {
        extends: true,
        test: {
          name: "main",
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
          exclude: TIMED,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
