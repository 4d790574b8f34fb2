import type { Locator, Page } from "@playwright/test";
import { placeOrder } from "~/orders/order.server.ts";
import { formatMoney } from "~/utils/money.ts";
import { loginAsAdmin } from "./admin-helpers.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, test } from "./fixtures.ts";

// What a new shopper and the owner meet first, on a 360 × 740 phone.
test.use({ viewport: { width: 360, height: 740 } });

const shipping = {
  name: "Phone Test",
  email: "p@example.com",
  phone: "+961 70 123 456",
  district: "Beirut",
  city: "Beirut",
  street: "Hamra",
  building: "7",
  address: "Hamra street, building 7",
};

async function openSearchDrawer(page: Page) {
  await page.goto("/");
  await page.getByRole("banner").locator('summary[aria-label="Search"]').click();
  return page.locator("#site-search");
}

/** Whole within the phone's width: seen without scrolling sideways (scrolling down is fine). */
async function expectWithinWidth(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test("the search drawer shows the suggestions for 'blen' whole, and they work from the keyboard", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.skip(!javaScriptEnabled, "suggestions are JavaScript");
  const box = await openSearchDrawer(page);
  await box.fill("blen");
  const list = page.getByRole("listbox", { name: "Search suggestions" });
  await expect(list.getByRole("option", { name: 'View all results for "blen"' })).toBeVisible();
  const options = list.getByRole("option");
  expect(await options.count()).toBeGreaterThan(1);
  for (const option of await options.all()) await expect(option).toBeInViewport({ ratio: 1 });
  await testInfo.attach("search drawer, 'blen', 360 px", { body: await page.screenshot(), contentType: "image/png" });

  const first = options.first();
  const title = (await first.textContent())!;
  await box.press("ArrowDown");
  await expect(first).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/shop\/product\/\d+/);
  // The address changes as the navigation starts; the product's heading is there once it lands.
  await expect
    .poll(async () => title.includes((await page.getByRole("heading", { level: 1 }).textContent()) ?? "\u0000"))
    .toBe(true);
});

test("'mixr' suggests and finds the Mixer; nonsense says 'No products found'", async ({ page, javaScriptEnabled }) => {
  const box = await openSearchDrawer(page);
  await box.fill("mixr");
  if (javaScriptEnabled) await expect(page.getByRole("option", { name: /Stand Mixer 5 L/ })).toBeVisible();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/shop\?search=mixr$/);
  await expect(page.getByTestId("product-card").filter({ hasText: "Stand Mixer 5 L" })).toBeVisible();

  const again = await openSearchDrawer(page);
  await again.fill("qzxvwqk");
  if (javaScriptEnabled) {
    await expect(page.getByRole("option", { name: "No products found" })).toBeVisible();
    await expect(page.getByRole("option", { name: 'View all results for "qzxvwqk"' })).toBeVisible();
  } else {
    await again.press("Enter");
    await expect(page.getByText("No products found.")).toBeVisible();
  }
});

test("the home page shows Shop Now and the first products within the first screen; the rest of the text is a tap away", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "About US:" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop Now" })).toBeInViewport({ ratio: 1 });
  const firstCard = page.getByRole("region", { name: "HOME APPLIANCES" }).getByTestId("product-card").first();
  await expect(firstCard).toBeInViewport();
  const box = (await firstCard.boundingBox())!;
  expect(box.y + box.height / 3).toBeLessThan(740);
  expect(await noSidewaysScroll(page)).toBe(true);

  const rest = page.getByText(/Every item is inspected and checked before it is listed/).filter({ visible: true });
  await expect(rest).toHaveCount(0);
  await page.getByText("Read more about us").click();
  await expect(rest).toBeVisible();
});

test("Add to Cart's success offers 'View cart' (to /cart) and 'Checkout'", async ({ page, db }) => {
  const product = createProduct(db, { title: `${uniqueWord("Cart")} Kettle`, stock: 5 });
  await page.goto(`/shop/product/${product.id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const success = page.getByRole("status").filter({ hasText: `${product.title} was added to your cart.` });
  await expect(success.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");
  await success.getByRole("link", { name: "View cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(product.title).first()).toBeVisible();
});

test("a product whose whole stock is in the cart says so, beside 'Out of Stock', with a link to the cart", async ({
  page,
  db,
}) => {
  const product = createProduct(db, { title: `${uniqueWord("Last")} Drill`, stock: 1 });
  await page.goto(`/shop/product/${product.id}`);
  await expect(page.getByText("The last one is already in your cart.")).toHaveCount(0);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("The last one is already in your cart.")).toBeVisible();
  await expect(page.locator("section").getByText("Out of Stock", { exact: true }).first()).toBeVisible();
  await page
    .locator("p", { hasText: "The last one is already in your cart." })
    .getByRole("link", { name: "View cart" })
    .click();
  await expect(page).toHaveURL(/\/cart$/);
});

test("the admin orders list shows each order's total and next-status button without sideways scrolling; the phone is tap-to-call", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  const product = createProduct(db, { title: `${uniqueWord("Phone")} Heater`, stock: 10, priceCents: 5_000 });
  const lines = [{ productId: product.id, size: null, quantity: 2 }];
  const placed = [
    placeOrder(db, { lines, shipping: { ...shipping, name: `${product.title} buyer A` } }).order,
    placeOrder(db, { lines, shipping: { ...shipping, name: `${product.title} buyer B with a rather long name` } })
      .order,
  ];
  await loginAsAdmin(page);
  await page.goto(`/admin/orders?q=${encodeURIComponent(product.title)}`);
  const cards = page.getByTestId("admin-order-card");
  await expect(cards).toHaveCount(2);
  for (const order of placed) {
    const card = cards.filter({ has: page.getByRole("link", { name: `Order #${order.orderNumber} details` }) });
    await expectWithinWidth(card.getByText(formatMoney(order.totalCents), { exact: true }));
    await expectWithinWidth(card.getByRole("button", { name: `Mark as Shipped: order #${order.orderNumber}` }));
    // Shown as people read it: '70 123 456'.
    await expect(card.getByRole("link", { name: "70 123 456" })).toHaveAttribute("href", "tel:+96170123456");
  }
  expect(await noSidewaysScroll(page)).toBe(true);
  // Never confirmed with the customer: with JavaScript the page asks first.
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: `Mark as Shipped: order #${placed[0]!.orderNumber}` }).click();
  // Without JavaScript the dialog asks the same as a step.
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Yes, mark as shipped" }).click();
  await expect(
    cards.filter({ hasText: `#${placed[0]!.orderNumber}` }).getByRole("button", { name: /Mark as Delivered/ }),
  ).toBeVisible();
});
