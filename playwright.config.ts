import os from "node:os";
import { defineConfig, devices } from "@playwright/test";

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

/**
 * Every worker starts its own shop server with its own DATA_DIR (the `shop` fixture in
 * tests/e2e/fixtures.ts), so tests run fully parallel. A worker is a Chromium plus a server:
 * WORKERS_PER_CORE_DEFAULT of them per core kept the machine busy without starving either.
 */
const WORKERS_PER_CORE_DEFAULT = 1.5;
const workers =
  Number(process.env.E2E_WORKERS) || Math.max(1, Math.round(os.availableParallelism() * WORKERS_PER_CORE_DEFAULT));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers,
  retries: 0,
  // Workers share the cores, so one step can take a few times what it takes alone; a wait for a
  // condition returns as soon as it holds, so these limits cost a passing run nothing.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: { trace: "retain-on-failure", screenshot: "only-on-failure" },
  projects: [
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false } },
  ],
});
