import fs from "node:fs";
import { expect, test } from "./fixtures.ts";

/**
 * The catalogue's Arabic pages (issue 31) at 360 px, JavaScript on and off: the document is Arabic
 * and right-to-left, its canonical link and the shop's own links stay under /ar, no message of the
 * shop's catalogues is left in English, and nothing overflows the screen.
 */

/** The English messages whose Arabic differs, read from the catalogues (placeholders dropped). */
function englishMessages() {
  const pairs = (file: string) => {
    const text = fs.readFileSync(file, "utf8");
    const out = new Map<string, string>();
    for (const entry of text.split("\n\n")) {
      const id = /^msgid "(.*)"$/m.exec(entry)?.[1];
      const str = /^msgstr "(.*)"$/m.exec(entry)?.[1];
      if (id) out.set(JSON.parse(`"${id}"`) as string, JSON.parse(`"${str ?? ""}"`) as string);
    }
    return out;
  };
  const english = new Set<string>();
  for (const name of ["pages", "server"]) {
    const arabic = pairs(`app/i18n/locales/ar/${name}.po`);
    for (const [id, str] of pairs(`app/i18n/locales/en/${name}.po`))
      if (!/[{}<>]/.test(str) && arabic.get(id) !== str) english.add(str);
  }
  return english;
}

test.use({ viewport: { width: 360, height: 800 } });

test("the catalogue's Arabic pages are Arabic, right-to-left, linked under /ar, and fit a phone", async ({ page }) => {
  const english = englishMessages();
  await page.goto("/ar/shop");
  const productPath = await page.getByTestId("product-card").locator("a").first().getAttribute("href");
  expect(productPath).toMatch(/^\/ar\/shop\/product\/\d+$/);
  for (const [path, status] of [
    ["/ar", 200],
    ["/ar/shop?category=home", 200],
    [productPath!, 200],
    ["/ar/condition-guide", 200],
    ["/ar/no-such-page", 404],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(status);
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    // The canonical address is the page's own, in Arabic (a category's listing keeps its category).
    if (status === 200)
      expect(new URL((await page.locator('link[rel="canonical"]').getAttribute("href"))!).href, path).toBe(
        new URL(path, page.url()).href,
      );
    const leftovers = await page.evaluate(
      (messages) => {
        const found: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim() ?? "";
          if (text && messages.includes(text) && node.parentElement?.closest("script") === null) found.push(text);
        }
        for (const element of document.querySelectorAll("[placeholder], [aria-label], [title], img[alt]"))
          for (const name of ["placeholder", "aria-label", "title"])
            if (messages.includes(element.getAttribute(name) ?? ""))
              found.push(`${name}=${element.getAttribute(name)}`);
        if (messages.includes(document.title)) found.push(`title=${document.title}`);
        return found;
      },
      [...english],
    );
    expect(leftovers, path).toEqual([]);
    // The add-to-cart form is the cart's own (issue 31's cart and checkout part).
    const shopLinks = await page
      .locator(
        "main a[href^='/'], header a[href^='/']:not([hreflang]), footer a[href^='/'], main form[action^='/']:not([action='/cart'])",
      )
      .evaluateAll((elements) =>
        elements.map((element) => element.getAttribute("href") ?? element.getAttribute("action")),
      );
    expect(
      shopLinks.filter((href) => !/^\/ar(\/|$|\?)/.test(href ?? "") && !href?.startsWith("/search/")),
      path,
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});
