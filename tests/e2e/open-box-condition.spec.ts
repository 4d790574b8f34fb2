import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { productImages, products } from "../../db/schema/index.ts";
import { loginAsAdmin } from "./admin-helpers.ts";
import { addProductImage, createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, test } from "./fixtures.ts";

async function pngFile(name: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-img-")), name);
  // Wide enough for the 320 px variant the listings ask for (tests/e2e/storefront-listing.spec.ts).
  await sharp({ create: { width: 400, height: 300, channels: 3, background: "#8ab17d" } })
    .png()
    .toFile(file);
  return file;
}

test("the admin adds a damaged-box, very-good product; the shopper sees its condition, filters to it, sorts, and clears", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  const title = `${uniqueWord("Grind")} Angle Grinder`;
  await loginAsAdmin(page);
  await page.getByLabel("Product Title").fill(title);
  await page.getByLabel("Price ($)").fill("0.50");
  await page.getByLabel("Stock Quantity").fill("5");
  await page.getByLabel("Category").selectOption("Tools");
  await page.getByLabel("Description", { exact: true }).fill("Angle grinder, 125 mm disc.");
  await page.getByLabel("Packaging").selectOption("damaged-box");
  await page.getByLabel("Grade").selectOption("very-good");
  await page.getByLabel("Condition notes").fill("Missing the original side handle; a generic one is included.");
  await page.getByLabel("Product Images").setInputFiles(await pngFile("grinder.png"));
  if (javaScriptEnabled) {
    await page.getByLabel("In the box, item 1").fill("Grinder");
    await page.getByRole("button", { name: "Add item" }).click();
    await page.getByLabel("In the box, item 2").fill("Generic side handle");
    await expect(page.getByTestId("image-upload")).toContainText("Uploaded");
    await page.getByLabel("Caption for grinder.png").fill("Scuff on the left side");
  } else {
    await page.getByLabel("In the box").fill("Grinder\nGeneric side handle");
    await page.getByLabel("Image captions").fill("Scuff on the left side");
  }
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Product added successfully with 1 images!")).toBeVisible({ timeout: 15_000 });
  const stored = db.select().from(products).where(eq(products.title, title)).get()!;
  expect(stored).toMatchObject({
    packaging: "damaged-box",
    grade: "very-good",
    inTheBox: ["Grinder", "Generic side handle"],
  });
  expect(
    db
      .select({ caption: productImages.caption })
      .from(productImages)
      .where(eq(productImages.productId, stored.id))
      .all(),
  ).toEqual([{ caption: "Scuff on the left side" }]);
  // The products table shows the condition, and its search matches it.
  await page.getByRole("searchbox", { name: "Search products" }).fill("damaged box");
  await page.getByRole("searchbox", { name: "Search products" }).press("Enter");
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Damaged box, Very good");

  // A like-new, open-box product in the same category, cheaper still: the filter must leave it out.
  const plain = createProduct(db, { title: `${uniqueWord("Plain")} Level`, category: "Tools", priceCents: 40 });
  await addProductImage(db, plain.id);

  await page.goto(`/shop?search=${encodeURIComponent(title)}`);
  const card = page.getByTestId("product-card").filter({ hasText: title });
  await expect(card.getByTestId("condition-chips")).toHaveText("Damaged boxVery good");
  await card.click();
  const condition = page.getByTestId("condition");
  await expect(condition).toContainText(
    "Damaged box: The box was damaged in transport; the item inside is new and complete.",
  );
  await expect(condition).toContainText("Very good");
  await expect(condition).toContainText("Missing the original side handle; a generic one is included.");
  await expect(condition.getByRole("listitem")).toHaveText(["Grinder", "Generic side handle"]);
  await expect(page.getByTestId("image-caption")).toHaveText("Scuff on the left side");
  await expect(page.getByRole("img", { name: "Scuff on the left side" }).first()).toBeVisible();

  await page.goto("/shop?category=tools&sort=low");
  await expect(page.getByTestId("product-card").filter({ hasText: plain.title })).toBeVisible();
  const filters = page.getByRole("complementary", { name: "Filters" });
  await filters.getByRole("checkbox", { name: /Damaged box/ }).check();
  if (javaScriptEnabled) await expect(page).toHaveURL(/packaging=damaged-box/);
  await filters.getByRole("checkbox", { name: /Very good/ }).check();
  if (!javaScriptEnabled) await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/packaging=damaged-box&grade=very-good/);
  await expect(page).toHaveURL(/category=tools/);
  await expect(page).toHaveURL(/sort=low/);
  await expect(page.getByTestId("product-card").filter({ hasText: title })).toBeVisible();
  await expect(page.getByTestId("product-card").filter({ hasText: plain.title })).toHaveCount(0);

  // Another sort keeps the filters and the category.
  await page.getByLabel("Sort by").selectOption("name");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Sort", exact: true }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(page).toHaveURL(/packaging=damaged-box/);
  await expect(page).toHaveURL(/grade=very-good/);
  await expect(page).toHaveURL(/category=tools/);
  for (const card of await page.getByTestId("condition-chips").all())
    await expect(card).toHaveText("Damaged boxVery good");

  await filters.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(filters.getByRole("checkbox", { name: /Damaged box/ })).not.toBeChecked();
  await expect(filters.getByRole("checkbox", { name: /Very good/ })).not.toBeChecked();
});

test("the condition guide is reachable from a product page and from the footer", async ({ page, db }) => {
  const product = createProduct(db, { title: `${uniqueWord("Guide")} Heater` });
  await page.goto(`/shop/product/${product.id}`);
  await page.getByRole("link", { name: "How we grade condition" }).click();
  await expect(page).toHaveURL(/\/condition-guide$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Condition guide");
  await expect(page).toHaveTitle(/Condition guide/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Open box, Damaged box and No box/);
  for (const label of ["Open box", "Damaged box", "No box", "Like new", "Very good", "Good"]) {
    await expect(page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
  }
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Condition guide" }).click();
  await expect(page).toHaveURL(/\/condition-guide$/);
});

test("screenshots of a card, the product page, /shop's filters and the condition guide at 360 and 1280 px", async ({
  page,
  db,
  javaScriptEnabled,
}, testInfo) => {
  test.skip(!javaScriptEnabled, "one set is enough");
  const product = createProduct(db, {
    title: `${uniqueWord("Shot")} Cordless Kettle`,
    category: "Kitchen Appliances",
    priceCents: 4_000,
    oldPriceCents: 5_000,
  });
  db.update(products)
    .set({
      packaging: "damaged-box",
      grade: "very-good",
      conditionNotes: "A faint scuff on the lid, visible only up close.",
      inTheBox: ["Kettle", "Power base", "Manual"],
    })
    .where(eq(products.id, product.id))
    .run();
  const image = await addProductImage(db, product.id);
  db.update(productImages).set({ caption: "Faint scuff on the lid" }).where(eq(productImages.id, image.id)).run();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/shop?search=${encodeURIComponent(product.title)}`);
    await page
      .getByTestId("product-card")
      .first()
      .screenshot({ path: testInfo.outputPath(`card-${width}.png`) });
    await page.goto(`/shop/product/${product.id}`);
    await page.screenshot({ path: testInfo.outputPath(`product-${width}.png`), fullPage: true });
    await page.goto("/shop?category=home&packaging=damaged-box&grade=very-good");
    if (width < 992) await page.locator("summary", { hasText: "Filters" }).click();
    await page.screenshot({ path: testInfo.outputPath(`shop-filters-${width}.png`), fullPage: width >= 992 });
    await page.goto("/condition-guide");
    await page.screenshot({ path: testInfo.outputPath(`condition-guide-${width}.png`), fullPage: true });
  }
});
