import { expect, type Page } from "@playwright/test";
import type { CatalogueText } from "../support/catalogue-text.ts";

/**
 * What an Arabic page must not show: a text node, or a label a screen reader or the browser shows
 * (placeholder, aria-label, title, a button's value), that is one of the shop's English messages.
 * Product text typed by the owner is not the shop's own and is not checked.
 */
function englishLeftOn(page: Page, text: CatalogueText) {
  return page.evaluate((english) => {
    const messages = new Set(english);
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest("script, style, template")) continue;
      const value = node.textContent?.trim() ?? "";
      if (messages.has(value)) found.add(value);
    }
    for (const element of document.body.querySelectorAll("[placeholder], [aria-label], [title], input[value]")) {
      for (const attribute of ["placeholder", "aria-label", "title", "value"]) {
        const value = element.getAttribute(attribute)?.trim();
        const shown = attribute !== "value" || /^(submit|button)$/.test((element as HTMLInputElement).type);
        if (value && shown && messages.has(value)) found.add(`${attribute}="${value}"`);
      }
    }
    if (messages.has(document.title)) found.add(`<title>${document.title}`);
    return [...found];
  }, text.englishLeftovers);
}

/**
 * An Arabic page as the contract has it: `lang="ar" dir="rtl"`, none of the shop's English left,
 * no wider than the screen, its English twin declared with hreflang, and the shop's own links
 * and forms still under /ar.
 */
export async function expectArabicPage(page: Page, text: CatalogueText) {
  const url = page.url();
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await englishLeftOn(page, text), `English left on ${url}`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${url} is wider than the screen`).toBeLessThanOrEqual(0);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveCount(1);
  await expect(page.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute(
    "href",
    new URL(url).href.replace(/#.*$/, ""),
  );
  const shopLinks = await page
    .locator("main a[href^='/'], header a[href^='/']:not([hreflang]), footer a[href^='/'], main form[action^='/']")
    .evaluateAll((elements) =>
      elements.map((element) => element.getAttribute("href") ?? element.getAttribute("action")),
    );
  expect(
    shopLinks.filter((href) => !/^\/ar([/?#]|$)/.test(href ?? "") && !href?.startsWith("/search/")),
    `links of ${url} that leave the Arabic pages`,
  ).toEqual([]);
}
