import type { Page } from "@playwright/test";
import { addProductImage, createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, test } from "./fixtures.ts";

/** The header's search box at the desktop width the projects use (the drawer's copy is hidden). */
const headerSearch = (page: Page) => page.locator("#site-search");

/** Every request URL the page sends that matches, from now on. */
function recordRequests(page: Page, pattern: RegExp) {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (pattern.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/**
 * With JavaScript, lets the suggestions arrive before Enter is pressed, so the list a test reads is
 * the one for what it typed (pressing Enter earlier is its own test at the end of this file).
 */
async function waitForSuggestions(page: Page, typed: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled)
    await expect(page.getByRole("option", { name: `View all results for "${typed}"` })).toBeVisible();
}

test("an empty or spaces-only header search does nothing", async ({ page, javaScriptEnabled }) => {
  await page.goto("/shop?sort=low");
  const box = headerSearch(page);
  await expect(box).toHaveAttribute("required", "");
  await expect(box).toHaveAttribute("pattern", ".*\\S.*");
  const searches = recordRequests(page, /[?&]search=/);

  await box.press("Enter");
  await box.fill("   ");
  await box.press("Enter");
  await page.getByRole("banner").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.locator("#site-search:invalid")).toHaveCount(1);
  await expect(page).toHaveURL(/\/shop\?sort=low$/);
  await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();

  // A real search afterwards is sent: had any of the submits above gone out, it would be recorded first.
  await box.fill("kettle");
  await waitForSuggestions(page, "kettle", javaScriptEnabled);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/shop\?search=kettle$/);
  await expect(page.getByRole("heading", { level: 1, name: 'Search results for "kettle"' })).toBeVisible();
  expect(searches.length).toBeGreaterThan(0);
  expect(searches.filter((url) => !url.includes("search=kettle"))).toEqual([]);
});

test("with JavaScript, a spaces-only search is held back even without the browser's own check", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the submit handler is JavaScript");
  await page.goto("/shop?sort=low");
  await expect(page.getByRole("button", { name: "Sort", exact: true })).toBeHidden(); // hydrated
  const box = headerSearch(page);
  // Take away the HTML validation, so only the form's submit handler stands in the way.
  await box.evaluate((input) => {
    input.removeAttribute("required");
    input.removeAttribute("pattern");
  });
  const searches = recordRequests(page, /[?&]search=/);
  await box.fill("   ");
  await box.press("Enter");
  await box.fill("kettle");
  await waitForSuggestions(page, "kettle", javaScriptEnabled);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/shop\?search=kettle$/);
  expect(searches.filter((url) => !url.includes("search=kettle"))).toEqual([]);
});

test("suggestions: at most 5 with image, title and price, a 'View all results' line, never a hidden product", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "suggestions need JavaScript");
  const word = uniqueWord("Sugm");
  const made = [];
  for (let i = 0; i < 6; i++) {
    const product = createProduct(db, { title: `${word} Kettle ${i + 1}`, priceCents: 1_000 + i * 111 });
    await addProductImage(db, product.id);
    made.push(product);
  }
  const hidden = createProduct(db, { title: `${word} Hidden Kettle`, isHidden: true });
  const control = createProduct(db, { title: `${word} Hidebound Kettle`, priceCents: 4_321 });

  await page.goto("/");
  const box = headerSearch(page);
  await box.fill(word);
  const list = page.getByRole("listbox", { name: "Search suggestions" });
  await expect(list.getByRole("option")).toHaveCount(6);
  const products = list.getByRole("option").filter({ hasNotText: "View all results" });
  await expect(products).toHaveCount(5);
  for (const option of await products.all()) {
    const text = (await option.textContent()) ?? "";
    const product = [...made, control].find((candidate) => text.startsWith(candidate.title));
    expect(product, text).toBeDefined();
    await expect(option).toContainText(`$${(product!.priceCents / 100).toFixed(2)}`);
    if (product !== control)
      await expect(option.locator("img")).toHaveAttribute("src", /^\/uploads\/products\/.+\.webp$/);
  }
  await expect(list).not.toContainText(hidden.title);
  await expect(list.getByRole("option", { name: `View all results for "${word}"` })).toBeVisible();

  // Only the hidden product and the control start with 'hid': the list holds the control alone.
  await box.fill(`${word} hid`);
  await expect(list.getByRole("option", { name: `View all results for "${word} hid"` })).toBeVisible();
  await expect(list.getByRole("option")).toHaveCount(2);
  await expect(list.getByRole("option").first()).toContainText(control.title);

  await box.fill(word);
  await list.getByRole("option", { name: `View all results for "${word}"` }).click();
  await expect(page).toHaveURL(new RegExp(`/shop\\?search=${word}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Search results for "${word}"` })).toBeVisible();
  await expect(page.getByTestId("product-card")).toHaveCount(7);
  await expect(page.getByText(hidden.title)).toHaveCount(0);
});

test("suggestions: arrow keys pick a product and Enter opens it; under 3 characters shows no list", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "suggestions need JavaScript");
  const word = uniqueWord("Sugk");
  const made = [createProduct(db, { title: `${word} Iron One` }), createProduct(db, { title: `${word} Iron Two` })];
  await page.goto("/");
  const box = headerSearch(page);
  const asked = recordRequests(page, /\/search\/suggestions/);

  // Two characters once trimmed: nothing is asked and nothing shows.
  await box.fill(`  ${word.slice(0, 2)}  `);
  const list = page.getByRole("listbox", { name: "Search suggestions" });
  await box.fill(word);
  await expect(list.getByRole("option")).toHaveCount(3);
  expect(asked.map((url) => new URL(url).searchParams.get("q"))).not.toContain(word.slice(0, 2));
  // Back under 3 characters: the list goes.
  await box.fill(` ${word.slice(0, 2)} `);
  await expect(list).toBeHidden();

  await box.fill(word);
  await expect(list.getByRole("option")).toHaveCount(3);
  await box.press("ArrowDown");
  await box.press("ArrowDown");
  const second = list.getByRole("option").nth(1);
  await expect(second).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await second.getAttribute("id"))!);
  const secondTitle = (await second.textContent()) ?? "";
  const target = made.find((product) => secondTitle.startsWith(product.title));
  expect(target, secondTitle).toBeDefined();
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/shop/product/${target!.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: target!.title })).toBeVisible();
});

test("search matches a word only in the description and a category's label", async ({ page, db }) => {
  const word = uniqueWord("Desc");
  const described = createProduct(db, {
    title: `Plain ${uniqueWord("Gadget")}`,
    description: `Comes with a ${word} adapter and its cable.`,
  });
  await page.goto(`/shop?search=${word}`);
  await expect(page.getByTestId("product-card")).toHaveCount(1);
  await expect(page.getByTestId("product-card")).toContainText(described.title);

  // 'kitchen' is only in the first one's category label, 'beauty' only in the third one's ('Beauty Care Women').
  const tag = uniqueWord("Lbl");
  const mixer = createProduct(db, { title: `${tag} Mixer`, category: "Kitchen Appliances" });
  createProduct(db, { title: `${tag} Hammer`, category: "Tools" });
  const dryer = createProduct(db, { title: `${tag} Dryer`, category: "Women" });
  await page.goto(`/shop?search=${encodeURIComponent(`${tag} kitchen`)}`);
  await expect(page.getByTestId("product-card")).toHaveCount(1);
  await expect(page.getByTestId("product-card")).toContainText(mixer.title);
  await page.goto(`/shop?search=${encodeURIComponent(`${tag} beauty`)}`);
  await expect(page.getByTestId("product-card")).toHaveCount(1);
  await expect(page.getByTestId("product-card")).toContainText(dryer.title);
  // The plain word finds it too, among the rest of the kitchen.
  await page.goto("/shop?search=kitchen&show=500");
  await expect(page.getByTestId("product-card").filter({ hasText: mixer.title })).toHaveCount(1);
});

test("quotes and operators typed into the search return a normal page", async ({ page, javaScriptEnabled }) => {
  const nasty = `"blen* OR -x'`;
  const response = await page.goto(`/shop?search=${encodeURIComponent(nasty)}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: `Search results for "${nasty}"` })).toBeVisible();
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);

  // The same through the header form (a client-side navigation with JavaScript).
  await page.goto("/");
  await headerSearch(page).fill(nasty);
  await waitForSuggestions(page, nasty, javaScriptEnabled);
  await headerSearch(page).press("Enter");
  await expect(page).toHaveURL(/\/shop\?search=/);
  await expect(page.getByRole("heading", { level: 1, name: `Search results for "${nasty}"` })).toBeVisible();
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
});

test("pressing Enter while the suggestions are still on their way shows the results", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "suggestions need JavaScript");
  await page.goto("/shop");
  await expect(page.getByRole("button", { name: "Sort", exact: true })).toBeHidden(); // hydrated
  // A slow network: the suggestions are still on their way when the shopper presses Enter.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/search\/suggestions\?q=blender/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  const suggesting = page.waitForRequest(/\/search\/suggestions\?q=blender/);
  await headerSearch(page).fill("blender");
  await suggesting;
  const navigating = page.waitForRequest(/\/shop\.data\?search=blender/);
  await headerSearch(page).press("Enter");
  await navigating;
  release();
  await expect(page).toHaveURL(/\/shop\?search=blender$/);
  await expect(page.getByRole("heading", { level: 1, name: 'Search results for "blender"' })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toHaveCount(0);
});
