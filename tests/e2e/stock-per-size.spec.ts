import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { products } from "../../db/schema/index.ts";
import { loginAsAdmin, routeDialog } from "./admin-helpers.ts";
import { addProductImage, createProduct, uniqueWord } from "../support/db-factories.ts";
import { placeOrderAtCheckout } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";

/** A photo as large as a real one, so its listing card has every variant (storefront-listing checks them all). */
async function pngFile(name: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-img-")), name);
  await sharp({ create: { width: 700, height: 900, channels: 3, background: "#b5838d" } })
    .png()
    .toFile(file);
  return file;
}

/** A size the shopper can choose: a link named by the size alone. */
const sizeLink = (page: Page, size: string) => page.getByRole("link", { name: size, exact: true });
/** A size with none left: listed, named 'out of stock', not followable. */
const soldOutSize = (page: Page, size: string) => page.getByRole("link", { name: `${size}, out of stock` });

test("a dress added with S 0, M 2, L 1: S cannot be chosen, 2 × M empties M, L still sells, cancel gives M back", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  const title = `${uniqueWord("Wrap")} Dress`;

  // The admin adds the dress through the Add form, a stock field per ticked size.
  await loginAsAdmin(page);
  await page.getByLabel("Product Title").fill(title);
  await page.getByLabel("Price ($)").fill("45");
  await page.getByLabel("Category").selectOption("Women's Clothes");
  await page.getByLabel("Description", { exact: true }).fill("Wrap dress, tried on once, tags attached.");
  for (const size of ["S", "M", "L"]) await page.getByLabel(size, { exact: true }).check();
  if (!javaScriptEnabled) {
    // The fields for the ticked sizes come with the page the server sends back, the rest as typed.
    await page.getByRole("button", { name: "Update sizes" }).click();
    await expect(page.getByLabel("Product Title")).toHaveValue(title);
    await expect(page.getByLabel("M", { exact: true })).toBeChecked();
  }
  await expect(page.getByLabel(/^Stock of /)).toHaveCount(3);
  await page.getByLabel("Stock of S").fill("0");
  await page.getByLabel("Stock of M").fill("2");
  await page.getByLabel("Stock of L").fill("1");
  if (javaScriptEnabled) {
    const total = page.getByRole("spinbutton", { name: "Stock Quantity" });
    await expect(total).toHaveValue("3");
    await expect(total).toHaveAttribute("readonly", "");
  }
  await page.getByLabel("Product Images").setInputFiles(await pngFile("dress.png"));
  if (javaScriptEnabled) await expect(page.getByTestId("image-upload")).toContainText("Uploaded");
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Product added successfully with 1 images!")).toBeVisible();

  const dress = db.select().from(products).where(eq(products.title, title)).get()!;
  expect(dress).toMatchObject({ stock: 3, sizes: ["S", "M", "L"] });
  const row = page.getByTestId("admin-product-row").filter({ hasText: title });
  await expect(row).toContainText("S 0 · M 2 · L 1");

  // The shopper: S is shown but cannot be chosen; M follows its own stock.
  await page.goto(`/shop/product/${dress.id}`);
  await expect(soldOutSize(page, "S")).toBeDisabled();
  await expect(soldOutSize(page, "S")).not.toHaveAttribute("href");
  await sizeLink(page, "M").click();
  await expect(page).toHaveURL(/size=M/);
  await expect(page.getByText("Only 2 left in stock")).toBeVisible();
  await page.getByRole("textbox", { name: "Quantity" }).fill("2");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/was added to your cart/)).toBeVisible();
  const { orderNumber } = await placeOrderAtCheckout(page);

  // M is gone now; L can still be ordered.
  await page.goto(`/shop/product/${dress.id}?size=M`);
  await expect(soldOutSize(page, "M")).toBeDisabled();
  await expect(page.getByText("Out of Stock").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Out of Stock" })).toBeDisabled();
  await sizeLink(page, "L").click();
  await expect(page).toHaveURL(/size=L/);
  await expect(page.getByText("Only 1 left in stock")).toBeVisible();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/was added to your cart/)).toBeVisible();
  await placeOrderAtCheckout(page);

  // The admin cancels the order: M has its 2 back.
  await page.goto(`/admin/orders?q=${encodeURIComponent(`#${orderNumber}`)}`);
  await expect(page.getByTestId("admin-order-row")).toHaveCount(1);
  await page.getByRole("link", { name: /^Order #\d+ details$/ }).click();
  await page.getByRole("link", { name: "Cancel Order" }).click();
  await page.getByRole("button", { name: "Yes, cancel the order" }).click();
  await expect(page.getByText("Order cancelled successfully")).toBeVisible();

  await page.goto(`/shop/product/${dress.id}?size=M`);
  await expect(sizeLink(page, "M")).toHaveAttribute("aria-current", "true");
  await expect(page.getByText("Only 2 left in stock")).toBeVisible();
  await expect(soldOutSize(page, "S")).toBeDisabled();
});

test("a product whose sizes share one stock keeps it when edited, and Enter in a field saves", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  const shirt = createProduct(db, {
    title: `${uniqueWord("Oxford")} Shirt`,
    category: "Men's Clothes",
    priceCents: 2_000,
    stock: 5,
    sizes: ["M", "L"],
  });
  await addProductImage(db, shirt.id);
  await loginAsAdmin(page, { landOn: `/admin/products/${shirt.id}/edit` });
  const dialog = routeDialog(page, "Edit Product", javaScriptEnabled);
  await expect(dialog.getByText("These sizes share the one Stock Quantity.")).toBeVisible();
  await expect(dialog.getByLabel("Stock Quantity")).toHaveValue("5");
  await expect(dialog.getByLabel(/^Stock of /)).toHaveCount(0);
  await dialog.getByLabel("Price ($)").fill("22");
  await dialog.getByLabel("Price ($)").press("Enter");
  await expect(page.getByText("Product updated successfully!")).toBeVisible();
  expect(
    db
      .select({ priceCents: products.priceCents, stock: products.stock })
      .from(products)
      .where(eq(products.id, shirt.id))
      .get(),
  ).toEqual({ priceCents: 2_200, stock: 5 });
});

test("Edit Product: Stock Quantity follows the stock per size as it is typed, as on the Add form", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  const coat = createProduct(db, {
    title: `${uniqueWord("Pea")} Coat`,
    category: "Men's Clothes",
    priceCents: 6_000,
    stockBySize: { M: 2, L: 1 },
  });
  await addProductImage(db, coat.id);
  await loginAsAdmin(page, { landOn: `/admin/products/${coat.id}/edit` });
  const dialog = routeDialog(page, "Edit Product", javaScriptEnabled);
  await expect(dialog.getByLabel("Stock of M")).toHaveValue("2");
  await dialog.getByLabel("Stock of M").fill("5");
  if (javaScriptEnabled) {
    // Read-only, the sum of what is typed below it.
    await expect(dialog.getByRole("spinbutton", { name: "Stock Quantity" })).toHaveValue("6");
    await dialog.getByLabel("XL", { exact: true }).check();
    await dialog.getByLabel("Stock of XL").fill("4");
    await expect(dialog.getByRole("spinbutton", { name: "Stock Quantity" })).toHaveValue("10");
  } else {
    await expect(dialog.getByText("The sum of the stock per size, below.")).toBeVisible();
  }
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully!")).toBeVisible();
  expect(db.select({ stock: products.stock }).from(products).where(eq(products.id, coat.id)).get()).toEqual({
    stock: javaScriptEnabled ? 10 : 6,
  });
});
