import { and, count, eq, gt, inArray, min } from "drizzle-orm";
import { categories, productImages, products } from "../../db/schema/index.ts";
import { descendantIds, listCategories } from "~/catalogue/category.server.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, test } from "./fixtures.ts";

const visibleCount = (db: Parameters<typeof listCategories>[0], categoryIds?: number[]) =>
  db
    .select({ n: count() })
    .from(products)
    .where(
      categoryIds
        ? and(eq(products.isHidden, false), inArray(products.categoryId, categoryIds))
        : eq(products.isHidden, false),
    )
    .get()!.n;

test("the shop lists 10 products, counts them all, and Show More shows 10 more", async ({ page, db }) => {
  await page.goto("/shop");
  await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
  const total = visibleCount(db);
  await expect(page.getByTestId("showing")).toHaveText(`Showing 1-10 of ${total} Products`);
  await expect(page.getByTestId("product-card")).toHaveCount(10);
  await page.getByRole("link", { name: `Show More (${total - 10} remaining)` }).click();
  await expect(page).toHaveURL(/show=20/);
  await expect(page.getByTestId("showing")).toHaveText(`Showing 1-20 of ${total} Products`);
  await expect(page.getByTestId("product-card")).toHaveCount(20);
});

test("sorting by price puts the cheapest visible product first, as a URL", async ({ page, db, javaScriptEnabled }) => {
  await page.goto("/shop");
  await page.getByLabel("Sort by").selectOption("low");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Sort" }).click();
  await expect(page).toHaveURL(/sort=low/);
  // Sold-out products come last, so the first card is the cheapest visible product in stock (other
  // tests on this worker's server may have sold out a cheaper one).
  const cheapest = db
    .select({ price: min(products.priceCents) })
    .from(products)
    .where(and(eq(products.isHidden, false), gt(products.stock, 0)))
    .get()!.price!;
  await expect(page.getByTestId("product-card").first()).toContainText(`$${(cheapest / 100).toFixed(2)}`);

  await page.goto("/shop?sort=name");
  const titles = await page.getByTestId("product-card").getByRole("heading").allTextContents();
  expect(titles).toHaveLength(10);
  expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
});

test("a category in the URL matches its name, slug, id or code in any case and includes subcategories", async ({
  page,
  db,
}) => {
  const rows = listCategories(db);
  const home = rows.find((row) => row.name === "Home")!;
  const expected = visibleCount(db, descendantIds(rows, home.id));
  for (const reference of ["Home", "HOME", "home", String(home.id), "hom", "HoM"]) {
    await page.goto(`/shop?category=${encodeURIComponent(reference)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Home" }), reference).toBeVisible();
    await expect(page.getByTestId("showing")).toHaveText(
      `Showing 1-${Math.min(10, expected)} of ${expected} Products (Including all subcategories)`,
    );
  }
  const beautyWomen = rows.find((row) => row.name === "Women")!;
  for (const reference of ["Women", "beauty-care-women", "BEAUTY-CARE-WOMEN", "bcw", String(beautyWomen.id)]) {
    await page.goto(`/shop?category=${encodeURIComponent(reference)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Beauty Care Women" }), reference).toBeVisible();
  }
  // The ancestors of the chosen category are open in the filter tree.
  await expect(page.getByRole("complementary").getByRole("link", { name: "Beauty Care Women" })).toBeVisible();
});

test("an unknown category shows the empty state with a way back", async ({ page }) => {
  await page.goto("/shop?category=no-such-category");
  await expect(page.getByText("No products found in this category.")).toBeVisible();
  await page.getByRole("link", { name: "View All Products" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("search finds by a word's beginning, treats operators as text, and never shows hidden products", async ({
  page,
  db,
}) => {
  const word = uniqueWord("Blendo");
  const shown = createProduct(db, { title: `${word} Kitchen Blender` });
  createProduct(db, { title: `${word} Hidden Blender`, isHidden: true });

  await page.goto(`/shop?search=${encodeURIComponent(word.slice(0, -2))}`);
  await expect(page.getByTestId("product-card")).toHaveCount(1);
  await expect(page.getByTestId("product-card")).toContainText(shown.title);

  for (const nasty of [`"${word}`, `${word} OR 1=1 --`, `'); drop table products; --`, "NEAR(a b)", "*", '"']) {
    const response = await page.goto(`/shop?search=${encodeURIComponent(nasty)}`);
    expect(response?.status(), nasty).toBe(200);
  }
  await page.goto(`/shop?search=${encodeURIComponent(`"${word}"`)}`);
  await expect(page.getByTestId("product-card")).toHaveCount(1);
});

test("the header search submits to /shop?search= (empty searches: storefront-search.spec.ts)", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/");
  const box = page.getByRole("banner").getByRole("combobox").first();
  await box.fill("kettle");
  // With JavaScript, let the suggestions arrive first, so the list is the one for what was typed.
  if (javaScriptEnabled)
    await expect(page.getByRole("option", { name: 'View all results for "kettle"' })).toBeVisible();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/shop\?search=kettle/);
  await expect(page.getByRole("heading", { level: 1, name: 'Search results for "kettle"' })).toBeVisible();
});

test("search suggestions show up to 5 products and a 'View all results' line", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "suggestions need JavaScript");
  const word = uniqueWord("Sugg");
  const product = createProduct(db, { title: `${word} Toaster`, priceCents: 1_999 });
  await page.goto("/");
  const box = page.getByRole("banner").getByRole("combobox").first();
  await box.fill(word.slice(0, 2));
  await expect(page.getByRole("listbox")).toBeHidden();
  await box.fill(word);
  const list = page.getByRole("listbox", { name: "Search suggestions" });
  await expect(list.getByRole("option", { name: new RegExp(`${product.title}.*\\$19\\.99`) })).toBeVisible();
  await expect(list.getByRole("option", { name: `View all results for "${word}"` })).toBeVisible();
  await box.press("ArrowDown");
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/shop/product/${product.id}$`));
});

test("the product page shows price, discount, stock and a gallery that works without JavaScript", async ({
  page,
  db,
}) => {
  const word = uniqueWord("Page");
  const product = createProduct(db, { title: `${word} Drill`, priceCents: 4_000, oldPriceCents: 5_000, stock: 3 });
  await page.goto(`/shop/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
  await expect(page.getByText("Only 3 left in stock")).toBeVisible();
  await expect(page.getByText("$40.00").first()).toBeVisible();
  await expect(page.getByText("-20%")).toBeVisible();
  await expect(page.getByText("You save $10.00 (20%)")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Tools");

  const withGallery = db
    .select({ id: productImages.productId, n: count() })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(eq(products.isHidden, false))
    .groupBy(productImages.productId)
    .having(({ n }) => eq(n, 3))
    .get()!;
  await page.goto(`/shop/product/${withGallery.id}`);
  await expect(page.getByText("1 of 3")).toBeVisible();
  await page.getByRole("link", { name: "Image 2 of 3" }).click();
  await expect(page.getByText("2 of 3")).toBeVisible();
});

// CONTRACT.md "Price new" overrides spec §9: the invented 1.2 × old price is a setting, off (decision 026).
test("a product with no price new shows no struck-through price and no discount badge", async ({ page, db }) => {
  const product = createProduct(db, { title: `${uniqueWord("Old")} Saw`, priceCents: 1_000, oldPriceCents: null });
  await page.goto(`/shop/product/${product.id}`);
  await expect(page.getByText("$10.00").first()).toBeVisible();
  await expect(page.locator("s")).toHaveCount(0);
  await expect(page.getByText(/^-\d+%$/)).toHaveCount(0);
  await expect(page.getByText(/You save/)).toHaveCount(0);
});

test("an out-of-stock product is greyed, says so and cannot be added", async ({ page, db }) => {
  const word = uniqueWord("Gone");
  const product = createProduct(db, { title: `${word} Lamp`, stock: 0 });
  await page.goto(`/shop?search=${word}`);
  const card = page.getByTestId("product-card");
  await expect(card).toContainText("Out of Stock");
  await expect(card.getByRole("link")).toHaveCount(0);
  await page.goto(`/shop/product/${product.id}`);
  await expect(page.getByRole("button", { name: "Out of Stock" })).toBeDisabled();
});

test("hidden and unknown products respond 404 'Product not found.' and appear in no listing", async ({ page, db }) => {
  const word = uniqueWord("Hid");
  const hidden = createProduct(db, { title: `${word} Secret Heater`, category: "Home Appliances", isHidden: true });
  for (const url of [`/shop/product/${hidden.id}`, "/shop/product/999999999", "/shop/product/abc"]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Product not found." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Shop" })).toBeVisible();
  }
  await page.goto(`/shop?search=${word}`);
  await expect(page.getByText("No products found.")).toBeVisible();
  await page.goto("/shop?category=home-appliances&show=500");
  await expect(page.getByText(hidden.title)).toHaveCount(0);
  await page.goto("/");
  await expect(page.getByText(hidden.title)).toHaveCount(0);
});

test("the home page shows the brand logos and three category carousels with View All links", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("list", { name: "Brands we sell" }).getByRole("img")).toHaveCount(29);
  await expect(page.getByRole("img", { name: "Nordhaus" })).toBeVisible();
  for (const [title, slug] of [
    ["HOME APPLIANCES", "home-appliances"],
    ["KITCHEN APPLIANCES", "kitchen-appliances"],
    ["WOMENS BEAUTY CARE", "beauty-care-women"],
  ]) {
    const section = page.getByRole("region", { name: title });
    await expect(section.getByTestId("product-card").first()).toBeVisible();
    expect(await section.getByTestId("product-card").count()).toBeLessThanOrEqual(5);
    await expect(section.getByRole("link", { name: /View All/ })).toHaveAttribute("href", `/shop?category=${slug}`);
  }
});

test("sitemap.xml lists visible products and robots.txt keeps crawlers out of private pages", async ({
  request,
  db,
}) => {
  const hidden = createProduct(db, { title: `${uniqueWord("Map")} Hidden`, isHidden: true });
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  expect(xml).toContain("/shop/product/");
  expect(xml).not.toContain(`/shop/product/${hidden.id}<`);
  // Each page also in Arabic, each naming both languages.
  expect(xml).toMatch(/<loc>[^<]+\/ar\/shop\/product\/\d+<\/loc>/);
  expect(xml).toContain('hreflang="ar"');
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain("Sitemap:");
});

test("categories filter the listing from the sidebar", async ({ page, db }) => {
  const kitchen = db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.name, "Kitchen Appliances"))
    .get()!;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/shop");
  const sidebar = page.getByRole("complementary");
  await sidebar.locator("summary", { hasText: "Home" }).getByText("+").click();
  await sidebar.getByRole("link", { name: "Kitchen Appliances" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Kitchen Appliances" })).toBeVisible();
  await expect(page.getByTestId("showing")).toContainText(`of ${visibleCount(db, [kitchen.id])} Products`);
  await sidebar.getByRole("link", { name: "Clear" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
});
