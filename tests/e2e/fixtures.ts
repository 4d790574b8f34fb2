import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type Page, type Response } from "@playwright/test";
import { type Db, openDatabase } from "~/platform/db/db.server.ts";
import { startProductionServer } from "../../scripts/server-process.ts";
import { processTreeCpu } from "./cpu-meter.ts";
import { E2E_ADMIN, SHOP_SERVER_ENV, SHOP_TEMPLATE_DIR } from "./shop-server-env.ts";

export { E2E_ADMIN };

/**
 * A worker's own production server: its address, its DATA_DIR (the SQLite file and uploads) and
 * the SESSION_SECRET its cookies are signed with (so a test can sign an admin in through the models).
 */
export type ShopServer = { baseURL: string; dataDir: string; sessionSecret: string };

/** This worker's server and its database connection: a worker process runs one shop at a time. */
let workerShop: ShopServer | undefined;
let workerDb: Db | undefined;
let workerServerPid: number | undefined;

/** With E2E_CPU=on, one JSON line per test and per worker into test-results/cpu/ (tests/e2e/cpu-report.ts). */
function recordCpu(line: object) {
  fs.mkdirSync("test-results/cpu", { recursive: true });
  fs.appendFileSync(`test-results/cpu/${process.pid}.jsonl`, `${JSON.stringify(line)}\n`);
}

/** The worker's shop server and a connection to its database (opened once per worker). */
export function currentShop(): { shop: ShopServer; db: Db } {
  if (!workerShop) throw new Error("the shop fixture starts the worker's server: use this inside a test");
  workerDb ??= openDatabase(path.join(workerShop.dataDir, "shop.db"));
  return { shop: workerShop, db: workerDb };
}

/**
 * Each worker runs its own shop server on its own port with its own DATA_DIR, so specs never see
 * one another's orders, settings or sign-ins and run fully parallel. Tests create their data
 * through the models, on the same SQLite file the server uses (WAL lets both open it), instead of
 * clicking through set-up screens.
 */
export const test = base.extend<{ javaScriptEnabled: boolean; cpu: void }, { shop: ShopServer; db: Db }>({
  shop: [
    async ({}, use, workerInfo) => {
      const dataDir = path.resolve("tests/.tmp", `e2e-${process.pid}-${workerInfo.workerIndex}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      // The demo catalogue seeded once for the run (global-setup.ts): a copy, not a second seeding.
      fs.cpSync(SHOP_TEMPLATE_DIR, dataDir, { recursive: true });
      const sessionSecret = crypto.randomBytes(32).toString("hex");
      const server = await startProductionServer(dataDir, { ...SHOP_SERVER_ENV, SESSION_SECRET: sessionSecret });
      workerServerPid = server.pid;
      // A worker that dies without its teardown (a crash, Ctrl-C) takes its server with it.
      const killServer = () => {
        try {
          process.kill(server.pid, "SIGKILL");
        } catch {
          // already gone
        }
      };
      process.once("exit", killServer);
      // The model helpers (tests/support/db-factories.ts, admin-helpers.ts) find the uploads here.
      process.env.E2E_DATA_DIR = dataDir;
      workerShop = { baseURL: server.base, dataDir, sessionSecret };
      await use(workerShop);
      if (process.env.E2E_CPU === "on") recordCpu({ worker: true, ...processTreeCpu(process.pid, server.pid) });
      workerDb?.$client.close();
      workerDb = workerShop = undefined;
      process.off("exit", killServer);
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    // Booting the production build takes a few seconds on a busy machine.
    { scope: "worker", auto: true, timeout: 120_000 },
  ],
  cpu: [
    async ({}, use, testInfo) => {
      if (process.env.E2E_CPU !== "on") return use();
      const before = processTreeCpu(process.pid, workerServerPid);
      await use();
      const after = processTreeCpu(process.pid, workerServerPid);
      recordCpu({
        file: path.basename(testInfo.file),
        title: testInfo.titlePath.slice(1).join(" › "),
        project: testInfo.project.name,
        status: testInfo.status,
        seconds: testInfo.duration / 1000,
        total: after.total - before.total,
        server: after.server - before.server,
        chromium: after.chromium - before.chromium,
      });
    },
    { auto: true },
  ],
  baseURL: async ({ shop }, use) => {
    await use(shop.baseURL);
  },
  javaScriptEnabled: async ({}, use, testInfo) => {
    await use(testInfo.project.name !== "js-off");
  },
  /**
   * With JavaScript on, `goto` and `reload` return once the page has hydrated: its scripts start
   * only after its load event (decision 030), and these tests act as a shopper whose scripts have
   * taken over. A tap before that is the no-JavaScript project's business.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(waitingForHydration(page, javaScriptEnabled));
  },
  db: [
    // The same connection the admin sign-in helper uses; closed with the worker's server.
    async ({ shop: _shop }, use) => {
      await use(currentShop().db);
    },
    { scope: "worker" },
  ],
});

/**
 * The page fixture's `goto` and `reload`, for a page a test opens in a context of its own (a second
 * shopper, a staff member): with JavaScript on they return once the page has hydrated, so a click
 * never lands while React takes the page over.
 */
export function waitingForHydration(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return page;
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => untilHydrated(page, await goto(...args));
  page.reload = async (...args) => untilHydrated(page, await reload(...args));
  return page;
}

/** The response, once a page with Remix's scripts has hydrated (`data-hydrated`); other responses at once. */
async function untilHydrated(page: Page, response: Response | null) {
  const isPage = (response?.headers()["content-type"] ?? "").startsWith("text/html");
  if (isPage)
    await page.waitForFunction(
      () => document.documentElement.dataset.hydrated === "true" || !document.querySelector('script[type^="module"]'),
    );
  return response;
}

/**
 * Holds the page's requests matching `pattern` (and `method`, when given) until `release()`: a slow
 * network, without sleeping.
 */
export async function holdRequests(page: Page, pattern: string, { method }: { method?: string } = {}) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handled: Promise<void>[] = [];
  await page.route(pattern, (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    const handling = released.then(() =>
      // The page may have given up on it meanwhile (a superseded prefetch or navigation).
      route.continue().catch(() => undefined),
    );
    handled.push(handling);
    return handling;
  });
  return async () => {
    release();
    // Every held request is sent on before the route goes: removing the last route turns the
    // browser's interception off, and a request still paused at that moment was seen never to
    // arrive (a navigation that stayed on its spinner under load).
    await Promise.all(handled);
    await page.unroute(pattern);
  };
}

export { expect };
