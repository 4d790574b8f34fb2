import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, holdRequests, test } from "./fixtures.ts";

// Decision 030: a page's module scripts are fetched only after its load event, so on a thin link
// they never compete with what it paints, and the page then hydrates as before.
test("a shopper page fetches its scripts after it has loaded, then hydrates", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "about when JavaScript runs; without it the page is whole as served");
  const served = await page.goto("/shop");
  const html = await served!.text();
  expect(html).not.toContain('<link rel="modulepreload"');
  expect(html).toContain('rel="modulepreload-after-load"');
  expect(html).toMatch(/<script[^>]* type="module-after-load"/);

  // Hydrated: the no-JavaScript 'Sort' button is gone.
  await expect(page.getByRole("button", { name: "Sort", exact: true })).toBeHidden();
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"));
    return {
      loaded: navigation.loadEventEnd,
      scripts: scripts.length,
      firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
    };
  });
  expect(timing.loaded).toBeGreaterThan(0);
  expect(timing.scripts).toBeGreaterThan(3);
  expect(timing.firstScript).toBeGreaterThanOrEqual(timing.loaded);
});

test("what a shopper typed before the scripts arrived gets its suggestions once they have", async ({
  page,
  db,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "suggestions need JavaScript");
  const word = uniqueWord("Early");
  const product = createProduct(db, { title: `${word} Grinder` });
  // The scripts held back, as on a slow link: the page is loaded and shown, not yet hydrated.
  const release = await holdRequests(page, "**/assets/*.js");
  // Not `goto`, which in this project waits for hydration (fixtures.ts).
  await page.evaluate((home) => location.assign(home), `${baseURL}/`);
  await page.waitForURL(`${baseURL}/`, { waitUntil: "load" });
  await page.locator("#site-search").fill(word);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");

  await release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const list = page.getByRole("listbox", { name: "Search suggestions" });
  await expect(list.getByRole("option", { name: new RegExp(product.title) })).toBeVisible();
});
