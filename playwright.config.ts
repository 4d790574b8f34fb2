import fs from "node:fs";
import os from "node:os";
import { defineConfig, devices } from "@playwright/test";

/**
 * Debian's Chromium headless shell (the `chromium-headless-shell` package, the same build without
 * the full browser's window and GPU processes; what Playwright itself runs headless) when it is
 * installed: the same pages for about 40% less CPU (decision 058). CHROMIUM_PATH overrides it.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const executablePath =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath,
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
 * tests/e2e/fixtures.ts), so tests run fully parallel. A worker is a Chromium plus a server. On two
 * cores (56 tests: 2 workers 217 s and 172 CPU-s, 3 workers 224 s and 202 CPU-s, 4 workers 237 s
 * and 232 CPU-s; a machine shared with other builds) one worker per core did best: each worker
 * more costs its server and browser and the cores were already full. E2E_WORKERS overrides it.
 */
const workers = Number(process.env.E2E_WORKERS) || os.availableParallelism();

export default defineConfig({
  testDir: "tests/e2e",
  // Seeds the demo catalogue once; every worker's DATA_DIR starts as a copy of it.
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers,
  retries: 0,
  // Workers share the cores, so one step can take a few times what it takes alone; a wait for a
  // condition returns as soon as it holds, so these limits cost a passing run nothing.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  // Recording a trace of every test costs CPU the two cores lack; set E2E_TRACE=on to keep failures' traces.
  use: { trace: process.env.E2E_TRACE === "on" ? "retain-on-failure" : "off", screenshot: "only-on-failure" },
  projects: [
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false } },
  ],
});
