import { createHash } from "node:crypto";
import { INERT_MODULE, INERT_PRELOAD } from "~/platform/render/scripts-after-load.tsx";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, holdRequests, test } from "./fixtures.ts";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * The script hashes (inline-script-hashes.server.ts) and the scripts-after-load rewrite
 * (scripts-after-load.tsx) read and rewrite Remix's markup with regular expressions. Here the
 * browser's own HTML parser reads the page as served twice (the page cache's copy for a visitor
 * without a cookie, the render memo's for one with): every inline script it finds must be allowed
 * by a hash in the response's policy, and every module preload and module script must be inert.
 * A Remix release that writes its scripts another way fails this before a shopper sees it.
 */
test("the regular expressions find what the browser's parser finds in a served page", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "one parse is enough; the browser's DOMParser needs JavaScript");
  const path = `/shop?sort=name&parse=${Date.now()}`;
  for (const [cookie, header] of [
    ["", "x-page-cache"],
    ["returning=1", "x-render-memo"],
  ] as const) {
    const get = () => fetch(baseURL + path, { headers: cookie ? { cookie } : {} });
    // The second request (or, while the page cache compresses its copy, a later one) is the copy.
    let served = await get();
    await expect.poll(async () => (served = await get()).headers.get(header), { timeout: 5_000 }).toBe("hit");
    const html = await served.text();
    const parsed = await page.evaluate(
      ({ html, inertPreload, inertModule }) => {
        const doc = new DOMParser().parseFromString(html, "text/html");
        const scripts = [...doc.querySelectorAll("script")];
        const links = [...doc.querySelectorAll("link")];
        return {
          inlineScripts: scripts.filter((s) => !s.hasAttribute("src") && s.textContent).map((s) => s.textContent!),
          nonces: doc.querySelectorAll("[nonce]").length,
          scriptLinks: links.filter((l) => l.getAttribute("href")?.endsWith(".js")).length,
          livePreloads: doc.querySelectorAll('link[rel="modulepreload"]').length,
          inertPreloads: doc.querySelectorAll(`link[rel="${inertPreload}"]`).length,
          liveModules: doc.querySelectorAll('script[type="module"]').length,
          inertModules: doc.querySelectorAll(`script[type="${inertModule}"]`).length,
        };
      },
      { html, inertPreload: INERT_PRELOAD, inertModule: INERT_MODULE },
    );
    const allowed = (/script-src ([^;]+)/.exec(served.headers.get("content-security-policy")!)?.[1] ?? "")
      .split(" ")
      .filter((source) => source.startsWith("'sha256-"));
    expect(parsed.inlineScripts.length).toBeGreaterThan(3);
    expect(parsed.nonces).toBe(0);
    expect(allowed.sort()).toEqual([...new Set(parsed.inlineScripts.map(sha256))].sort());
    expect(parsed.livePreloads).toBe(0);
    expect(parsed.inertPreloads).toBe(parsed.scriptLinks);
    expect(parsed.inertPreloads).toBeGreaterThan(3);
    expect(parsed.liveModules).toBe(0);
    expect(parsed.inertModules).toBe(1);
  }
});

// Decision 030: a page's module scripts are fetched only after its load event, so on a thin link
// they never compete with what it paints, and the page then hydrates as before.
test("a shopper page fetches its scripts after it has loaded, then hydrates", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "about when JavaScript runs; without it the page is whole as served");
  const served = await page.goto("/shop");
  const html = await served!.text();
  expect(html).not.toContain('<link rel="modulepreload"');
  expect(html).toContain(`rel="${INERT_PRELOAD}"`);
  expect(html).toContain(`type="${INERT_MODULE}"`);

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
