import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { orders, products, settings } from "../../db/schema/index.ts";
import { placeOrder } from "~/orders/order.server.ts";
import { saveDeliverySettings } from "~/settings/settings.server.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { loginAsAdmin } from "./admin-helpers.ts";
import { fillCheckout, postToCart } from "./checkout.ts";
import { AKKAR_DEARER } from "./delivery-fees.ts";
import { expect, test } from "./fixtures.ts";
import { shotsDir } from "./shots.ts";

// What a second walk-through found: a shopper and the owner on a 360 px phone.
test.use({ viewport: { width: 360, height: 740 } });

const SHOTS = shotsDir("walkthrough");

/** A 360 px screenshot into the branch's folder, named after the project (js-on / js-off). */
async function shot(page: Page, name: string, project: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-360-${project}.png`), fullPage: true });
}

/** '1001' in Arabic-Indic digits. */
const arabic = (text: string) => text.replace(/\d/g, (digit) => String.fromCodePoint(0x660 + Number(digit)));

const SHOPPER = {
  "Full Name": "Rana Haddad",
  "Email Address": "rana@example.com",
  City: "Halba",
  Street: "Old Souk Road",
  Building: "Haddad Building",
  "Full Address": "Second floor, blue door",
};

// A worker's server serves its tests one after another: put the settings back however a test ends.
test.afterEach(({ db }) => {
  db.delete(settings).run();
});

function pdfPageCount(pdf: Buffer) {
  return pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

test("a shopper orders with an Arabic-digit phone, keeps the receipt over a reload, and tracks with Arabic digits", async ({
  page,
  db,
}, testInfo) => {
  const product = createProduct(db, { title: `${uniqueWord("Fan")} Fan`, priceCents: 2_000, stock: 5 });
  await postToCart(page, product.id);
  await page.goto("/checkout");
  // Item 5: the payment is said before the order.
  await expect(page.getByTestId("payment")).toHaveText("Payment: cash on delivery");
  await expect(page.getByText("For example 03 123 456", { exact: false })).toBeVisible();
  // A digit short: refused with the spec's message, whatever the digits.
  await fillCheckout(page, { ...SHOPPER, "Phone Number": "٠٣ ١٢ ٤٥٦", Governorate: "Beirut" });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Invalid phone number format")).toBeVisible();
  await page.getByLabel("Phone Number").fill("٠٣١٢٣٤٥٦");
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/\?order=[0-9a-f]{24}$/);
  const publicId = new URL(page.url()).searchParams.get("order")!;
  const stored = db.select().from(orders).where(eq(orders.publicId, publicId)).get()!;
  expect(stored.phone).toBe("+9613123456");
  const banner = page.getByTestId("placed-order");
  await expect(banner).toContainText(`Order #${stored.orderNumber} was placed.`);

  // Item 3: a reload (or the link shared) shows it again, from the database.
  await page.reload();
  await expect(banner).toContainText(`Order #${stored.orderNumber} was placed.`);
  await expect(banner.getByRole("link", { name: "Track your order" })).toHaveAttribute("href", `/track/${publicId}`);
  await shot(page, "home-receipt", testInfo.project.name);
  await page.goto(`/?order=${"0".repeat(24)}`);
  await expect(page.getByTestId("placed-order")).toHaveCount(0);

  // Item 1: /track takes the number and the phone in Arabic-Indic digits.
  await page.goto("/track");
  await page.getByLabel("Order number").fill(arabic(String(stored.orderNumber)));
  await page.getByLabel("Phone number").fill("٠٣ ١٢٣ ٤٥٦");
  await shot(page, "track", testInfo.project.name);
  await page.getByRole("button", { name: "Track order" }).click();
  await expect(page).toHaveURL(`/track/${publicId}`);
});

test("the cart says cash on delivery, and the checkout shows the exact Akkar total (Update total without JavaScript)", async ({
  page,
  db,
  javaScriptEnabled,
}, testInfo) => {
  saveDeliverySettings(db, AKKAR_DEARER);
  const product = createProduct(db, { title: `${uniqueWord("Iron")} Iron`, priceCents: 5_300, stock: 5 });
  await postToCart(page, product.id);
  await page.goto("/cart");
  await expect(page.getByTestId("payment")).toHaveText("Payment: cash on delivery");
  await shot(page, "cart", testInfo.project.name);

  await page.goto("/checkout");
  await expect(page.getByTestId("total")).toHaveText("From $57.00");
  await page.getByLabel("Full Name", { exact: true }).fill("سامي خوري");
  await page.getByLabel("Phone Number").fill("71 123 456");
  await page.getByLabel("Governorate").selectOption("Akkar");
  if (javaScriptEnabled) {
    await expect(page.getByRole("button", { name: "Update total" })).toHaveCount(0);
  } else {
    await page.getByRole("button", { name: "Update total" }).click();
    // No field is called wrong for being empty: only the total was asked for.
    await expect(page.getByText("City is required")).toHaveCount(0);
  }
  await expect(page.getByTestId("total")).toHaveText("$60.00");
  await expect(page.getByTestId("delivery-fee")).toHaveText("$7.00");
  await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("سامي خوري");
  await expect(page.getByLabel("Phone Number")).toHaveValue("71 123 456");
  await expect(page.getByLabel("Governorate")).toHaveValue("Akkar");
  await shot(page, "checkout-akkar", testInfo.project.name);
});

test("typing 999 with 11 in stock gives 11 and says so", async ({ page, db, javaScriptEnabled }, testInfo) => {
  const product = createProduct(db, { title: `${uniqueWord("Kettle")} Kettle`, stock: 11 });
  await page.goto(`/shop/product/${product.id}`);
  const quantity = page.getByRole("textbox", { name: "Quantity" });
  const message = page.getByRole("alert").filter({ hasText: "Only 11 items available in stock" });
  if (javaScriptEnabled) {
    await quantity.fill("");
    await quantity.pressSequentially("999");
    await expect(quantity).toHaveValue("11");
    await expect(message).toBeVisible();
    await shot(page, "product-quantity", testInfo.project.name);
    // Arabic-Indic digits are typed too.
    await quantity.fill("");
    await quantity.pressSequentially("٣");
    await expect(quantity).toHaveValue("3");
  } else {
    // Without JavaScript the server answers the post with the same message, and adds nothing.
    await quantity.fill("999");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(message).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    await quantity.fill("٣");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("3");
  }
});

test("a slip prints on one page without the shop's header, before any script and without hydration errors", async ({
  page,
  db,
  javaScriptEnabled,
}, testInfo) => {
  const product = createProduct(db, { title: `${uniqueWord("Mixer")} Mixer`, stock: 5 });
  const { order } = placeOrder(db, {
    lines: [{ productId: product.id, size: null, quantity: 1 }],
    shipping: {
      name: "Hadi Merhi",
      email: "hadi@example.com",
      phone: "+9613123456",
      district: "Beirut",
      city: "Beirut",
      street: "Hamra Street",
      building: "Cedar Tower",
      address: "Hamra Street, Cedar Tower, 3rd floor",
    },
  });
  await loginAsAdmin(page, { landOn: null });
  const errors: string[] = [];
  page.on("console", (entry) => {
    if (entry.type() === "error") errors.push(entry.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));

  for (const url of [`/admin/orders/${order.publicId}/slip`, `/admin/orders/slips?id=${order.publicId}`]) {
    await page.goto(url);
    const slip = page.locator("[data-slip]");
    await expect(slip).toHaveCount(1);
    // The address once: street and building are already in the full address.
    expect(((await slip.textContent()) ?? "").match(/Cedar Tower/g)).toHaveLength(1);
    const css = await page.locator("style").evaluateAll((styles) => styles.map((style) => style.textContent).join(""));
    expect(css).toContain("body > :not(main)");
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    // Back to no emulation: page.pdf() under an emulated "screen" would print the screen styles.
    await page.emulateMedia({ media: null });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdfPageCount(pdf), url).toBe(1);
  }
  if (javaScriptEnabled) expect(errors).toEqual([]);
  await shot(page, "slips", testInfo.project.name);
});

test("shop filters on a phone: the sheet stays open with JavaScript, active filters show as chips that remove themselves, sold-out products come last", async ({
  page,
  db,
  javaScriptEnabled,
}, testInfo) => {
  const inStock = createProduct(db, { title: `${uniqueWord("Frames")} Frames`, category: "Eyewear", stock: 3 });
  const soldOut = createProduct(db, { title: `${uniqueWord("Shades")} Shades`, category: "Eyewear", stock: 0 });
  await page.goto("/shop?category=eyewear");
  const titles = page.getByRole("heading", { level: 2 });
  // Newest first, but the sold-out one (newer) after the one in stock.
  const order = await titles.allTextContents();
  expect(order.indexOf(inStock.title)).toBeGreaterThanOrEqual(0);
  expect(order.indexOf(inStock.title)).toBeLessThan(order.indexOf(soldOut.title));

  const sheet = page.locator("details.filter-sheet");
  await sheet.locator("> summary").click();
  await page.getByRole("checkbox", { name: /Open box/ }).check();
  if (javaScriptEnabled) {
    await expect(page).toHaveURL(/packaging=open-box/);
    await expect(sheet).toHaveAttribute("open", "");
  }
  await page.getByRole("checkbox", { name: "In stock only" }).check();
  if (javaScriptEnabled) {
    await expect(page).toHaveURL(/stock=in/);
    await expect(sheet).toHaveAttribute("open", "");
    await shot(page, "shop-filter-sheet", testInfo.project.name);
    await page.getByRole("button", { name: /^Show \d+ products?$/ }).click();
    await expect(sheet).not.toHaveAttribute("open", "");
  } else {
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/stock=in/);
  }
  const chips = page.getByRole("list", { name: "Active filters" });
  await expect(chips.getByRole("link", { name: "Remove filter: Eyewear" })).toBeVisible();
  await expect(chips.getByRole("link", { name: "Remove filter: Open box" })).toBeVisible();
  await expect(chips.getByRole("link", { name: "Remove filter: In stock only" })).toBeVisible();
  await expect(page.locator("details.filter-sheet > summary")).toContainText("Filters (3)");
  await expect(titles.filter({ hasText: soldOut.title })).toHaveCount(0);
  await shot(page, "shop-chips", testInfo.project.name);

  await chips.getByRole("link", { name: "Remove filter: In stock only" }).click();
  await expect(page).not.toHaveURL(/stock=in/);
  await expect(chips.getByRole("link", { name: "Remove filter: In stock only" })).toHaveCount(0);
  await expect(chips.getByRole("link", { name: "Remove filter: Open box" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "In stock only", includeHidden: true })).not.toBeChecked();
});

test("'Mark as Shipped' on an order not yet confirmed asks first", async ({
  page,
  db,
  javaScriptEnabled,
}, testInfo) => {
  test.skip(!javaScriptEnabled, "the question is the browser's confirm dialog");
  const product = createProduct(db, { title: `${uniqueWord("Toaster")} Toaster`, stock: 5 });
  const { order } = placeOrder(db, {
    lines: [{ productId: product.id, size: null, quantity: 1 }],
    shipping: {
      name: "Maya Khoury",
      email: "maya@example.com",
      phone: "+96171123456",
      district: "Akkar",
      city: "Halba",
      street: "Main",
      building: "B2",
      address: "Near the church",
    },
  });
  await loginAsAdmin(page, { landOn: "/admin/orders" });
  const card = page.getByTestId("admin-order-card").filter({ hasText: `#${order.orderNumber}` });
  await expect(card).toContainText("Akkar");
  await shot(page, "admin-orders", testInfo.project.name);
  const questions: string[] = [];
  page.once("dialog", async (dialog) => {
    questions.push(dialog.message());
    await dialog.dismiss();
  });
  await card.getByRole("button", { name: `Mark as Shipped: order #${order.orderNumber}` }).click();
  await expect
    .poll(() => questions)
    .toEqual([`Order #${order.orderNumber} is not confirmed with the customer yet. Mark it as shipped anyway?`]);
  expect(db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).get()!.status).toBe(
    "processing",
  );
  page.once("dialog", (dialog) => dialog.accept());
  await card.getByRole("button", { name: `Mark as Shipped: order #${order.orderNumber}` }).click();
  await expect
    .poll(() => db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).get()!.status)
    .toBe("shipped");
});

test("smaller ones: readable brand chips, Arabic 'In the box' lines, the category breadcrumb, a search with nothing found", async ({
  page,
  db,
}, testInfo) => {
  await page.goto("/");
  // The logos' names are 17 px text in a 160 px wide drawing: at least 12 px needs 113 px.
  const logo = page.getByRole("img", { name: "Nordhaus" });
  await logo.scrollIntoViewIfNeeded();
  expect((await logo.boundingBox())!.width).toBeGreaterThanOrEqual(113);
  await shot(page, "home", testInfo.project.name);

  const product = createProduct(db, { title: `${uniqueWord("Blender")} Blender`, category: "Kitchen Appliances" });
  db.update(products)
    .set({ inTheBox: ["الخلاط", "Two jars"] })
    .where(eq(products.id, product.id))
    .run();
  await page.goto(`/shop/product/${product.id}`);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(
    new RegExp(`^Home\\s*/\\s*Shop\\s*/\\s*Kitchen Appliances\\s*/\\s*${product.title}$`),
  );
  const line = page.getByRole("listitem").filter({ hasText: "الخلاط" });
  // The owner's text is isolated in its own direction (<bdi>), the bullet on the page's side.
  await expect(line.locator("bdi")).toHaveText("الخلاط");
  expect(await line.evaluate((element) => getComputedStyle(element).listStylePosition)).toBe("inside");
  await shot(page, "product", testInfo.project.name);

  await page.goto("/shop?category=kitchen-appliances");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(
    /^Home\s*\/\s*Shop\s*\/\s*Kitchen Appliances$/,
  );

  await page.goto(`/shop?search=${uniqueWord("Nothing")}`);
  await expect(page.getByText("No products found.")).toBeVisible();
  await expect(page.getByTestId("reach-the-shop")).toContainText("Looking for something? Ask us on");
  await shot(page, "shop-nothing-found", testInfo.project.name);
});
