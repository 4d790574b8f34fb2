import path from "node:path";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { orders, products } from "../../db/schema/index.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { expectCheckoutKeeps, fillCheckout, postToCart, submitCheckout } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";

test("a checkout while another process holds the database's lock keeps every typed value and says to try again", async ({
  page,
  db,
  shop,
}) => {
  const product = createProduct(db, { title: `${uniqueWord("Kettle")} Kettle`, priceCents: 3_000, stock: 4 });
  await postToCart(page, product.id);
  await page.goto("/checkout");
  const typed = await fillCheckout(page, { Governorate: "Mount Lebanon" });
  const ordersBefore = db.select({ id: orders.id }).from(orders).all().length;

  // A maintenance session on the same file, holding the write lock past the server's busy timeout.
  const maintenance = new Database(path.join(shop.dataDir, "shop.db"));
  maintenance.exec("BEGIN IMMEDIATE");
  try {
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "The shop is busy. Please try again in a minute." }),
    ).toBeVisible({ timeout: 15_000 });
  } finally {
    maintenance.exec("ROLLBACK");
    maintenance.close();
  }
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  await expectCheckoutKeeps(page, typed);
  expect(db.select({ id: orders.id }).from(orders).all()).toHaveLength(ordersBefore);
  expect(db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)).get()!.stock).toBe(4);

  // Once the lock goes, the same form places the order (once).
  await submitCheckout(page);
  expect(db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)).get()!.stock).toBe(3);
});
