import path from "node:path";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { orders, products } from "../../db/schema/index.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, test } from "./fixtures.ts";

const SHOPPER = {
  "Full Name": "Rania Haddad",
  "Email Address": "rania@example.com",
  "Phone Number": "+961 70 123 456",
  City: "Achrafieh",
  Street: "Sursock Street",
  Building: "Block C",
  "Full Address": "Third floor, the blue door",
};

test("a checkout while another process holds the database's lock keeps every typed value and says to try again", async ({
  page,
  db,
}) => {
  const product = createProduct(db, { title: `${uniqueWord("Kettle")} Kettle`, priceCents: 3_000, stock: 4 });
  const response = await page.request.post("/cart", {
    form: { intent: "add", productId: String(product.id), quantity: "1", size: "" },
  });
  expect(response.ok()).toBe(true);
  await page.goto("/checkout");
  for (const [label, value] of Object.entries(SHOPPER)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel("Governorate").selectOption("Mount Lebanon");
  const ordersBefore = db.select({ id: orders.id }).from(orders).all().length;

  // A maintenance session on the same file, holding the write lock past the server's busy timeout.
  const maintenance = new Database(path.join(process.env.E2E_DATA_DIR!, "shop.db"));
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
  for (const [label, value] of Object.entries(SHOPPER))
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  await expect(page.getByLabel("Governorate")).toHaveValue("Mount Lebanon");
  expect(db.select({ id: orders.id }).from(orders).all()).toHaveLength(ordersBefore);
  expect(db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)).get()!.stock).toBe(4);

  // Once the lock goes, the same form places the order (once).
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/\?order=[0-9a-f]{24}$/);
  await expect(page.getByTestId("placed-order")).toContainText(/Order #\d+ was placed/);
  expect(db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)).get()!.stock).toBe(3);
});
