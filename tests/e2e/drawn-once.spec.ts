import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** `/shop` at a desktop width (the sidebar shows the Filters), and every document the page loads from then on. */
async function openShopCountingDocuments(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.goto("/shop");
  return documents;
}

/**
 * The Filters' category tree arrives drawn by the server and is hydrated as that markup (`Memoised`,
 * decision 067): React walks one element, not the tree. Its links must still navigate client-side
 * (one listener), and once a navigation changes the tree, React draws it itself and it keeps working.
 */
test("the Filters' tree, hydrated as it arrived, navigates and is redrawn after a navigation", async ({
  page,
  javaScriptEnabled,
}) => {
  const documents = await openShopCountingDocuments(page);
  const sidebar = page.getByRole("complementary");
  const tree = sidebar.locator("#category-filter-tree");
  await expect(tree.getByRole("link", { name: "All Categories" })).toHaveAttribute("aria-current", "page");

  // From the markup the page arrived with.
  await tree.locator("summary", { hasText: "Home" }).getByText("+").click();
  await tree.getByRole("link", { name: "Kitchen Appliances" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Kitchen Appliances" })).toBeVisible();
  await expect(tree.getByRole("link", { name: "Kitchen Appliances" })).toHaveAttribute("aria-current", "page");
  await expect(tree.getByRole("link", { name: "All Categories" })).not.toHaveAttribute("aria-current", "page");

  // From the tree React drew for the new category: its branch open, its links live.
  await tree.locator("summary", { hasText: /^Fashion/ }).click();
  await tree.getByRole("link", { name: "Eyewear" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Eyewear" })).toBeVisible();
  await expect(tree.getByRole("link", { name: "Eyewear" })).toHaveAttribute("aria-current", "page");
  await tree.getByRole("link", { name: "All Categories" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
  await expect(tree.getByRole("link", { name: "All Categories" })).toHaveAttribute("aria-current", "page");

  // With JavaScript the page was loaded once and every step was a client-side navigation;
  // without it, each link was a page of its own.
  expect(documents).toHaveLength(javaScriptEnabled ? 1 : 4);
});

test("the product cards, hydrated as they arrived, prefetch on intent and open on the client", async ({
  page,
  javaScriptEnabled,
}) => {
  const documents = await openShopCountingDocuments(page);
  const grid = page.locator("#product-grid");
  const firstCard = grid.getByTestId("product-card").getByRole("link").first();
  const productPath = new URL((await firstCard.getAttribute("href"))!, page.url()).pathname;
  if (javaScriptEnabled) {
    // Resting the pointer on a card prefetches its page's data, as <Link prefetch="intent"> does.
    await firstCard.hover();
    await expect(page.locator(`link[rel="prefetch"][href^="${productPath}.data"]`)).toHaveCount(1);
  }
  await firstCard.click();
  await expect(page).toHaveURL(new RegExp(`${productPath}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Back on a listing React drew (another category), a card still opens its page.
  await page.goto("/shop?category=home");
  await page.getByRole("complementary").getByRole("link", { name: "All Categories" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
  await grid.getByTestId("product-card").getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`${productPath}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // With JavaScript only the two page loads asked for; without it every click was one more.
  expect(documents).toHaveLength(javaScriptEnabled ? 2 : 5);
});

test("a home page row's cards, hydrated as they arrived, open their product on the client", async ({
  page,
  javaScriptEnabled,
}) => {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.goto("/");
  const row = page.locator("ul[id^='carousel-'][id$='-cards']").first();
  const card = row.getByTestId("product-card").getByRole("link").first();
  const productPath = new URL((await card.getAttribute("href"))!, page.url()).pathname;
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${productPath}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // With JavaScript the home page was the only page load; without it the card was another.
  expect(documents).toHaveLength(javaScriptEnabled ? 1 : 2);
});
