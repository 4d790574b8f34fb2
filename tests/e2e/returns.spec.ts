import type { Page } from "@playwright/test";
import { formatPhone } from "~/utils/phone-number.ts";
import { loginAsAdmin, routeDialog } from "./admin-helpers.ts";
import { uniqueWord } from "../support/db-factories.ts";
import { addToCartOnProductPage, expectCheckoutKeeps, fillCheckout, submitCheckout } from "./checkout.ts";
import { expect, test, waitingForHydration } from "./fixtures.ts";
import { productToReturn, uniqueMobile } from "./return-orders.ts";
import { shotsDir } from "./shots.ts";

const SHOTS = shotsDir("returns");
const BLOCKED_MESSAGE = "We could not take this order online. Please call us to order.";

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a refused parcel comes back, the phone's next order is flagged, and a blocked number cannot order until unblocked", async ({
  page,
  browser,
  baseURL,
  db,
  javaScriptEnabled,
}) => {
  test.slow();
  const afterPost = { timeout: 15_000 };
  await page.setViewportSize({ width: 1280, height: 900 });
  // A number of this run's own, written three ways by the shopper and the owner.
  const local = uniqueMobile();
  const written = {
    local: `${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5)}`,
    international: `+961 ${local}`,
  };
  const {
    product,
    stock,
    order: placeBy,
  } = productToReturn(db, {
    prefix: "Ret",
    noun: "Toaster",
    priceCents: 3_000,
    stock: 3,
  });
  const buyer = `Ret ${uniqueWord("Buyer")}`;
  const order = (phone: string, steps?: "shipped"[]) => placeBy({ name: buyer, phone }, steps);

  // The first order is shipped, then comes back refused at the door.
  const first = order(written.local, ["shipped"]);
  expect(stock()).toBe(2);
  await loginAsAdmin(page, { landOn: `/admin/orders?q=${encodeURIComponent(buyer)}` });
  const dialog = routeDialog(page, "Order Details", javaScriptEnabled);
  await page.getByRole("link", { name: `Order #${first.orderNumber} details` }).click();
  await expect(dialog.getByRole("button", { name: "Mark as Delivered" })).toBeVisible();
  await dialog.getByRole("link", { name: "Mark as Returned" }).click();
  // Without a reason the form says so and nothing changes.
  await dialog.getByRole("button", { name: "Yes, mark as returned" }).click();
  await expect(dialog.getByText("Choose why the order came back: refused, unreachable or other")).toBeVisible(
    afterPost,
  );
  expect(stock()).toBe(2);
  await dialog.getByLabel("Why did it come back?").selectOption({ label: "Refused at the door" });
  await dialog.getByLabel("Note (optional)").fill("Said he ordered by mistake");
  if (javaScriptEnabled) await shoot(page, "return-step");
  await dialog.getByRole("button", { name: "Yes, mark as returned" }).click();
  await expect(page.getByText("Order marked as returned")).toBeVisible(afterPost);
  expect(stock()).toBe(3);

  // Listed with the completed orders, under a 'Returned' badge.
  await page.goto(`/admin/orders?view=completed&q=${encodeURIComponent(buyer)}`);
  const completedRow = page.getByTestId("admin-order-row").filter({ hasText: `#${first.orderNumber}` });
  await expect(completedRow.getByText("returned", { exact: true })).toBeVisible();

  // The same phone, written another way, orders again: flagged in the list, 1 returned in the dialog.
  const second = order(written.international);
  await page.goto(`/admin/orders?q=${encodeURIComponent(buyer)}`);
  const row = page.getByTestId("admin-order-row").filter({ hasText: `#${second.orderNumber}` });
  await expect(row.getByTestId("returned-before")).toHaveText("Returned before");
  if (javaScriptEnabled) await shoot(page, "orders-list");
  await page.getByRole("link", { name: `Order #${second.orderNumber} details` }).click();
  const record = dialog.getByTestId("customer-record");
  await expect(record).toContainText("Orders:2");
  await expect(record).toContainText("Returned:1");
  await expect(dialog.getByRole("link", { name: "See all orders from this phone" })).toHaveAttribute(
    "href",
    `/admin/orders?phone=${encodeURIComponent(written.international).replace(/%20/g, "+")}`,
  );

  // The owner blocks the number from the dialog.
  await dialog.getByRole("link", { name: "Block number" }).click();
  await dialog.getByLabel("Why block it?").fill("Refused a parcel at the door");
  if (javaScriptEnabled) await shoot(page, "order-dialog-block");
  await dialog.getByRole("button", { name: "Block this number" }).click();
  await expect(page.getByText("Phone number blocked")).toBeVisible(afterPost);
  await expect(dialog.getByTestId("blocked-status")).toContainText("Refused a parcel at the door");

  // A new checkout with that number is refused with the message, everything typed kept.
  const shopperContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const shopper = waitingForHydration(await shopperContext.newPage(), javaScriptEnabled);
  await addToCartOnProductPage(shopper, product.id);
  await shopper.goto("/checkout");
  const typed = await fillCheckout(shopper, {
    "Full Name": buyer,
    "Email Address": "returns@example.com",
    "Phone Number": `961${local}`,
    Governorate: "Mount Lebanon",
    City: "Jounieh",
    Street: "Fouad Chehab",
    Building: "Marina",
    "Full Address": "4th floor, blue door",
  });
  await shopper.getByRole("button", { name: "Place Order" }).click();
  await expect(shopper.getByRole("alert").filter({ hasText: BLOCKED_MESSAGE })).toBeVisible(afterPost);
  await expectCheckoutKeeps(shopper, typed);
  expect(stock()).toBe(2);
  if (javaScriptEnabled) await shoot(shopper, "checkout-blocked");

  // Unblocked from Settings, the same form goes through.
  await page.goto("/admin/settings");
  await expect(page.getByTestId("blocked-phones")).toContainText("Refused a parcel at the door");
  if (javaScriptEnabled) await shoot(page, "settings-blocked");
  await page.getByRole("button", { name: `Unblock ${formatPhone(written.international)}` }).click();
  await expect(page.getByText("Phone number unblocked")).toBeVisible(afterPost);
  await submitCheckout(shopper, afterPost);
  expect(stock()).toBe(1);
  await shopperContext.close();

  // The Overview counts the return.
  await page.goto("/admin/overview");
  await expect(page.getByRole("link", { name: /Returned \(30 days\)/ })).toContainText(/\d+ of \d+ shipped \(\d+%\)/);
  if (javaScriptEnabled) await shoot(page, "overview");
});
