import { and, eq, inArray } from "drizzle-orm";
import { categories, products } from "../../db/schema/index.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, test } from "./fixtures.ts";

const dollars = (text: string) => Number(text.replace(/[^\d.]/g, ""));

// CONTRACT.md "Price new" overrides spec §9's invented 1.2 × old price: only a stored price new is
// struck through, with its badge; a card without one shows neither (decision 026).
test("every carousel card with a price new shows it struck through and '-N%' from it; the others show neither", async ({
  page,
}) => {
  await page.goto("/");
  let discounted = 0;
  for (const title of ["HOME APPLIANCES", "KITCHEN APPLIANCES", "WOMENS BEAUTY CARE"]) {
    const section = page.getByRole("region", { name: title });
    const cards = await section.getByTestId("product-card").all();
    expect(cards.length, title).toBeGreaterThan(0);
    for (const card of cards) {
      const price = dollars((await card.locator("p.tabular > span").first().textContent())!);
      const old = card.locator("s");
      if ((await old.count()) === 0) {
        await expect(card.getByText(/^-\d+%$/)).toHaveCount(0);
        continue;
      }
      discounted += 1;
      const oldPrice = dollars((await old.textContent())!);
      expect(oldPrice).toBeGreaterThan(price);
      await expect(card.getByText(/^-\d+%$/)).toHaveText(`-${100 - Math.round((price / oldPrice) * 100)}%`);
    }
  }
  // Most demo products carry their real price new.
  expect(discounted).toBeGreaterThan(0);
});

test("a carousel shows only visible products of its category, with old price and badge, and its empty state", async ({
  page,
  db,
}) => {
  // Take the section's category out of the random pick: hide what it holds, then put it back.
  const kitchen = db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.name, "Kitchen Appliances"))
    .get()!.id;
  const shown = db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.categoryId, kitchen), eq(products.isHidden, false)))
    .all()
    .map((row) => row.id);
  try {
    if (shown.length) db.update(products).set({ isHidden: true }).where(inArray(products.id, shown)).run();
    await page.goto("/");
    const section = page.getByRole("region", { name: "KITCHEN APPLIANCES" });
    await expect(section.getByText("No products found for this category.")).toBeVisible();
    await expect(section.getByTestId("product-card")).toHaveCount(0);

    const word = uniqueWord("Caro");
    const discounted = createProduct(db, {
      title: `${word} Juicer`,
      category: "Kitchen Appliances",
      priceCents: 8_000,
      oldPriceCents: 10_000,
    });
    const plain = createProduct(db, {
      title: `${word} Toaster`,
      category: "Kitchen Appliances",
      priceCents: 1_000,
      oldPriceCents: null,
    });
    const hidden = createProduct(db, {
      title: `${word} Secret Kettle`,
      category: "Kitchen Appliances",
      isHidden: true,
    });
    await page.goto("/");
    await expect(section.getByTestId("product-card")).toHaveCount(2);
    const juicer = section.getByTestId("product-card").filter({ hasText: discounted.title });
    await expect(juicer).toContainText("$80.00");
    await expect(juicer.locator("s")).toHaveText("Price new $100.00");
    await expect(juicer.getByText("-20%", { exact: true })).toBeVisible();
    // No price new: nothing struck through, no badge (CONTRACT.md "Price new", not spec §9's 1.2 ×).
    const toaster = section.getByTestId("product-card").filter({ hasText: plain.title });
    await expect(toaster).toContainText("$10.00");
    await expect(toaster.locator("s")).toHaveCount(0);
    await expect(toaster.getByText(/^-\d+%$/)).toHaveCount(0);
    await expect(page.getByText(hidden.title)).toHaveCount(0);

    await section.getByRole("link", { name: "View All kitchen appliances" }).click();
    await expect(page).toHaveURL(/\/shop\?category=kitchen-appliances$/);
    await expect(page.getByRole("heading", { level: 1, name: "Kitchen Appliances" })).toBeVisible();
    await expect(page.getByTestId("product-card")).toHaveCount(2);
  } finally {
    if (shown.length) db.update(products).set({ isHidden: false }).where(inArray(products.id, shown)).run();
  }
});

test("each 'View All' leads to its category's listing", async ({ page }) => {
  for (const [title, heading] of [
    ["HOME APPLIANCES", "Home Appliances"],
    ["KITCHEN APPLIANCES", "Kitchen Appliances"],
    ["WOMENS BEAUTY CARE", "Beauty Care Women"],
  ] as const) {
    await page.goto("/");
    await page
      .getByRole("region", { name: title })
      .getByRole("link", { name: /View All/ })
      .click();
    await expect(page).toHaveURL(/\/shop\?category=[a-z-]+$/);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByTestId("showing")).toContainText("(Including all subcategories)");
  }
});
