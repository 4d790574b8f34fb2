import { eq } from "drizzle-orm";
import { orders, settings } from "../../db/schema/index.ts";
import { createDiscount } from "~/discounts/discounts.server.ts";
import { SYSTEM_ACTOR } from "~/platform/activity/activity-log.server.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { saveDeliverySettings, saveLiraSettings } from "~/settings/settings.server.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { readCatalogueText } from "../support/catalogue-text.ts";
import { fillCheckout, postToCart } from "./checkout.ts";
import { AKKAR_DEARER } from "./delivery-fees.ts";
import { expect, test } from "./fixtures.ts";

// What a shopper meets on the checkout, the receipt, the product page, the cards and the header.

// A worker's server serves its tests one after another: put the settings back however a test ends.
test.afterEach(({ db }) => {
  db.delete(settings).run();
});

const ordersBy = (db: Db, email: string) => db.select().from(orders).where(eq(orders.email, email)).all();

test("Enter in a checkout field places the order; without JavaScript 'Update total' still only updates the total", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  saveDeliverySettings(db, AKKAR_DEARER);
  const product = createProduct(db, { title: `${uniqueWord("Iron")} Iron`, priceCents: 5_300, stock: 5 });
  const email = `${uniqueWord("enter").toLowerCase()}@example.com`;
  await postToCart(page, product.id);
  await page.goto("/checkout");
  await fillCheckout(page, { Governorate: "Akkar", "Email Address": email });
  // Place Order's twin, the form's default button, is hidden from view and from assistive technology.
  await expect(page.getByRole("button", { name: "Place Order" })).toHaveCount(1);
  if (!javaScriptEnabled) {
    await page.getByRole("button", { name: "Update total" }).click();
    await expect(page.getByTestId("total")).toHaveText("$60.00");
    await expect(page).toHaveURL(/\/checkout$/);
    expect(ordersBy(db, email)).toHaveLength(0);
  }
  await page.getByLabel("Building").press("Enter");
  await expect(page).toHaveURL(/\/\?order=[0-9a-f]{24}$/);
  await expect(page.getByTestId("placed-order")).toContainText(/Order #\d+ was placed/);
  const [order] = ordersBy(db, email);
  expect(order?.governorate).toBe("Akkar");
  expect(order?.totalCents).toBe(6_000);
});

test("a discount code typed and sent with Enter is applied, not ordered without; the receipt shows the discount and the lira", async ({
  page,
  db,
}) => {
  saveLiraSettings(db, { lbpRate: 89_500 });
  const code = uniqueWord("TEN").slice(0, 12).toUpperCase();
  createDiscount(db, { code, percent: 10 }, SYSTEM_ACTOR);
  const product = createProduct(db, { title: `${uniqueWord("Kettle")} Kettle`, priceCents: 5_000, stock: 5 });
  const email = `${uniqueWord("code").toLowerCase()}@example.com`;
  await postToCart(page, product.id);
  await page.goto("/checkout");
  await fillCheckout(page, { "Email Address": email });
  await page.getByLabel("Discount code").fill(code.toLowerCase());
  await page.getByLabel("Discount code").press("Enter");
  // With JavaScript the code's own form applies it; without, the checkout applies it before any order.
  await expect(page.getByTestId("discount")).toHaveText("−$5.00");
  await expect(page.getByTestId("total")).toHaveText("$49.00");
  await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("Maya Khoury");
  expect(ordersBy(db, email)).toHaveLength(0);

  await page.getByLabel("Full Name", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/\?order=[0-9a-f]{24}$/);
  const receipt = page.getByTestId("placed-order");
  await expect(receipt.getByText(`Discount (${code})`)).toBeVisible();
  await expect(receipt.getByTestId("placed-order-discount")).toHaveText("−$5.00");
  await expect(receipt).toContainText("$49.00");
  // $49 at 89,500 LBP, to the nearest thousand: the rate the order kept.
  await expect(receipt.getByTestId("placed-order-lbp")).toHaveText("LBP 4,386,000");
  const [order] = ordersBy(db, email);
  expect(order?.couponCode).toBe(code);
  expect(order?.totalLbp).toBe(4_386_000);

  // The Arabic receipt says the same in Arabic.
  const text = await readCatalogueText();
  await page.goto(`/ar/?order=${order!.publicId}`);
  const arabicReceipt = page.getByTestId("placed-order");
  await expect(arabicReceipt).toContainText(text.arabic("In lira"));
  await expect(arabicReceipt.getByTestId("placed-order-lbp")).toHaveText("LBP 4,386,000");
  await expect(arabicReceipt.getByTestId("placed-order-discount")).toHaveText("−$5.00");
});

test("'In stock only' narrows a search's results too", async ({ page, db, javaScriptEnabled }) => {
  const word = uniqueWord("Lamp");
  const inStock = createProduct(db, { title: `${word} Desk Lamp`, stock: 2 });
  const soldOut = createProduct(db, { title: `${word} Floor Lamp`, stock: 0 });
  await page.goto(`/shop?search=${word}`);
  const titles = page.getByRole("heading", { level: 2 });
  await expect(titles.filter({ hasText: word })).toHaveCount(2);

  await page.getByRole("checkbox", { name: "In stock only" }).check();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/stock=in/);
  await expect(page).toHaveURL(new RegExp(`search=${word}`));
  await expect(titles.filter({ hasText: inStock.title })).toHaveCount(1);
  await expect(titles.filter({ hasText: soldOut.title })).toHaveCount(0);
  await expect(page.getByTestId("showing")).toHaveText("Showing 1-1 of 1 Products");
  await expect(
    page.getByRole("list", { name: "Active filters" }).getByRole("link", { name: "Remove filter: In stock only" }),
  ).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "In stock only" })).toBeChecked();
});

test("the product page says cash on delivery and the delivery fee, in English and Arabic", async ({ page, db }) => {
  const product = createProduct(db, { title: `${uniqueWord("Fan")} Fan`, priceCents: 2_500, stock: 3 });
  const note = page.getByText(/^Cash on delivery · /);
  await page.goto(`/shop/product/${product.id}`);
  await expect(note).toHaveText("Cash on delivery · Delivery $4.00");

  saveDeliverySettings(db, AKKAR_DEARER);
  await page.goto(`/shop/product/${product.id}`);
  await expect(note).toHaveText("Cash on delivery · Delivery from $4.00, by governorate");
  const text = await readCatalogueText();
  await page.goto(`/ar/shop/product/${product.id}`);
  const arabicNote = text
    .arabic("Cash on delivery · Delivery from {fee}, by governorate")
    .replace("{fee}", "\u2066$4.00\u2069");
  await expect(page.getByText(arabicNote, { exact: true })).toBeVisible();

  // An item that reaches the free-delivery threshold alone is delivered free.
  saveDeliverySettings(db, { ...AKKAR_DEARER, freeDeliveryFrom: 2_000 });
  await page.goto(`/shop/product/${product.id}`);
  await expect(note).toHaveText("Cash on delivery · Free delivery");
});

test("a card marks its sold-out sizes as the product page does, in words too", async ({ page, db }) => {
  const word = uniqueWord("Tee");
  createProduct(db, { title: `${word} Tee`, stockBySize: { S: 0, M: 2, L: 1 } });
  await page.goto(`/shop?search=${word}`);
  const card = page.getByTestId("product-card").filter({ hasText: word });
  await expect(card.getByRole("list", { name: "Sizes" })).toMatchAriaSnapshot(`
    - list "Sizes":
      - listitem: /S ?, out of stock/
      - listitem: M
      - listitem: L
  `);
  await expect(card.getByRole("listitem").filter({ hasText: /out of stock/ })).toHaveCSS(
    "text-decoration-line",
    "line-through",
  );
});

test("the cart's name counts its items in the right plural, in English and Arabic", async ({ page, db }) => {
  const product = createProduct(db, { title: `${uniqueWord("Mug")} Mug`, stock: 9 });
  const text = await readCatalogueText();
  // The Arabic plural's forms for two and for three to ten.
  const plural = / two \{(.*?)\} few \{(.*?)\} many /.exec(text.arabic("Cart, {cartQuantity} items"))!;
  await page.goto("/cart");
  await expect(page.getByRole("link", { name: "Cart", exact: true })).toBeVisible();
  await postToCart(page, product.id);
  await page.goto("/shop");
  await expect(page.getByRole("link", { name: "Cart, 1 item", exact: true })).toBeVisible();
  await page.goto("/ar/shop");
  await expect(page.getByRole("link", { name: text.arabic("Cart, 1 item"), exact: true })).toBeVisible();
  await postToCart(page, product.id);
  await page.goto("/ar/shop");
  await expect(page.getByRole("link", { name: plural[1]!, exact: true })).toBeVisible();
  await postToCart(page, product.id);
  await page.goto("/shop");
  await expect(page.getByRole("link", { name: "Cart, 3 items", exact: true })).toBeVisible();
  await page.goto("/ar/shop");
  await expect(page.getByRole("link", { name: plural[2]!.replace("{cartQuantity}", "3"), exact: true })).toBeVisible();
});

test("on a wide screen Tab reaches the search box before the category menu, which still sits before it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const search = page.getByRole("combobox", { name: "Search products" });
  const shop = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop", exact: true });
  await page.getByRole("banner").getByRole("link", { name: "Open Box Lebanon, home" }).focus();
  await page.keyboard.press("Tab");
  await expect(search).toBeFocused();
  // Drawn as before: the logo, Home and Shop, then the search box to their right.
  const [shopBox, searchBox] = [await shop.boundingBox(), await search.boundingBox()];
  expect(searchBox!.x).toBeGreaterThan(shopBox!.x + shopBox!.width);
  expect(Math.abs(searchBox!.y + searchBox!.height / 2 - (shopBox!.y + shopBox!.height / 2))).toBeLessThan(4);
});

test("a primary button's focus ring stands out at least 3:1 from white", async ({ page }) => {
  await page.goto("/");
  const shopNow = page.getByRole("link", { name: "Shop Now" });
  await shopNow.focus();
  // Focus from the keyboard, so the ring is drawn (:focus-visible).
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(shopNow).toBeFocused();
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const contrastWithWhite = async () => {
    const color = await shopNow.evaluate((element) => getComputedStyle(element).outlineColor);
    const [r, g, b] = color.match(/\d+/g)!.map(Number) as [number, number, number];
    return 1.05 / (0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b) + 0.05);
  };
  // The button's `transition` eases the ring's colour in: read it once the transition has ended.
  await expect.poll(contrastWithWhite).toBeGreaterThanOrEqual(3);
});
