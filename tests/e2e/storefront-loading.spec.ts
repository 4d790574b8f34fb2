import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { products } from "../../db/schema/index.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, holdRequests, test } from "./fixtures.ts";

/** /shop has hydrated once its no-JavaScript 'Sort' button is gone. */
const hydratedShop = (page: Page) => expect(page.getByRole("button", { name: "Sort", exact: true })).toBeHidden();

const spinner = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("a slow product page shows 'Loading product details...' while it loads", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the spinner is JavaScript's; without it the browser shows its own progress");
  const word = uniqueWord("Spin");
  const product = createProduct(db, { title: `${word} Fan` });
  await page.goto(`/shop?search=${word}`);
  await hydratedShop(page);
  await expect(spinner(page, "Loading")).toHaveCount(0);

  const release = await holdRequests(page, "**/shop/product/**.data*");
  await page.getByTestId("product-card").getByRole("link").click();
  await expect(spinner(page, "Loading product details...")).toBeVisible();
  await release();
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
  await expect(spinner(page, "Loading")).toHaveCount(0);
});

test("a slow listing shows 'Loading products...' after Show More and after a category link", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the spinner is JavaScript's; without it the browser shows its own progress");
  await page.goto("/shop");
  await hydratedShop(page);

  let release = await holdRequests(page, "**/shop.data*");
  await page.getByRole("link", { name: /^Show More/ }).click();
  await expect(spinner(page, "Loading products...")).toBeVisible();
  await expect(page.getByRole("region", { name: "All Products" })).toHaveAttribute("aria-busy", "true");
  await release();
  await expect(page).toHaveURL(/show=20/);
  await expect(page.getByTestId("showing")).toContainText("Showing 1-20 of");
  await expect(spinner(page, "Loading")).toHaveCount(0);

  release = await holdRequests(page, "**/shop.data*");
  const sidebar = page.getByRole("complementary");
  await sidebar.locator("summary", { hasText: /^Fashion/ }).click();
  await sidebar.getByRole("link", { name: "Eyewear" }).click();
  await expect(spinner(page, "Loading products...")).toBeVisible();
  await release();
  await expect(page.getByRole("heading", { level: 1, name: "Eyewear" })).toBeVisible();
  await expect(spinner(page, "Loading")).toHaveCount(0);
});

test("a visitor without cookies sees a new price and a hidden product gone at once, despite the page cache", async ({
  page,
  context,
  db,
}) => {
  const word = uniqueWord("Cache");
  const product = createProduct(db, { title: `${word} Heater`, priceCents: 2_000 });
  const price = page.getByRole("region", { name: product.title }).locator("p.tabular > span").first();

  const first = await page.goto(`/shop/product/${product.id}`);
  expect(first?.status()).toBe(200);
  await expect(price).toHaveText("Price: $20.00");
  // The second visit is served from the cache: that is what the checks below are about.
  expect((await page.reload())?.headers()["x-page-cache"]).toBe("hit");
  expect(await context.cookies()).toEqual([]);

  db.update(products).set({ priceCents: 3_150 }).where(eq(products.id, product.id)).run();
  await page.reload();
  await expect(price).toHaveText("Price: $31.50");

  await page.goto("/shop");
  const card = page.getByTestId("product-card").filter({ hasText: product.title });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("$31.50");
  expect((await page.reload())?.headers()["x-page-cache"]).toBe("hit");

  db.update(products).set({ isHidden: true }).where(eq(products.id, product.id)).run();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
  await expect(card).toHaveCount(0);
  const gone = await page.goto(`/shop/product/${product.id}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Product not found." })).toBeVisible();
  expect(await context.cookies()).toEqual([]);
});
