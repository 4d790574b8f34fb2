import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/** One free port and one fresh DATA_DIR per run, shared by the config's workers through the env. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// Workers load this file again with the runner's environment: only the runner picks and clears.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_PORT ??= String(await freePort());
  process.env.E2E_DATA_DIR = path.resolve("tests/.tmp", `e2e-${process.env.E2E_PORT}`);
  fs.rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}

export const E2E_ADMIN = { username: "admin", password: "e2e-admin-password" };
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT!}`;

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

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: { baseURL, trace: "retain-on-failure", screenshot: "only-on-failure" },
  projects: [
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node --import tsx server.ts",
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: process.env.E2E_PORT!,
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DEMO_DATA: "on",
      // A write waits this long for another process's lock: short, so the busy checkout test is quick.
      SQLITE_BUSY_TIMEOUT_MS: "1000",
      // The suite places many orders from one address and phone; the brake is tested over HTTP.
      ORDER_PHONE_LIMIT: "0",
      ORDER_RATE_LIMIT: "0",
    },
  },
});
