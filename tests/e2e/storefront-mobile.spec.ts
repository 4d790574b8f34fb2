import { and, count, eq, inArray } from "drizzle-orm";
import { categories, products } from "../../db/schema/index.ts";
import { expect, test } from "./fixtures.ts";

// A small phone: the header shows the Menu and Search drawers, /shop its Filters drawer.
test.use({ viewport: { width: 360, height: 740 } });

test("at phone width the Menu drawer lists All Products and a category link that works", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  // One menu for both widths: on a phone only its Menu button shows, not the Home and Shop links.
  const drawer = header.getByRole("navigation", { name: "Main" });
  await expect(drawer.getByRole("link", { name: "Shop", exact: true })).toBeHidden();
  await expect(drawer.getByRole("link", { name: "All Products" })).toBeHidden();

  await header.locator('summary[aria-label="Menu"]').click();
  await expect(drawer.getByRole("link", { name: "Home", exact: true })).toBeVisible();
  await expect(drawer.getByRole("link", { name: "All Products" })).toHaveAttribute("href", "/shop");
  await drawer.locator("summary", { hasText: /^Home/ }).click();
  await drawer.getByRole("link", { name: "Kitchen Appliances" }).click();
  await expect(page).toHaveURL(/\/shop\?category=kitchen-appliances$/);
  await expect(page.getByRole("heading", { level: 1, name: "Kitchen Appliances" })).toBeVisible();

  await header.locator('summary[aria-label="Menu"]').click();
  await drawer.getByRole("link", { name: "All Products" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
});

test("at phone width the 'Search Products' drawer searches /shop?search=", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  // One search box for both widths: on a phone it waits in its closed drawer.
  await expect(page.locator("#site-search")).toBeHidden();
  await expect(header.getByText("Search Products", { exact: true })).toBeHidden();
  await header.locator('summary[aria-label="Search"]').click();
  await expect(header.getByText("Search Products", { exact: true })).toBeVisible();
  const box = page.locator("#site-search");
  await expect(box).toBeVisible();
  await box.fill("kettle");
  // With JavaScript, let the suggestions arrive first, so the list is the one for what was typed.
  if (javaScriptEnabled)
    await expect(page.getByRole("option", { name: 'View all results for "kettle"' })).toBeVisible();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/shop\?search=kettle$/);
  await expect(page.getByRole("heading", { level: 1, name: 'Search results for "kettle"' })).toBeVisible();
});

test("at phone width the /shop Filters drawer picks a category", async ({ page, db }) => {
  const tools = db.select({ id: categories.id }).from(categories).where(eq(categories.name, "Tools")).get()!;
  await page.goto("/shop");
  const filters = page.locator("details", { has: page.locator("summary", { hasText: "Filters" }) });
  // The sidebar's heading is not shown (the same filters are the drawer); the drawer starts closed.
  await expect(page.getByRole("heading", { name: "Filters" })).toBeHidden();
  await expect(filters.getByRole("link", { name: "All Categories" })).toBeHidden();

  await filters.locator("summary", { hasText: "Filters" }).click();
  await expect(filters.getByRole("link", { name: "All Categories" })).toBeVisible();
  // A bottom drawer: its panel sits against the bottom of the screen.
  const panel = await filters.locator(".filter-sheet-panel").boundingBox();
  expect(Math.round(panel!.y + panel!.height)).toBe(740);
  // Each branch's sign follows its own state: Home opens, Fashion stays '+'.
  const branch = (name: RegExp) => filters.locator("summary", { hasText: name });
  await branch(/^Home/).click();
  await expect(branch(/^Home/).locator(".when-open")).toBeVisible();
  await expect(branch(/^Fashion/).locator(".when-closed")).toBeVisible();
  await expect(branch(/^Fashion/).locator(".when-open")).toBeHidden();
  await filters.getByRole("link", { name: "Tools", exact: true }).click();
  await expect(page).toHaveURL(/\/shop\?category=tools$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tools" })).toBeVisible();
  const inTools = db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.isHidden, false), inArray(products.categoryId, [tools.id])))
    .get()!.n;
  await expect(page.getByTestId("showing")).toHaveText(
    `Showing 1-${Math.min(10, inTools)} of ${inTools} Products (Including all subcategories)`,
  );
});
