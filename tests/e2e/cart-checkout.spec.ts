import { eq } from "drizzle-orm";
import { orders, products } from "../../db/schema/index.ts";
import { createProduct, uniqueWord } from "./factories.ts";
import { expect, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";

async function addToCart(page: Page, productId: number, size: string | null, quantity = 1) {
  await page.goto(`/shop/product/${productId}`);
  if (size) await page.getByRole("link", { name: size, exact: true }).click();
  if (size) await expect(page).toHaveURL(new RegExp(`size=${size}`));
  if (quantity !== 1) await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(quantity));
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/was added to your cart/)).toBeVisible();
}

const line = (page: Page, text: string) => page.getByTestId("cart-line").filter({ hasText: text });

test("add two sizes, change quantities, remove a line, and keep the cart across a reload", async ({ page, db }) => {
  const product = createProduct(db, { title: `${uniqueWord("Tee")} T-Shirt`, category: "Men's Clothes", priceCents: 1_250, stock: 6, sizes: ["S", "M", "L"] });
  await addToCart(page, product.id, "M");
  await expect(page.getByText("Only 5 left in stock")).toBeVisible();
  await addToCart(page, product.id, "L", 2);
  await expect(page.getByTestId("cart-badge")).toHaveText("3");

  await page.goto("/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(line(page, "Size: M").getByTestId("line-quantity")).toHaveText("1");
  await line(page, "Size: M").getByRole("button", { name: /Increase quantity/ }).click();
  await expect(line(page, "Size: M").getByTestId("line-quantity")).toHaveText("2");
  await expect(page.getByTestId("subtotal")).toHaveText("$50.00");
  await expect(page.getByTestId("delivery-fee")).toHaveText("$4.00");
  await expect(page.getByTestId("total")).toHaveText("$54.00");

  await line(page, "Size: L").getByRole("button", { name: /Decrease quantity/ }).click();
  await expect(line(page, "Size: L").getByTestId("line-quantity")).toHaveText("1");
  await line(page, "Size: L").getByRole("button", { name: /Remove/ }).click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);

  await page.reload();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("subtotal")).toHaveText("$25.00");
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
});

test("a product with sizes needs a size, and the quantity is capped by the stock", async ({ page, db, javaScriptEnabled }) => {
  const product = createProduct(db, { title: `${uniqueWord("Cap")} Cap`, stock: 2 });
  await page.goto(`/shop/product/${product.id}`);
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("3");
  if (javaScriptEnabled) {
    await expect(page.getByText("Only 2 items available in stock")).toBeVisible();
  } else {
    // Without JavaScript the browser's own max check stops the form; the server checks too.
    const response = await page.request.post("/cart", { form: { intent: "add", productId: String(product.id), quantity: "3" }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
  }
  const sized = createProduct(db, { title: `${uniqueWord("Shoe")} Shoe`, sizes: ["40", "41"] });
  await page.goto(`/shop/product/${sized.id}`);
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
});

test("checkout shows each validation message and keeps what was typed", async ({ page, db, javaScriptEnabled }) => {
  const product = createProduct(db, { title: `${uniqueWord("Val")} Kettle`, stock: 5 });
  await addToCart(page, product.id, null);
  await page.goto("/checkout");
  if (!javaScriptEnabled) {
    // The browser's own checks (required, type, pattern) stop an empty form; switch them off to see the server's messages.
    await page.locator("form[method=post]").evaluate((form: HTMLFormElement) => (form.noValidate = true));
  }
  await page.getByRole("button", { name: "Place Order" }).click();
  for (const message of ["Name is required", "Email is required", "Phone number is required", "District is required", "City is required", "Street is required", "Building is required", "Full address is required"]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel("Full Name").fill("Rania Haddad");
  await page.getByLabel("Email Address").fill("rania@");
  await page.getByLabel("Phone Number").fill("70-abc");
  if (!javaScriptEnabled) await page.locator("form[method=post]").evaluate((form: HTMLFormElement) => (form.noValidate = true));
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Invalid email format")).toBeVisible();
  await expect(page.getByText("Invalid phone number format")).toBeVisible();
  await expect(page.getByText("Name is required")).toBeHidden();
  await expect(page.getByLabel("Full Name")).toHaveValue("Rania Haddad");
});

test("placing an order charges database prices, empties the cart and shows the order on the home page", async ({ page, db }) => {
  const product = createProduct(db, { title: `${uniqueWord("Ord")} Mixer`, priceCents: 3_333, stock: 4 });
  await addToCart(page, product.id, null, 2);
  await page.goto("/checkout");
  await expect(page.getByTestId("total")).toHaveText("$70.66");
  await page.getByLabel("Full Name").fill("Karim Nassar");
  await page.getByLabel("Email Address").fill("karim@example.com");
  await page.getByLabel("Phone Number").fill("+961 (3) 123-456");
  await page.getByLabel("Governorate").selectOption("Mount Lebanon");
  await page.getByLabel("City").fill("Jounieh");
  await page.getByLabel("Street").fill("Main Street");
  await page.getByLabel("Building").fill("Cedar Tower");
  await page.getByLabel("Full Address").fill("3rd floor, next to the pharmacy");
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/$/);
  const summary = page.getByTestId("placed-order");
  await expect(summary).toContainText(/Order #\d+ was placed/);
  await expect(summary).toContainText(product.title);
  await expect(summary).toContainText("$70.66");
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);

  const order = db.select().from(orders).where(eq(orders.customerName, "Karim Nassar")).all().at(-1)!;
  expect(order).toMatchObject({ status: "processing", subtotalCents: 6_666, deliveryFeeCents: 400, totalCents: 7_066, governorate: "Mount Lebanon" });
  await expect(summary).toContainText(`#${order.orderNumber}`);
  expect(db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)).get()!.stock).toBe(2);

  await page.goto("/cart");
  await expect(page.getByText("Your shopping cart is empty")).toBeVisible();
  await page.goto("/checkout");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByText("Add some items to your cart before checkout.")).toBeVisible();
});

test("too little stock at checkout says which product and how many are left, and stores nothing", async ({ page, db }) => {
  const product = createProduct(db, { title: `${uniqueWord("Low")} Fan`, stock: 3 });
  await addToCart(page, product.id, null, 3);
  db.update(products).set({ stock: 1 }).where(eq(products.id, product.id)).run();
  const before = db.select().from(orders).all().length;
  await page.goto("/checkout");
  await page.getByLabel("Full Name").fill("Lea");
  await page.getByLabel("Email Address").fill("lea@example.com");
  await page.getByLabel("Phone Number").fill("70123456");
  await page.getByLabel("Governorate").selectOption("Akkar");
  await page.getByLabel("City").fill("Halba");
  await page.getByLabel("Street").fill("Old Road");
  await page.getByLabel("Building").fill("12");
  await page.getByLabel("Full Address").fill("Ground floor");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("alert")).toContainText(`only 1 of "${product.title}" left in stock`);
  await expect(page.getByLabel("Full Name")).toHaveValue("Lea");
  expect(db.select().from(orders).all().length).toBe(before);
  expect(db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)).get()!.stock).toBe(1);
});

test("a garbage or tampered cart cookie is an empty cart, never an error", async ({ page, context, baseURL }) => {
  for (const value of ["garbage", "eyJhIjoxfQ%3D%3D.forged", "%%%"]) {
    await context.clearCookies();
    await context.addCookies([{ name: "cart", value, url: baseURL! }]);
    const response = await page.goto("/cart");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("Your shopping cart is empty")).toBeVisible();
  }
});

test("a product hidden after it was added is shown as unavailable and not charged", async ({ page, db }) => {
  const kept = createProduct(db, { title: `${uniqueWord("Keep")} Vase`, priceCents: 1_000 });
  const gone = createProduct(db, { title: `${uniqueWord("Gone")} Clock`, priceCents: 9_000 });
  await addToCart(page, kept.id, null);
  await addToCart(page, gone.id, null);
  db.update(products).set({ isHidden: true }).where(eq(products.id, gone.id)).run();
  await page.goto("/cart");
  await expect(line(page, gone.title)).toContainText("No longer available: not charged");
  await expect(page.getByTestId("subtotal")).toHaveText("$10.00");
});
