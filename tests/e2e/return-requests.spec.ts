import type { Page } from "@playwright/test";
import { getOverview } from "~/overview/overview.server.ts";
import { formatMoney } from "~/utils/money.ts";
import { loginAsAdmin, routeDialog } from "./admin-helpers.ts";
import { expect, test, waitingForHydration } from "./fixtures.ts";
import { productToReturn, uniqueMobile } from "./return-orders.ts";
import { shotsDir } from "./shots.ts";

const SHOTS = shotsDir("returns");

async function shoot(page: Page, name: string, javaScriptEnabled: boolean) {
  if (!SHOTS) return;
  await page.screenshot({
    path: `${SHOTS}/return-request-${name}-${javaScriptEnabled ? "js" : "nojs"}-360.png`,
    fullPage: true,
  });
}

test("a delivered order's item is returned: asked with the right phone, approved, received with a refund, back in stock, out of the revenue", async ({
  page,
  browser,
  baseURL,
  db,
  javaScriptEnabled,
}) => {
  test.slow();
  const afterPost = { timeout: 15_000 };
  await page.setViewportSize({ width: 360, height: 800 });
  const phone = `+961 ${uniqueMobile()}`;
  const {
    product,
    stock,
    order: placeBy,
  } = productToReturn(db, {
    prefix: "Rr",
    noun: "Kettle",
    priceCents: 5_000,
    stock: 3,
    costCents: 3_000,
  });
  const order = placeBy({ phone }, ["shipped", "delivered"]);
  expect(stock()).toBe(2);
  const revenueBefore = getOverview(db).today.revenueCents;

  // The shopper, on the tracking page at 360 px: the phone is checked first.
  const shopperContext = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    viewport: { width: 360, height: 800 },
  });
  const shopper = waitingForHydration(await shopperContext.newPage(), javaScriptEnabled);
  await shopper.goto(`/track/${order.publicId}`);
  await shopper.getByText("Return an item").click();
  const form = shopper.locator("#return");
  await form.getByLabel("Phone number").fill("+961 3 999 999");
  await form.getByLabel("Defective").check();
  await form.getByLabel("Note (optional)").fill("It does not heat");
  await form.getByRole("button", { name: "Ask to return" }).click();
  await expect(shopper.getByRole("alert").filter({ hasText: "Order not found" })).toBeVisible(afterPost);
  await form.getByLabel("Phone number").fill(phone);
  await expect(form.getByLabel(product.title)).toHaveValue("1");
  if (!(await form.getByLabel("Defective").isChecked())) await form.getByLabel("Defective").check();
  await shoot(shopper, "form", javaScriptEnabled);
  await form.getByRole("button", { name: "Ask to return" }).click();
  const state = shopper.getByTestId("return-request-state");
  await expect(state).toContainText("Return requested: we will look at it and email you.", afterPost);
  await expect(shopper.getByText("Return an item")).toHaveCount(0);
  await shoot(shopper, "requested", javaScriptEnabled);

  // The owner approves it in the order dialog, then records it received with a refund.
  await loginAsAdmin(page, { landOn: `/admin/orders/${order.publicId}` });
  const dialog = routeDialog(page, "Order Details", javaScriptEnabled);
  const panel = dialog.getByTestId("return-request-panel");
  await expect(panel).toContainText("Return requested");
  await expect(panel).toContainText("It does not heat");
  await panel.getByRole("button", { name: "Approve return" }).click();
  await expect(panel).toHaveAttribute("data-status", "approved", afterPost);
  // A refund with a third decimal is refused, never rounded.
  await panel.getByLabel("Refund ($)").fill("50.001");
  await panel.getByRole("button", { name: "Received" }).click();
  await expect(panel.getByText("Refund: use at most two decimals, like 49.99")).toBeVisible(afterPost);
  // More than was paid for the item is refused too.
  await panel.getByLabel("Refund ($)").fill("60");
  await panel.getByRole("button", { name: "Received" }).click();
  await expect(panel.getByText(/Refund: at most \$50\.00/)).toBeVisible(afterPost);
  expect(stock()).toBe(2);
  await panel.getByLabel("Refund ($)").fill("50");
  await expect(panel.getByLabel(product.title)).toHaveValue("1");
  await shoot(page, "dialog-receive", javaScriptEnabled);
  await panel.getByRole("button", { name: "Received" }).click();
  await expect(panel).toHaveAttribute("data-status", "received", afterPost);
  await expect(panel.getByTestId("return-refund")).toHaveText("Refunded $50.00");
  expect(stock()).toBe(3);
  await shoot(page, "dialog-received", javaScriptEnabled);

  // The Overview's revenue is lower by the refund, and says what was refunded.
  await page.goto("/admin/overview");
  const today = page.getByRole("region", { name: "Today" });
  await expect(today).toContainText(formatMoney(revenueBefore - 5_000));
  await expect(today.getByTestId("period-refunds")).toHaveText("after $50.00 refunded");
  await expect(page.getByRole("link", { name: /Refunds \(30 days\)/ })).toContainText("$50.00");
  await shoot(page, "overview", javaScriptEnabled);

  // The shopper sees the refund on the tracking page.
  await shopper.reload();
  await expect(state).toContainText("Return received.");
  await expect(shopper.getByTestId("return-refund")).toContainText("$50.00");
  await shoot(shopper, "received", javaScriptEnabled);
  await shopperContext.close();
});
