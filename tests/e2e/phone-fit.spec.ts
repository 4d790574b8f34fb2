import type { Locator, Page } from "@playwright/test";
import { createDiscount } from "~/discounts/discounts.server.ts";
import { blockPhone } from "~/orders/customers.server.ts";
import { placeOrder } from "~/orders/order.server.ts";
import { SYSTEM_ACTOR } from "~/platform/activity/activity-log.server.ts";
import { readShopDetails } from "~/settings/settings.server.ts";
import { loginAsAdmin, routeDialog } from "./admin-helpers.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { TEST_SHIPPING } from "../support/test-db.ts";
import { addToCartOnProductPage, fillCheckout, postToCart } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";
import { shotsDir } from "./shots.ts";

/**
 * On a phone (360 px), with JavaScript on and off: a form's own error is where the shopper looks
 * when it appears (in view, focused), and no dialog runs past the screen's edge.
 */

const SHOTS = shotsDir("polish");
const PHONE = { width: 360, height: 740 };
const BLOCKED_MESSAGE = "We could not take this order online. Please call us to order.";
const afterPost = { timeout: 15_000 };

/** A number of this run's own, so parallel runs and retries never share a block. */
function ownNumber() {
  return `+961 7${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
}

/** The form's error box is inside the screen and has the focus. */
async function expectInViewAndFocused(page: Page, alert: Locator) {
  await expect(alert).toBeInViewport();
  await expect(alert).toBeFocused();
  const box = (await alert.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + Math.min(box.height, viewport.height)).toBeLessThanOrEqual(viewport.height);
}

async function shoot(page: Page, name: string, javaScriptEnabled: boolean) {
  if (!SHOTS) return;
  await page.screenshot({
    path: `${SHOTS}/${name}-${page.viewportSize()!.width}-js-${javaScriptEnabled ? "on" : "off"}.png`,
  });
}

test.describe("at 360 px", () => {
  test.use({ viewport: PHONE });

  test("a blocked phone's refused order is brought into view, focused, with the shop's number", async ({
    page,
    db,
    javaScriptEnabled,
  }) => {
    const phone = ownNumber();
    blockPhone(db, { phone, reason: "Refused two parcels" }, SYSTEM_ACTOR);
    const product = createProduct(db, { title: `${uniqueWord("Blk")} Blender`, stock: 3 });
    await addToCartOnProductPage(page, product.id);
    await page.goto("/checkout");
    await fillCheckout(page, { "Phone Number": phone });
    const placeOrder = page.getByRole("button", { name: "Place Order" });
    await placeOrder.scrollIntoViewIfNeeded();
    await placeOrder.click();

    const alert = page.getByRole("alert").filter({ hasText: BLOCKED_MESSAGE });
    await expect(alert).toBeVisible(afterPost);
    await expectInViewAndFocused(page, alert);
    // The contract's words stay as they are; the shop's number (from the shop details) is beside them.
    const { contactPhone } = readShopDetails(db);
    await expect(alert.getByRole("link", { name: contactPhone })).toHaveAttribute("href", /^tel:\+961/);
    await shoot(page, "checkout-blocked", javaScriptEnabled);
    await page.setViewportSize({ width: 1280, height: 900 });
    await alert.scrollIntoViewIfNeeded();
    await shoot(page, "checkout-blocked", javaScriptEnabled);
  });

  test("'the cart changed' (409) is brought into view and focused", async ({ page, db }) => {
    const first = createProduct(db, { title: `${uniqueWord("Chg")} Kettle`, stock: 3 });
    const second = createProduct(db, { title: `${uniqueWord("Chg")} Toaster`, stock: 3 });
    await addToCartOnProductPage(page, first.id);
    await page.goto("/checkout");
    await fillCheckout(page);
    // Another tab adds a line after this page was drawn.
    await postToCart(page, second.id);
    const placeOrder = page.getByRole("button", { name: "Place Order" });
    await placeOrder.scrollIntoViewIfNeeded();
    await placeOrder.click();
    const alert = page.locator("[data-form-errors]");
    await expect(alert).toBeVisible(afterPost);
    await expect(alert).toContainText(/changed/i);
    await expectInViewAndFocused(page, alert);
    // No number to call for a cart that changed: the shopper just looks again and places the order.
    await expect(alert.getByRole("link")).toHaveCount(0);
  });

  test("/admin/discounts does not scroll sideways: its table scrolls in its own box", async ({
    page,
    db,
    javaScriptEnabled,
  }) => {
    createDiscount(db, { code: uniqueWord("FIT").slice(0, 12).toUpperCase(), percent: 10 }, SYSTEM_ACTOR);
    await loginAsAdmin(page, { landOn: "/admin/discounts" });
    await expect(page.getByRole("table", { name: "Discount codes" })).toBeVisible();
    const page360 = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(page360.scrollWidth).toBeLessThanOrEqual(page360.clientWidth);
    if (SHOTS) {
      await page.screenshot({
        path: `${SHOTS}/discounts-360-js-${javaScriptEnabled ? "on" : "off"}.png`,
        fullPage: true,
      });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SHOTS}/discounts-1280-js-${javaScriptEnabled ? "on" : "off"}.png` });
    }
  });

  test("the order dialog fits the phone: a long Arabic address, a long email and the items' table", async ({
    page,
    db,
    javaScriptEnabled,
  }) => {
    test.slow();
    const product = createProduct(db, {
      title: `${uniqueWord("Wide")} Stainless Steel Espresso Machine With Milk Frother`,
      priceCents: 12_345,
      stock: 5,
    });
    const order = placeOrder(db, {
      lines: [{ productId: product.id, size: null, quantity: 2 }],
      shipping: {
        ...TEST_SHIPPING,
        name: "ماريا خوري الحداد",
        email: "a.very.long.email.address.for.a.customer@subdomain.example-company.com",
        street: "شارع الاستقلال الرئيسي",
        building: "بناية الحداد",
        address: "الطابق الرابع،بجانبالصيدليةالكبيرةمقابلالمدرسةالرسميةوالحديقةالعامةبعدالجسرالثاني قرب محطة الوقود",
      },
    }).order;

    await loginAsAdmin(page, { landOn: `/admin/orders/${order.publicId}` });
    const dialog = routeDialog(page, "Order Details", javaScriptEnabled);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("a.very.long.email");
    await expectFits(dialog);
    if (SHOTS)
      await dialog.screenshot({ path: `${SHOTS}/order-dialog-360-js-${javaScriptEnabled ? "on" : "off"}.png` });

    // The table keeps its columns and scrolls inside its own box.
    const tableBox = dialog.locator("table").locator("..");
    const scrolls = await tableBox.evaluate((box) => box.scrollWidth > box.clientWidth);
    expect(scrolls).toBe(true);

    // The product's Edit dialog too.
    await page.goto(`/admin/products/${product.id}/edit`);
    const edit = routeDialog(page, "Edit Product", javaScriptEnabled);
    await expect(edit).toBeVisible();
    await expectFits(edit);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/orders/${order.publicId}`);
    await expect(dialog).toBeVisible();
    await expectFits(dialog);
    if (SHOTS)
      await dialog.screenshot({ path: `${SHOTS}/order-dialog-1280-js-${javaScriptEnabled ? "on" : "off"}.png` });
  });
});

/**
 * Nothing in the dialog runs past its edges: the dialog does not scroll sideways, and every element
 * outside a box that scrolls sideways of its own lies within the dialog's left and right edges.
 */
async function expectFits(dialog: Locator) {
  const overflow = await dialog.evaluate((root) => {
    const edge = root.getBoundingClientRect();
    const outside: string[] = [];
    const scrollsSideways = (element: Element) => {
      for (let at: Element | null = element.parentElement; at && at !== root; at = at.parentElement)
        if (["auto", "scroll"].includes(getComputedStyle(at).overflowX)) return true;
      return false;
    };
    for (const element of root.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || scrollsSideways(element)) continue;
      if (box.left < edge.left - 1 || box.right > edge.right + 1)
        outside.push(`${element.tagName} ${(element.textContent ?? "").slice(0, 40)} (${box.left}–${box.right})`);
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, outside: outside.slice(0, 5) };
  });
  expect(overflow.outside).toEqual([]);
  expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
}

test("the orders list at 1280 px shows the Actions column without a sideways scroll, an Arabic address in two lines at most", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const product = createProduct(db, { title: `${uniqueWord("List")} Lamp`, stock: 5 });
  // A name of short words, as real ones are (a long unbroken word would widen its column).
  const name = `ماريا خوري ${uniqueWord("W").slice(0, 8)}`;
  placeOrder(db, {
    lines: [{ productId: product.id, size: null, quantity: 1 }],
    shipping: {
      ...TEST_SHIPPING,
      name,
      city: "برج حمود",
      address: "الطابق الرابع، بجانب الصيدلية الكبيرة مقابل المدرسة الرسمية والحديقة العامة بعد الجسر الثاني",
    },
  });
  await loginAsAdmin(page, { landOn: `/admin/orders?q=${encodeURIComponent(name)}` });
  const row = page.getByTestId("admin-order-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const ship = row.getByRole("button", { name: /^Mark as Shipped/ });
  await expect(ship).toBeInViewport({ ratio: 1 });
  const box = page.locator("table").locator("..");
  expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  const address = row.getByTestId("order-address");
  const lineHeight = await address.evaluate((cell) => parseFloat(getComputedStyle(cell).lineHeight));
  expect((await address.boundingBox())!.height).toBeLessThanOrEqual(lineHeight * 2 + 1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/orders-list-1280-js-${javaScriptEnabled ? "on" : "off"}.png` });
});
