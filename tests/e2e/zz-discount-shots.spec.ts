import { eq } from "drizzle-orm";
import { discounts, orders } from "../../db/schema/index.ts";
import { loginAsAdmin } from "./admin-helpers.ts";
import { addProductImage, createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, test } from "./fixtures.ts";

test("discount screenshots", async ({ page, db, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled);
  const dir = "/work/shots/discounts";
  db.delete(discounts).where(eq(discounts.code, "WINTER-5")).run();
  const lamp = createProduct(db, { title: `${uniqueWord("Shot")} Lamp`, priceCents: 2_000, stock: 10 });
  await addProductImage(db, lamp.id);
  await loginAsAdmin(page, { landOn: "/admin/discounts" });
  await page.getByLabel("Code", { exact: true }).fill("winter-5");
  await page.getByLabel("Or a fixed amount off ($)").fill("5");
  await page.getByLabel("Ends on (Beirut, included)").fill("2026-12-31");
  await page.getByLabel("Once per phone number").check();
  await page.getByRole("button", { name: "Add code" }).click();
  await expect(page.getByText("Discount code WINTER-5 saved")).toBeVisible();
  const shoot = async (name: string) => {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
    }
  };
  await shoot("admin-discounts");
  await page.getByLabel("Percentage off (%)").fill("95");
  await page.getByRole("button", { name: "Add code" }).click();
  await expect(page.getByText("must be a whole number from 1 to 90")).toBeVisible();
  await shoot("admin-discounts-errors");
  await page.goto(`/shop/product/${lamp.id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/was added to your cart/)).toBeVisible();
  await page.goto("/cart");
  await page.getByLabel("Discount code").fill("summer10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("discount-error")).toBeVisible();
  await shoot("cart-refused");
  await page.getByLabel("Discount code").fill("winter-5");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("discount")).toBeVisible();
  await shoot("cart-applied");
  await page.goto("/checkout");
  await shoot("checkout-applied");
  const order = db.select().from(orders).where(eq(orders.couponCode, "SUMMER10")).get();
  if (order) {
    await page.goto(`/admin/orders/${order.publicId}`);
    await shoot("order-dialog");
    await page.goto(`/admin/orders/${order.publicId}/slip`);
    await shoot("slip");
  }
  await page.goto("/admin/overview");
  await shoot("overview");
});
