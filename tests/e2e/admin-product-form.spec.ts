import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { products } from "../../db/schema/index.ts";
import { loginAsAdmin, routeDialog, storedImageFiles } from "./admin-helpers.ts";
import { addProductImage, createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, test } from "./fixtures.ts";

async function pngFile(name: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-img-")), name);
  await sharp({ create: { width: 120, height: 90, channels: 3, background: "#e9c46a" } })
    .png()
    .toFile(file);
  return file;
}

const THIRD_DECIMAL = "must have at most 2 decimal places";

test("the Add and Edit forms refuse a price with a third decimal beside the field and store nothing", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  const title = `${uniqueWord("Cents")} Heater`;
  await loginAsAdmin(page);
  await page.getByLabel("Product Title").fill(title);
  await page.getByLabel("Price ($)").fill("19.999");
  await page.getByLabel("Category").selectOption("Tools");
  await page.getByLabel("Description", { exact: true }).fill("Open box heater.");
  await page.getByLabel("Product Images").setInputFiles(await pngFile("heater.png"));
  const addButton = page.getByRole("button", { name: "Add Product" });
  if (javaScriptEnabled) {
    await expect(page.getByTestId("image-upload")).toContainText("Uploaded");
    // The button says why it stays disabled; pressing Enter in the field sends nothing either.
    await expect(addButton).toBeDisabled();
    await expect(addButton).toHaveAccessibleDescription("Still needed: a valid price");
    await page.getByLabel("Price ($)").press("Enter");
  } else {
    await addButton.click();
  }
  await expect(page.getByLabel("Price ($)")).toHaveAccessibleDescription(THIRD_DECIMAL);
  await expect(page.getByLabel("Price ($)")).toHaveValue("19.999");
  const before = storedImageFiles();
  expect(db.select().from(products).where(eq(products.title, title)).all()).toEqual([]);

  const product = createProduct(db, { title: `${uniqueWord("Cents")} Fan`, priceCents: 1_000 });
  await page.goto(`/admin/products/${product.id}/edit`);
  const dialog = routeDialog(page, "Edit Product", javaScriptEnabled);
  await dialog.getByLabel("Price ($)").fill("19.999");
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expect(dialog.getByLabel("Price ($)")).toHaveAccessibleDescription(THIRD_DECIMAL);
  expect(
    db.select({ priceCents: products.priceCents }).from(products).where(eq(products.id, product.id)).get(),
  ).toEqual({ priceCents: 1_000 });
  expect(storedImageFiles()).toEqual(before);
});

test("with JavaScript, Add Product says what it still needs beside the disabled button", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(
    !javaScriptEnabled,
    "without JavaScript the button is always enabled and the server responds to each field",
  );
  await loginAsAdmin(page);
  const addButton = page.getByRole("button", { name: "Add Product" });
  await expect(addButton).toBeDisabled();
  await expect(addButton).toHaveAccessibleDescription(
    "Still needed: a title, a valid price, a description, a category, an image",
  );
  await page.getByLabel("Product Title").fill("Hinted Kettle");
  await page.getByLabel("Price ($)").fill("12.50");
  await page.getByLabel("Category").selectOption("Kitchen Appliances");
  await expect(addButton).toHaveAccessibleDescription("Still needed: a description, an image");
  await page.getByLabel("Description", { exact: true }).fill("Kettle, box opened.");
  await expect(page.getByText("Still needed: an image")).toBeVisible();
  await page.getByLabel("Product Images").setInputFiles(await pngFile("kettle.png"));
  await expect(page.getByTestId("image-upload")).toContainText("Uploaded");
  await expect(addButton).toBeEnabled();
  await expect(page.getByText(/^Still needed/)).toHaveCount(0);
});

test("after a product is added the form is back to its defaults, and the toast leaves the search box free", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  const title = `${uniqueWord("Reset")} Drill`;
  await loginAsAdmin(page);
  await page.getByLabel("Product Title").fill(title);
  await page.getByLabel("Price ($)").fill("30");
  // Without JavaScript the sizes' own fields need 'Update sizes'; a product posted without them
  // keeps the one shared Stock Quantity. With JavaScript XL's field appears at once.
  if (!javaScriptEnabled) await page.getByLabel("Stock Quantity").fill("7");
  await page.getByLabel("Category").selectOption("Tools");
  await page.getByRole("checkbox", { name: "XL", exact: true }).check();
  if (javaScriptEnabled) await page.getByLabel("Stock of XL").fill("7");
  await page.getByLabel("Description", { exact: true }).fill("Drill, open box.");
  await page.getByLabel("Product Images").setInputFiles(await pngFile("drill.png"));
  if (javaScriptEnabled) await expect(page.getByTestId("image-upload")).toContainText("Uploaded");
  await page.getByRole("button", { name: "Add Product" }).click();
  const toast = page.getByText("Product added successfully with 1 images!");
  await expect(toast).toBeVisible({ timeout: 15_000 });
  expect(
    db.select({ stock: products.stock, sizes: products.sizes }).from(products).where(eq(products.title, title)).get(),
  ).toEqual({ stock: 7, sizes: ["XL"] });

  await expect(page.getByLabel("Product Title")).toHaveValue("");
  await expect(page.getByLabel("Category")).toHaveValue("");
  await expect(page.getByLabel("Category").locator("option:checked")).toHaveText("Select a category");
  await expect(page.getByLabel("Stock Quantity")).toHaveValue("0");
  await expect(page.getByRole("checkbox", { name: "XL", exact: true })).not.toBeChecked();
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Add Product" })).toBeDisabled();

  const box = (await page.getByRole("searchbox", { name: "Search products" }).boundingBox())!;
  const shown = (await toast.boundingBox())!;
  const overlaps =
    shown.x < box.x + box.width &&
    box.x < shown.x + shown.width &&
    shown.y < box.y + box.height &&
    box.y < shown.y + shown.height;
  expect(overlaps).toBe(false);
});

test("the Arabic title and description are typed right to left, saved, and shown back in the Edit form", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  const product = createProduct(db, { title: `${uniqueWord("Arabic")} Kettle` });
  await addProductImage(db, product.id);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await loginAsAdmin(page);
  for (const label of ["Arabic title", "Arabic description"]) {
    await expect(page.getByLabel(label)).toHaveAttribute("dir", "rtl");
    await expect(page.getByLabel(label)).toHaveAttribute("lang", "ar");
  }
  if (javaScriptEnabled) {
    await page.getByLabel("Arabic title").fill("غلاية");
    await page.getByLabel("Arabic title").scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/admin-add-arabic-1280.png" });
  }
  const edit = `/admin/products/${product.id}/edit`;
  await page.goto(edit);
  const dialog = routeDialog(page, "Edit Product", javaScriptEnabled);
  await dialog.getByLabel("Arabic title").fill("غلاية كهربائية");
  await dialog.getByLabel("Arabic description").fill("علبة مفتوحة، كاملة مع القاعدة.");
  if (javaScriptEnabled) {
    await dialog.getByLabel("Arabic title").scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/admin-edit-arabic-1280.png" });
  }
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully!")).toBeVisible({ timeout: 15_000 });
  const arabicOf = () =>
    db
      .select({ titleAr: products.titleAr, descriptionAr: products.descriptionAr })
      .from(products)
      .where(eq(products.id, product.id))
      .get();
  expect(arabicOf()).toEqual({ titleAr: "غلاية كهربائية", descriptionAr: "علبة مفتوحة، كاملة مع القاعدة." });

  await page.goto(edit);
  await expect(dialog.getByLabel("Arabic title")).toHaveValue("غلاية كهربائية");
  await dialog.getByLabel("Arabic description").fill("");
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully!")).toBeVisible({ timeout: 15_000 });
  expect(arabicOf()).toEqual({ titleAr: "غلاية كهربائية", descriptionAr: null });
});

for (const width of [360, 1280]) {
  test(`the products list fits ${width} px with each row's Edit and Delete on screen`, async ({
    page,
    db,
    javaScriptEnabled,
  }, testInfo) => {
    const word = uniqueWord("Fit");
    createProduct(db, {
      title: `${word} Cordless Stick Vacuum With Wall Mount And Spare Filters`,
      sizes: ["S", "M", "L", "XL"],
      stock: 3,
    });
    createProduct(db, { title: `${word} Hidden Grinder`, isHidden: true, stock: 0 });
    await page.setViewportSize({ width, height: 800 });
    await loginAsAdmin(page);
    await page.goto(`/admin/products?q=${word}`);
    const rows = page.getByTestId("admin-product-row");
    await expect(rows).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const actions = [
      ...(await rows.getByRole("link", { name: /^Edit / }).all()),
      ...(await rows.getByRole("button", { name: /^Delete / }).all()),
    ];
    expect(actions).toHaveLength(4);
    for (const action of actions) {
      await expect(action).toBeVisible();
      const rect = (await action.boundingBox())!;
      expect(rect.x + rect.width).toBeLessThanOrEqual(width);
    }
    // On a phone each row is a card whose lines carry their column's name; the table has its header instead.
    const stockLabel = await rows
      .first()
      .locator('[data-label="Stock"]')
      .evaluate((cell) => getComputedStyle(cell, "::before").content);
    expect(stockLabel).toBe(width < 768 ? '"Stock"' : "none");
    await expect(page.getByRole("columnheader", { name: "Stock" })).toBeVisible({ visible: width >= 768 });
    await testInfo.attach(`admin-products-${width}-${javaScriptEnabled ? "js" : "nojs"}`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: "image/png",
    });
    if (javaScriptEnabled) await page.screenshot({ path: `test-results/admin-products-${width}.png`, fullPage: true });
  });
}
