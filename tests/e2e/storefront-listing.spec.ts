import type { Page } from "@playwright/test";
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { categories, products } from "../../db/schema/index.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { descendantIds, listCategories } from "~/catalogue/category.server.ts";
import { addProductImage, createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, test } from "./fixtures.ts";

const cards = (page: Page) => page.getByTestId("product-card");
/** Card titles are headings one level below their list's heading. */
const titlesOf = (page: Page) => cards(page).getByRole("heading");
const cardTitles = (page: Page) => titlesOf(page).allTextContents();

/** The price a card shows first (the old price, struck through, comes after it). */
async function cardPrices(page: Page) {
  const texts = await cards(page).allTextContents();
  return texts.map((text) => Number(/\$([\d,]+\.\d\d)/.exec(text)![1]!.replace(/,/g, "")));
}

async function chooseSort(page: Page, label: string, javaScriptEnabled: boolean) {
  await page.getByLabel("Sort by").selectOption({ label });
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Sort", exact: true }).click();
}

function categoryId(db: Db, name: string) {
  return db.select({ id: categories.id }).from(categories).where(eq(categories.name, name)).get()!.id;
}

test("'Latest' and 'Price (High-Low)' order a search's matches", async ({ page, db, javaScriptEnabled }) => {
  const word = uniqueWord("Sortq");
  // Made in one order, dated in another, so 'Latest' cannot pass by sorting on the id.
  const alpha = createProduct(db, { title: `${word} Alpha`, priceCents: 3_000 });
  const bravo = createProduct(db, { title: `${word} Bravo`, priceCents: 9_000 });
  const charlie = createProduct(db, { title: `${word} Charlie`, priceCents: 1_500 });
  const dated: [number, string][] = [
    [alpha.id, "2021-06-01T00:00:00Z"],
    [bravo.id, "2021-06-03T00:00:00Z"],
    [charlie.id, "2021-06-02T00:00:00Z"],
  ];
  for (const [id, at] of dated)
    db.update(products)
      .set({ createdAt: new Date(at) })
      .where(eq(products.id, id))
      .run();

  await page.goto(`/shop?search=${word}`);
  await expect(cards(page)).toHaveCount(3);
  await chooseSort(page, "Latest", javaScriptEnabled);
  await expect(page).toHaveURL(new RegExp(`search=${word}.*sort=latest`));
  await expect(titlesOf(page)).toHaveText([bravo.title, charlie.title, alpha.title]);

  await chooseSort(page, "Price (High-Low)", javaScriptEnabled);
  await expect(page).toHaveURL(new RegExp(`search=${word}.*sort=high`));
  await expect(titlesOf(page)).toHaveText([bravo.title, alpha.title, charlie.title]);
  expect(await cardPrices(page)).toEqual([90, 30, 15]);
});

test("'Latest' and 'Price (High-Low)' order a category page, and the sort keeps the category", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  const eyewear = categoryId(db, "Eyewear");
  const word = uniqueWord("Sortc");
  const now = Date.now();
  // 'newer' is made first but dated later; 'pricier' costs more.
  const newer = createProduct(db, { title: `${word} Aviators`, category: "Eyewear", priceCents: 500_000 });
  const pricier = createProduct(db, { title: `${word} Wayfarers`, category: "Eyewear", priceCents: 600_000 });
  db.update(products)
    .set({ createdAt: new Date(now) })
    .where(eq(products.id, newer.id))
    .run();
  db.update(products)
    .set({ createdAt: new Date(now - 60_000) })
    .where(eq(products.id, pricier.id))
    .run();
  const inEyewear = and(eq(products.categoryId, eyewear), eq(products.isHidden, false));
  const expected = (...order: SQL[]) =>
    db
      .select({ title: products.title })
      .from(products)
      .where(inEyewear)
      // Sold-out products come after those in stock, in the same order.
      .orderBy(sql`${products.stock} > 0 desc`, ...order)
      .limit(10)
      .all()
      .map((row) => row.title);

  await page.goto("/shop?category=eyewear");
  await expect(page.getByRole("heading", { level: 1, name: "Eyewear" })).toBeVisible();
  await expect(page.getByLabel("Sort by")).toHaveValue("latest");
  const latest = await cardTitles(page);
  expect(latest).toEqual(expected(desc(products.createdAt), desc(products.id)));
  expect(latest.indexOf(newer.title)).toBeLessThan(latest.indexOf(pricier.title));

  await chooseSort(page, "Price (High-Low)", javaScriptEnabled);
  await expect(page).toHaveURL(/\/shop\?category=eyewear&sort=high$/);
  await expect(page.getByRole("heading", { level: 1, name: "Eyewear" })).toBeVisible();
  await expect(cards(page).first()).toContainText(pricier.title);
  const high = await cardTitles(page);
  expect(high).toEqual(expected(desc(products.priceCents), desc(products.id)));
  expect(high.indexOf(pricier.title)).toBeLessThan(high.indexOf(newer.title));
});

test("Show More keeps the sort and the category in its URL", async ({ page, db }) => {
  const rows = listCategories(db);
  const home = rows.find((row) => row.name === "Home")!;
  const ids = descendantIds(rows, home.id);
  const total = db
    .select({ n: sql<number>`count(*)` })
    .from(products)
    .where(and(eq(products.isHidden, false), inArray(products.categoryId, ids)))
    .get()!.n;
  expect(total).toBeGreaterThan(10);

  await page.goto("/shop?category=home&sort=high");
  const more = page.getByRole("link", { name: `Show More (${total - 10} remaining)` });
  await expect(more).toHaveAttribute("href", "/shop?category=home&sort=high&show=20");
  await more.click();
  await expect(page).toHaveURL(/\/shop\?category=home&sort=high&show=20$/);
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
  const shown = Math.min(20, total);
  await expect(page.getByTestId("showing")).toHaveText(
    `Showing 1-${shown} of ${total} Products (Including all subcategories)`,
  );
  await expect(cards(page)).toHaveCount(shown);
  const prices = await cardPrices(page);
  // Highest price first, sold-out products after those in stock.
  const top = db
    .select({ price: products.priceCents })
    .from(products)
    .where(and(eq(products.isHidden, false), inArray(products.categoryId, ids)))
    .orderBy(sql`${products.stock} > 0 desc`, desc(products.priceCents))
    .limit(shown)
    .all()
    .map((row) => row.price / 100);
  expect(prices).toEqual(top);
});

test("a card shows 4 size chips and '+N more'", async ({ page, db }) => {
  const word = uniqueWord("Chips");
  createProduct(db, {
    title: `${word} Jacket`,
    category: "Men's Clothes",
    sizes: ["S", "M", "L", "XL", "XXL", "XXXL"],
  });
  createProduct(db, { title: `${word} Cap`, category: "Men's Clothes", sizes: ["S", "M", "L", "XL"] });
  await page.goto(`/shop?search=${word}&sort=name`);
  const chips = (title: string) =>
    cards(page).filter({ hasText: title }).getByRole("list", { name: "Sizes" }).getByRole("listitem");
  await expect(chips(`${word} Jacket`)).toHaveText(["S", "M", "L", "XL", "+2 more"]);
  await expect(chips(`${word} Cap`)).toHaveText(["S", "M", "L", "XL"]);
});

test("the breadcrumb on /shop, on a category and on a search", async ({ page }) => {
  await page.goto("/shop");
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("listitem")).toHaveText(["Home", "/Shop"]);
  await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(crumbs.getByText("Shop")).toHaveAttribute("aria-current", "page");

  // The top category named 'Home' is left out of the trail: it read 'Home / Shop / Home / …'.
  await page.goto("/shop?category=kitchen-appliances");
  await expect(crumbs.getByRole("listitem")).toHaveText(["Home", "/Shop", "/Kitchen Appliances"]);
  await expect(crumbs.getByRole("link", { name: "Shop" })).toHaveAttribute("href", "/shop");
  await expect(crumbs.getByText("Kitchen Appliances")).toHaveAttribute("aria-current", "page");
  await page.goto("/shop?category=home");
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
  await expect(crumbs.getByRole("listitem")).toHaveText(["Home", "/Shop", "/Home"]);

  await page.goto("/shop?search=kettle");
  await expect(crumbs.getByRole("listitem")).toHaveText(["Home", "/Shop", "/Search"]);
});

test("'All Categories' and 'Clear' lead back to /shop", async ({ page }) => {
  await page.goto("/shop?category=kitchen-appliances");
  const sidebar = page.getByRole("complementary");
  await expect(sidebar.getByRole("link", { name: "All Categories" })).toHaveAttribute("href", "/shop");
  await expect(sidebar.getByRole("link", { name: "Clear" })).toHaveAttribute("href", "/shop");
  await sidebar.getByRole("link", { name: "All Categories" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "All Categories" })).toHaveAttribute("aria-current", "page");

  // With a sort, 'All Categories' keeps it and 'Clear' drops everything.
  await page.goto("/shop?category=kitchen-appliances&sort=high");
  await expect(sidebar.getByRole("link", { name: "All Categories" })).toHaveAttribute("href", "/shop?sort=high");
  await sidebar.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
});

test("after 'Clear' the Sort by box shows the listing's sort again", async ({ page }) => {
  await page.goto("/shop?category=kitchen-appliances&sort=high");
  await expect(page.getByLabel("Sort by")).toHaveValue("high");
  await page.getByRole("complementary").getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
  await expect(page.getByLabel("Sort by")).toHaveValue("latest");
  await expect(page.getByLabel("Sort by").locator("option:checked")).toHaveText("Latest");
});

test("listing images carry srcset, sizes, width and height, and load lazily after the first two", async ({
  page,
  db,
}) => {
  const word = uniqueWord("Pix");
  for (const name of ["One", "Two", "Three", "Four"]) {
    const product = createProduct(db, { title: `${word} ${name}` });
    await addProductImage(db, product.id);
  }
  await page.goto(`/shop?search=${word}&sort=name`);
  const images = cards(page).locator("img");
  await expect(images).toHaveCount(4);
  for (const [index, image] of (await images.all()).entries()) {
    await expect(image).toHaveAttribute(
      "srcset",
      /\/uploads\/products\/\S+-320\.webp 320w, \S+-640\.webp 640w, \S+-700\.webp 700w/,
    );
    await expect(image).toHaveAttribute("sizes", /\S/);
    await expect(image).toHaveAttribute("width", "700");
    await expect(image).toHaveAttribute("height", "700");
    await expect(image).toHaveAttribute("loading", index < 2 ? "eager" : "lazy");
  }

  // The full listing follows the same rule for every card that has a photo (a srcset of the variants
  // its original allows: other tests on this worker's server upload small test images, whose only variant is narrower).
  await page.goto("/shop?show=20");
  const all = await cards(page).all();
  for (const [index, card] of all.entries()) {
    const image = card.locator("img");
    if ((await image.count()) === 0) continue;
    await expect(image).toHaveAttribute("srcset", /\.webp \d+w/);
    if (index >= 2) await expect(image).toHaveAttribute("loading", "lazy");
  }
});
