import { eq } from "drizzle-orm";
import { orders, products } from "../../db/schema/index.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { checkoutForm, fillCheckout, postToCart, submitCheckout } from "./checkout.ts";
import { expect, holdRequests, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";

async function addToCart(page: Page, productId: number, size: string | null, quantity = 1) {
  await page.goto(`/shop/product/${productId}`);
  if (size) await page.getByRole("link", { name: size, exact: true }).click();
  if (size) await expect(page).toHaveURL(new RegExp(`size=${size}`));
  if (quantity !== 1) await page.getByRole("textbox", { name: "Quantity" }).fill(String(quantity));
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/was added to your cart/)).toBeVisible();
}

const line = (page: Page, text: string) => page.getByTestId("cart-line").filter({ hasText: text });

test("add two sizes, change quantities, remove a line, and keep the cart across a reload", async ({ page, db }) => {
  const product = createProduct(db, {
    title: `${uniqueWord("Tee")} T-Shirt`,
    category: "Men's Clothes",
    priceCents: 1_250,
    stock: 6,
    sizes: ["S", "M", "L"],
  });
  await addToCart(page, product.id, "M");
  await expect(page.getByText("Only 5 left in stock")).toBeVisible();
  await addToCart(page, product.id, "L", 2);
  await expect(page.getByTestId("cart-badge")).toHaveText("3");

  await page.goto("/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(line(page, "Size: M").getByTestId("line-quantity")).toHaveText("1");
  await line(page, "Size: M")
    .getByRole("button", { name: /Increase quantity/ })
    .click();
  await expect(line(page, "Size: M").getByTestId("line-quantity")).toHaveText("2");
  await expect(page.getByTestId("subtotal")).toHaveText("$50.00");
  await expect(page.getByTestId("delivery-fee")).toHaveText("$4.00");
  await expect(page.getByTestId("total")).toHaveText("$54.00");

  await line(page, "Size: L")
    .getByRole("button", { name: /Decrease quantity/ })
    .click();
  await expect(line(page, "Size: L").getByTestId("line-quantity")).toHaveText("1");
  await line(page, "Size: L")
    .getByRole("button", { name: /Remove/ })
    .click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  // The badge follows the response, so the removal is stored before the reload.
  await expect(page.getByTestId("cart-badge")).toHaveText("2");

  await page.reload();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("subtotal")).toHaveText("$25.00");
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
});

test("a product with sizes needs a size, and the quantity is capped by the stock", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  const product = createProduct(db, { title: `${uniqueWord("Cap")} Cap`, stock: 2 });
  await page.goto(`/shop/product/${product.id}`);
  await page.getByRole("textbox", { name: "Quantity" }).fill("3");
  // With JavaScript the form refuses at once; without it the server responds after the redirect
  // (no `max` on the field, so the browser does not block the post with its own wording).
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Only 2 items available in stock" })).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  const sized = createProduct(db, { title: `${uniqueWord("Shoe")} Shoe`, sizes: ["40", "41"] });
  await page.goto(`/shop/product/${sized.id}`);
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
});

test("checkout shows each validation message and keeps what was typed", async ({ page, db, javaScriptEnabled }) => {
  const product = createProduct(db, { title: `${uniqueWord("Val")} Kettle`, stock: 5 });
  await addToCart(page, product.id, null);
  await page.goto("/checkout");
  // Conform renders the form `noValidate` even before hydration, so without JavaScript this is a
  // real post and the messages below are the server's.
  await expect(page.locator('form[method=post][action="/checkout"]')).toHaveAttribute("novalidate", "");
  await page.getByRole("button", { name: "Place Order" }).click();
  for (const message of [
    "Name is required",
    "Email is required",
    "Phone number is required",
    "District is required",
    "City is required",
    "Street is required",
    "Building is required",
    "Full address is required",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel("Full Name").fill("Rania Haddad");
  await page.getByLabel("Email Address").fill("rania@");
  await page.getByLabel("Phone Number").fill("70-abc");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Invalid email format")).toBeVisible();
  await expect(page.getByText("Invalid phone number format")).toBeVisible();
  await expect(page.getByText("Name is required")).toBeHidden();
  await expect(page.getByLabel("Full Name")).toHaveValue("Rania Haddad");

  // Over the length limits (the fields' maxlength stops typing; a plain post is checked too).
  const tooLong = await page.request.post("/checkout", {
    form: { ...checkoutForm(), email: `${"a".repeat(250)}@example.com`, phone: "1".repeat(31) },
  });
  expect(tooLong.status()).toBe(400);
  const html = await tooLong.text();
  expect(html).toContain("Email is too long");
  expect(html).toContain("Phone number is too long");

  if (javaScriptEnabled) {
    // Spec §5: a field's error clears when the shopper edits it, before any new submit.
    await expect(page.getByText("City is required", { exact: true })).toBeVisible();
    await page.getByLabel("City").fill("Tyre");
    await expect(page.getByText("City is required", { exact: true })).toBeHidden();
    await expect(page.getByLabel("City")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Street is required", { exact: true })).toBeVisible();
  }
});

test("placing an order charges database prices, empties the cart and shows the order on the home page", async ({
  page,
  db,
}) => {
  const product = createProduct(db, { title: `${uniqueWord("Ord")} Mixer`, priceCents: 3_333, stock: 4 });
  await addToCart(page, product.id, null, 2);
  await page.goto("/checkout");
  await expect(page.getByTestId("total")).toHaveText("$70.66");
  await fillCheckout(page, {
    "Full Name": "Karim Nassar",
    "Email Address": "karim@example.com",
    "Phone Number": "+961 (3) 123-456",
    Governorate: "Mount Lebanon",
    City: "Jounieh",
    Street: "Main Street",
    Building: "Cedar Tower",
    "Full Address": "3rd floor, next to the pharmacy",
  });
  const { receipt: summary } = await submitCheckout(page);
  await expect(summary).toContainText(product.title);
  await expect(summary).toContainText("$70.66");
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);

  const order = db.select().from(orders).where(eq(orders.customerName, "Karim Nassar")).all().at(-1)!;
  expect(order).toMatchObject({
    status: "processing",
    subtotalCents: 6_666,
    deliveryFeeCents: 400,
    totalCents: 7_066,
    governorate: "Mount Lebanon",
  });
  await expect(summary).toContainText(`#${order.orderNumber}`);
  expect(db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)).get()!.stock).toBe(2);

  await page.goto("/cart");
  await expect(page.getByText("Your shopping cart is empty")).toBeVisible();
  await page.goto("/checkout");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByText("Add some items to your cart before checkout.")).toBeVisible();
});

test("too little stock at checkout says which product and how many are left, and stores nothing", async ({
  page,
  db,
}) => {
  const product = createProduct(db, { title: `${uniqueWord("Low")} Fan`, stock: 3 });
  await addToCart(page, product.id, null, 3);
  db.update(products).set({ stock: 1 }).where(eq(products.id, product.id)).run();
  const before = db.select().from(orders).all().length;
  await page.goto("/checkout");
  await fillCheckout(page, {
    "Full Name": "Lea",
    "Email Address": "lea@example.com",
    "Phone Number": "70123456",
    Governorate: "Akkar",
    City: "Halba",
    Street: "Old Road",
    Building: "12",
    "Full Address": "Ground floor",
  });
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
  // The header badge counts what can still be bought, like the totals.
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
});

test("the cart stepper stops at the stock, and a refused change shows its message and the cart as it now is", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  const lamp = createProduct(db, { title: `${uniqueWord("Step")} Lamp`, priceCents: 1_000, stock: 3 });
  const rug = createProduct(db, { title: `${uniqueWord("Step")} Rug`, priceCents: 2_000, stock: 2 });
  await postToCart(page, lamp.id, 2);
  await postToCart(page, rug.id, 2);
  await page.goto("/cart");

  const increaseLamp = line(page, lamp.title).getByRole("button", { name: /Increase quantity/ });
  await expect(increaseLamp).toBeEnabled();
  await expect(line(page, rug.title).getByRole("button", { name: /Increase quantity/ })).toBeDisabled();
  await increaseLamp.click();
  await expect(line(page, lamp.title).getByTestId("line-quantity")).toHaveText("3");
  await expect(increaseLamp).toBeDisabled();
  await expect(page.getByTestId("cart-badge")).toHaveText("5");

  // Other shoppers buy most of it while this page is open.
  db.update(products).set({ stock: 1 }).where(eq(products.id, lamp.id)).run();
  db.update(products).set({ stock: 0 }).where(eq(products.id, rug.id)).run();

  await line(page, rug.title)
    .getByRole("button", { name: /Decrease quantity/ })
    .click();
  if (javaScriptEnabled) {
    await expect(line(page, rug.title).getByTestId("line-error")).toHaveText("This product is out of stock");
  } else {
    await expect(page.getByRole("alert").filter({ hasText: "This product is out of stock" })).toBeVisible();
  }
  // A sold-out line is not charged and has nothing to change but Remove.
  await expect(line(page, rug.title)).toContainText("No longer available: not charged");
  await expect(line(page, rug.title).getByRole("button", { name: /Decrease quantity/ })).toHaveCount(0);

  await line(page, lamp.title)
    .getByRole("button", { name: /Decrease quantity/ })
    .click();
  if (javaScriptEnabled) {
    await expect(line(page, lamp.title).getByTestId("line-error")).toHaveText("Only 1 items available in stock");
  } else {
    await expect(page.getByRole("alert").filter({ hasText: "Only 1 items available in stock" })).toBeVisible();
  }
  // The line was lowered to the stock: the row, the totals and the badge (the 1 lamp; the sold-out
  // rug is not counted) say so.
  await expect(line(page, lamp.title).getByTestId("line-quantity")).toHaveText("1");
  await expect(page.getByTestId("subtotal")).toHaveText("$10.00");
  await expect(page.getByTestId("total")).toHaveText("$14.00");
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await expect(line(page, lamp.title).getByRole("button", { name: /Increase quantity/ })).toBeDisabled();

  if (javaScriptEnabled) {
    // The refusal stays until the line's next accepted change (removing the rug re-reads the stock).
    db.update(products).set({ stock: 3 }).where(eq(products.id, lamp.id)).run();
    await line(page, rug.title)
      .getByRole("button", { name: /Remove/ })
      .click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(line(page, lamp.title).getByTestId("line-error")).toBeVisible();
    await line(page, lamp.title)
      .getByRole("button", { name: /Increase quantity/ })
      .click();
    await expect(line(page, lamp.title).getByTestId("line-quantity")).toHaveText("2");
    await expect(line(page, lamp.title).getByTestId("line-error")).toHaveCount(0);
  }
});

test("Add to Cart tells the shopper when the product sold out while the page was open", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  const product = createProduct(db, { title: `${uniqueWord("Last")} Toaster`, stock: 1 });
  await page.goto(`/shop/product/${product.id}`);
  db.update(products).set({ stock: 0 }).where(eq(products.id, product.id)).run();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This product is out of stock" })).toBeVisible();
  if (!javaScriptEnabled) await expect(page.getByRole("button", { name: "Out of Stock" })).toBeDisabled();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
});

test("Add to Cart with JavaScript: the field can be retyped, the quantity goes back to 1 and the alert can be dismissed", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the inline alert and the reset are the enhanced form's");
  const product = createProduct(db, { title: `${uniqueWord("Reset")} Blender`, stock: 5 });
  await page.goto(`/shop/product/${product.id}`);
  const quantity = page.getByRole("textbox", { name: "Quantity" });
  // Emptying the field leaves it empty (it used to snap to 1, so typing 3 gave 13).
  await quantity.fill("");
  await expect(quantity).toHaveValue("");
  await quantity.pressSequentially("3");
  await expect(quantity).toHaveValue("3");
  await page.getByRole("button", { name: "Add to Cart" }).click();

  const added = page.getByRole("status").filter({ hasText: "was added to your cart" });
  await expect(added).toBeVisible();
  await expect(quantity).toHaveValue("1");
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  await added.getByRole("button", { name: "Dismiss" }).click();
  await expect(added).toBeHidden();
});

test("checkout says which lines will not be ordered, and a cart of only such lines has nothing to order", async ({
  page,
  db,
}) => {
  const kept = createProduct(db, { title: `${uniqueWord("Ok")} Kettle`, priceCents: 1_500 });
  const hidden = createProduct(db, { title: `${uniqueWord("Hid")} Iron`, sizes: ["M"] });
  const soldOut = createProduct(db, { title: `${uniqueWord("Sold")} Fan` });
  await postToCart(page, kept.id);
  await postToCart(page, hidden.id, 1, "M");
  await postToCart(page, soldOut.id);
  db.update(products).set({ isHidden: true }).where(eq(products.id, hidden.id)).run();
  db.update(products).set({ stock: 0 }).where(eq(products.id, soldOut.id)).run();

  await page.goto("/checkout");
  const notice = page.getByTestId("unavailable-notice");
  await expect(notice).toContainText("These items are no longer available and will not be ordered:");
  await expect(notice).toContainText(`${hidden.title} · Size M`);
  await expect(notice).toContainText(soldOut.title);
  await expect(notice).not.toContainText(kept.title);
  const items = page.getByRole("region", { name: "Order Items" });
  await expect(items).toContainText(kept.title);
  await expect(items).not.toContainText(hidden.title);
  await expect(page.getByTestId("total")).toHaveText("$19.00");

  // Nothing left that can be ordered: no summary with a $0.00 fee, the way back to the shop instead.
  db.update(products).set({ stock: 0 }).where(eq(products.id, kept.id)).run();
  await page.goto("/cart");
  await expect(page.getByTestId("nothing-to-order")).toContainText(
    "None of the items in your cart can be ordered now.",
  );
  await expect(page.getByTestId("delivery-fee")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Go to Checkout" })).toHaveCount(0);
  await page.goto("/checkout");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByTestId("unavailable-notice")).toContainText(kept.title);
});

test("a checkout whose cart changed after the page was shown is refused, and the page shows the new cart", async ({
  page,
  db,
}) => {
  const kept = createProduct(db, { title: `${uniqueWord("Stay")} Mug`, priceCents: 500 });
  const gone = createProduct(db, { title: `${uniqueWord("Went")} Plate`, priceCents: 700 });
  await postToCart(page, kept.id);
  await postToCart(page, gone.id);
  await page.goto("/checkout");
  await fillCheckout(page);
  db.update(products).set({ isHidden: true }).where(eq(products.id, gone.id)).run();
  const before = db.select().from(orders).all().length;
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("alert")).toContainText("Your cart changed while you were checking out.");
  await expect(page.getByTestId("unavailable-notice")).toContainText(gone.title);
  await expect(page.getByTestId("total")).toHaveText("$9.00");
  expect(db.select().from(orders).all().length).toBe(before);

  const { receipt } = await submitCheckout(page);
  await expect(receipt).toContainText(kept.title);
  await expect(receipt).not.toContainText(gone.title);
});

test("a double submit of the checkout form makes one order, and both responses show it", async ({
  page,
  db,
  javaScriptEnabled,
  playwright,
  baseURL,
}) => {
  test.skip(javaScriptEnabled, "replays the plain form post; with JavaScript the button is disabled while sending");
  const product = createProduct(db, { title: `${uniqueWord("Twice")} Radio`, priceCents: 4_000, stock: 5 });
  await postToCart(page, product.id, 2);
  await page.goto("/checkout");
  const form = {
    ...checkoutForm(),
    idempotencyKey: await page.locator("input[name=idempotencyKey]").inputValue(),
    cartSignature: await page.locator("input[name=cartSignature]").inputValue(),
    deliverySignature: await page.locator("input[name=deliverySignature]").inputValue(),
  };
  const cartCookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");

  // Second post before the first response arrived: the browser still sends the full cart.
  const firstAnswerLost = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: cartCookie } });
  const early = await firstAnswerLost.post("/checkout", { form, maxRedirects: 0 });
  const replayed = await firstAnswerLost.post("/checkout", { form, maxRedirects: 0 });
  await firstAnswerLost.dispose();
  expect([early.status(), replayed.status()]).toEqual([302, 302]);
  expect(early.headers().location).toMatch(/^\/\?order=[0-9a-f]{24}$/);
  expect(replayed.headers().location).toBe(early.headers().location);

  // Post again after a response emptied the cart: the same order, not an empty cart.
  const first = await page.request.post("/checkout", { form });
  const second = await page.request.post("/checkout", { form });
  const placed = db.select().from(orders).where(eq(orders.idempotencyKey, form.idempotencyKey)).all();
  expect(placed).toHaveLength(1);
  for (const response of [first, second]) {
    expect(new URL(response.url()).pathname).toBe("/");
    expect(await response.text()).toContain(`Order #${placed[0]!.orderNumber} was placed.`);
  }
  expect(db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)).get()!.stock).toBe(3);
});

test("'Placing Order...' shows while the order is being sent", async ({ page, db, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the pending state is drawn by JavaScript");
  const product = createProduct(db, { title: `${uniqueWord("Slow")} Heater` });
  await postToCart(page, product.id);
  await page.goto("/checkout");
  await fillCheckout(page);
  // The order's POST waits until the pending button has been seen: a slow network, without a sleep.
  const release = await holdRequests(page, "**/checkout.data**", { method: "POST" });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("button", { name: "Placing Order..." })).toBeDisabled();
  await release();
  await expect(page.getByTestId("placed-order")).toContainText(product.title);
});

test("an order with many long titles still shows its number and summary on the home page", async ({ page, db }) => {
  const titles: string[] = [];
  for (let index = 0; index < 20; index += 1) {
    const title = `${uniqueWord("Long")} ${"Open-box stainless steel kitchen appliance with accessories ".repeat(3)}`
      .slice(0, 190)
      .trim();
    titles.push(title);
    await postToCart(page, createProduct(db, { title, priceCents: 100 }).id);
  }
  await page.goto("/checkout");
  await fillCheckout(page);
  const { publicId, receipt: summary } = await submitCheckout(page);
  const order = db.select().from(orders).where(eq(orders.publicId, publicId)).get()!;
  await expect(summary).toContainText(`Order #${order.orderNumber} was placed.`);
  for (const title of titles) await expect(summary).toContainText(title);
  await expect(summary).toContainText("$24.00");
  // The order is in the URL: a reload shows it again; the plain home page does not.
  await page.reload();
  await expect(page.getByTestId("placed-order")).toContainText(`Order #${order.orderNumber} was placed.`);
  await page.goto("/");
  await expect(page.getByTestId("placed-order")).toHaveCount(0);
});
