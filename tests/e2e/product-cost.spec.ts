import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { products } from "../../db/schema/index.ts";
import { loginAsAdmin, routeDialog } from "./admin-helpers.ts";
import { addProductImage, createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, test } from "./fixtures.ts";
import { formatMoney } from "~/utils/money.ts";
import { placeOrder } from "~/orders/order.server.ts";

async function pngFile(name: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-img-")), name);
  await sharp({ create: { width: 120, height: 90, channels: 3, background: "#2a9d8f" } })
    .png()
    .toFile(file);
  return file;
}

test("the Add and Edit forms set what the item cost, refuse a third decimal, and clear it when emptied", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  const title = `${uniqueWord("Cost")} Toaster`;
  const costOf = (where: ReturnType<typeof eq>) =>
    db.select({ id: products.id, costCents: products.costCents }).from(products).where(where).get();

  await loginAsAdmin(page);
  await page.getByLabel("Product Title").fill(title);
  await page.getByLabel("Price ($)").fill("50");
  await page.getByLabel("Cost ($)").fill("30");
  await page.getByLabel("Category").selectOption("Kitchen Appliances");
  await page.getByLabel("Description", { exact: true }).fill("Toaster, open box.");
  await page.getByLabel("Product Images").setInputFiles(await pngFile("toaster.png"));
  if (javaScriptEnabled) await expect(page.getByTestId("image-upload")).toContainText("Uploaded");
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Product added successfully with 1 images!")).toBeVisible({ timeout: 15_000 });
  const added = costOf(eq(products.title, title))!;
  expect(added.costCents).toBe(3_000);

  // The products table's margin, and the table sorted by it.
  await page.goto(`/admin/products?q=${encodeURIComponent(title)}`);
  const row = page.getByTestId("admin-product-row").filter({ hasText: title });
  await expect(row.getByTestId("product-margin")).toHaveText("40% · cost $30.00");
  await page.getByRole("link", { name: "Margin, highest first" }).click();
  await expect(page).toHaveURL(/sort=margin-high/);
  await expect(page).toHaveURL(/q=/);
  await expect(row.getByTestId("product-margin")).toHaveText("40% · cost $30.00");

  const edit = `/admin/products/${added.id}/edit`;
  await page.goto(edit);
  const dialog = routeDialog(page, "Edit Product", javaScriptEnabled);
  await expect(dialog.getByLabel("Cost ($)")).toHaveValue("30");
  await dialog.getByLabel("Cost ($)").fill("12.345");
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expect(dialog.getByLabel("Cost ($)")).toHaveAccessibleDescription(/must have at most 2 decimal places/);
  expect(costOf(eq(products.id, added.id))!.costCents).toBe(3_000);

  await dialog.getByLabel("Cost ($)").fill("12.34");
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully!")).toBeVisible({ timeout: 15_000 });
  expect(costOf(eq(products.id, added.id))!.costCents).toBe(1_234);

  await page.goto(edit);
  await expect(dialog.getByLabel("Cost ($)")).toHaveValue("12.34");
  await dialog.getByLabel("Cost ($)").fill("");
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully!")).toBeVisible({ timeout: 15_000 });
  expect(costOf(eq(products.id, added.id))!.costCents).toBeNull();
});

test("the products table sorts by margin either way, products without a cost last", async ({ page, db }) => {
  const word = uniqueWord("Margin");
  const make = (name: string, priceCents: number, costCents: number | null) => {
    const product = createProduct(db, { title: `${word} ${name}`, priceCents });
    db.update(products).set({ costCents }).where(eq(products.id, product.id)).run();
    return product;
  };
  const thin = make("Thin", 10_000, 9_000);
  make("None", 10_000, null);
  make("Wide", 10_000, 2_000);
  make("Loss", 10_000, 12_000);
  await addProductImage(db, thin.id);
  await loginAsAdmin(page);
  const order = async (sort: string) => {
    await page.goto(`/admin/products?q=${word}&sort=${sort}`);
    return page
      .getByTestId("admin-product-row")
      .evaluateAll((rows) => rows.map((row) => row.querySelectorAll("td")[2]!.textContent!.split(" ").at(-1)));
  };
  expect(await order("margin-high")).toEqual(["Wide", "Thin", "Loss", "None"]);
  expect(await order("margin-low")).toEqual(["Loss", "Thin", "Wide", "None"]);
  await expect(page.getByTestId("admin-product-row").first().getByTestId("product-margin")).toHaveText(
    "-20% · cost $120.00",
  );
  await page.setViewportSize({ width: 360, height: 900 });
  await page.screenshot({ path: "test-results/admin-products-margin-360.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/admin-products-margin-1280.png" });
});

test("the Overview shows each period's gross profit and margin, and the units sold without a cost", async ({
  page,
  db,
}) => {
  const shipping = {
    name: "Margin Shopper",
    email: "margin@example.com",
    phone: "+961 70 555 321",
    address: "Next to the school",
    city: "Byblos",
    district: "Mount Lebanon",
    street: "Main",
    building: "3",
  };
  await loginAsAdmin(page, { landOn: null });
  type Period = { grossProfit: number; itemsWithoutCost: number };
  const figures = async () =>
    ((await (await page.request.get("/api/admin/overview")).json()) as { today: Period }).today;
  const before = await figures();
  const costed = createProduct(db, { title: `Margin Kettle ${uniqueWord()}`, stock: 5, priceCents: 5_000 });
  db.update(products).set({ costCents: 3_000 }).where(eq(products.id, costed.id)).run();
  const uncosted = createProduct(db, { title: `Margin Lamp ${uniqueWord()}`, stock: 5, priceCents: 2_000 });
  placeOrder(db, { lines: [{ productId: costed.id, size: null, quantity: 2 }], shipping });
  placeOrder(db, { lines: [{ productId: uncosted.id, size: null, quantity: 1 }], shipping });
  const after = await figures();
  // 2 × ($50 − $30), and the lamp's $20 whole: it has no cost.
  expect(Math.round(after.grossProfit * 100) - Math.round(before.grossProfit * 100)).toBe(6_000);
  expect(after.itemsWithoutCost - before.itemsWithoutCost).toBe(1);

  await page.goto("/admin/overview");
  const today = page.getByRole("region", { name: "Today" }).getByTestId("gross-profit");
  await expect(today).toContainText(`Gross profit${formatMoney(Math.round(after.grossProfit * 100))}`);
  await expect(today).toContainText(/\d+% margin/);
  await expect(today).toContainText(`${after.itemsWithoutCost} item`);
  await page.setViewportSize({ width: 360, height: 900 });
  await page.screenshot({ path: "test-results/admin-overview-profit-360.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/admin-overview-profit-1280.png" });
});
