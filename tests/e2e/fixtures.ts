import { test as base, expect, type Page, type Response } from "@playwright/test";
import path from "node:path";
import { type Db, openDatabase } from "~/platform/db/db.server.ts";

/**
 * Tests create their data through the models, on the same SQLite file the server under test
 * uses (WAL lets both open it), instead of clicking through set-up screens.
 */
export const test = base.extend<{ javaScriptEnabled: boolean }, { db: Db }>({
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
    async ({}, use) => {
      const db = openDatabase(path.join(process.env.E2E_DATA_DIR!, "shop.db"));
      await use(db);
      db.$client.close();
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

/** Holds the page's requests matching `pattern` until `release()`: a slow network, without sleeping. */
export async function holdRequests(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    // The page may have given up on it meanwhile (a superseded prefetch or navigation).
    await route.continue().catch(() => undefined);
  });
  return async () => {
    release();
    await page.unroute(pattern);
  };
}

export { expect };
