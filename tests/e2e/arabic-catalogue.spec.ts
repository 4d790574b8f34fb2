import { readCatalogueText } from "../support/catalogue-text.ts";
import { expectArabicPage } from "./arabic-pages.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The catalogue's Arabic pages at 360 px, JavaScript on and off: the document is Arabic
 * and right-to-left, its canonical link and the shop's own links stay under /ar, no message of the
 * shop's catalogues is left in English, and nothing overflows the screen.
 */

test.use({ viewport: { width: 360, height: 800 } });

test("the catalogue's Arabic pages are Arabic, right-to-left, linked under /ar, and fit a phone", async ({ page }) => {
  const text = await readCatalogueText();
  await page.goto("/ar/shop");
  const productPath = await page.getByTestId("product-card").locator("a").first().getAttribute("href");
  expect(productPath).toMatch(/^\/ar\/shop\/product\/\d+$/);
  for (const [path, status, kind] of [
    ["/ar", 200],
    ["/ar/shop?category=home", 200],
    [productPath!, 200],
    ["/ar/condition-guide", 200],
    // Private pages (no canonical link): the tracking form and the empty cart.
    ["/ar/track", 200, "private"],
    ["/ar/cart", 200, "private"],
    ["/ar/no-such-page", 404],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(status);
    // The canonical address is the page's own, in Arabic (a category's listing keeps its category).
    if (status === 200 && kind !== "private")
      expect(new URL((await page.locator('link[rel="canonical"]').getAttribute("href"))!).href, path).toBe(
        new URL(path, page.url()).href,
      );
    await expectArabicPage(page, text);
  }
});
