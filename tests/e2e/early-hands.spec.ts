import type { Page } from "@playwright/test";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { fillCheckout, postToCart } from "./checkout.ts";
import { E2E_ADMIN, expect, holdRequests, test } from "./fixtures.ts";

/**
 * Early hands: a cheap phone shows the page seconds before its scripts arrive (they load after the
 * page, decision 030), and people use it in that time. Each test holds the scripts back, acts on the
 * page as served, lets the scripts through and checks that what was typed, ticked or chosen is still
 * there and that the page's buttons then do what they say.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "about the moment JavaScript takes a page over");

/**
 * Opens `path` with the scripts held back; answers a function that lets them through and waits for
 * React to have taken the page over. Not `goto`, which in this project waits for hydration.
 */
async function openBeforeScripts(page: Page, baseURL: string, path: string) {
  const release = await holdRequests(page, "**/assets/*.js");
  await page.evaluate((address) => location.assign(address), baseURL + path);
  await page.waitForURL(baseURL + path, { waitUntil: "load" });
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  return async () => {
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    await release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  };
}

test("a login filled before the scripts arrived signs in once they have", async ({ page, baseURL }) => {
  const takeOver = await openBeforeScripts(page, baseURL!, "/admin");
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await takeOver();

  const login = page.getByRole("button", { name: "Login" });
  await expect(login).toBeEnabled();
  await expect(page.getByLabel("Password")).toHaveValue(E2E_ADMIN.password);
  await login.click();
  await expect(page).toHaveURL(/\/admin\/overview$/);
});

test("a login typed before the scripts arrived and emptied after keeps Login disabled", async ({ page, baseURL }) => {
  const takeOver = await openBeforeScripts(page, baseURL!, "/admin");
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await takeOver();
  // Only the username: the button waits for the password, as the spec says.
  await expect(page.getByRole("button", { name: "Login" })).toBeDisabled();
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();
});

test("a checkout filled before the scripts arrived places its order once they have", async ({ page, db, baseURL }) => {
  const product = createProduct(db, { title: `${uniqueWord("Early")} Kettle`, stock: 5 });
  await postToCart(page, product.id);
  const takeOver = await openBeforeScripts(page, baseURL!, "/checkout");
  const typed = await fillCheckout(page);
  await takeOver();

  for (const [label, value] of Object.entries(typed))
    await expect(
      label === "Governorate" ? page.getByLabel(label) : page.getByLabel(label, { exact: true }),
    ).toHaveValue(value);
  // The summary follows the governorate chosen before: no 'Update total' is left to press.
  await expect(page.getByRole("button", { name: "Update total" })).toBeHidden();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/\?order=[0-9a-f]{24}$/);
  await expect(page.getByTestId("placed-order")).toContainText(/Order #\d+ was placed/);
});

test("a search typed before the scripts arrived is sent once they have", async ({ page, db, baseURL }) => {
  const word = uniqueWord("Early");
  const product = createProduct(db, { title: `${word} Toaster` });
  const takeOver = await openBeforeScripts(page, baseURL!, "/");
  await page.locator("#site-search").fill(word);
  await takeOver();

  await expect(page.locator("#site-search")).toHaveValue(word);
  await page.locator("#site-search").press("Enter");
  await expect(page).toHaveURL(new RegExp(`/shop\\?search=${word}`));
  await expect(page.getByRole("link", { name: new RegExp(product.title) }).first()).toBeVisible();
});

test("a quantity typed before the scripts arrived is the one the stepper counts from and adds", async ({
  page,
  db,
  baseURL,
}) => {
  const product = createProduct(db, { title: `${uniqueWord("Early")} Mixer`, stock: 9 });
  const takeOver = await openBeforeScripts(page, baseURL!, `/shop/product/${product.id}`);
  await page.getByRole("textbox", { name: "Quantity" }).fill("3");
  await takeOver();

  await expect(page.getByRole("textbox", { name: "Quantity" })).toHaveValue("3");
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await expect(page.getByRole("textbox", { name: "Quantity" })).toHaveValue("4");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/was added to your cart/)).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByTestId("line-quantity")).toHaveText("4");
});

test("a sort chosen before the scripts arrived is applied once they have", async ({ page, baseURL }) => {
  const takeOver = await openBeforeScripts(page, baseURL!, "/shop");
  await page.getByLabel("Sort by").selectOption({ label: "Price (High-Low)" });
  await takeOver();
  await expect(page).toHaveURL(/\/shop\?sort=high$/);
  await expect(page.getByLabel("Sort by")).toHaveValue("high");
});
