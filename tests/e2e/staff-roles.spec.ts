import fs from "node:fs";
import type { Page } from "@playwright/test";
import { placeOrder } from "~/orders/order.server.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { loginAsAdmin, routeDialog } from "./admin-helpers.ts";
import { expect, test, waitingForHydration } from "./fixtures.ts";
import { shotsDir } from "./shots.ts";

const SHOTS = shotsDir("roles");
const RANA = { username: "rana", first: "rana-first-password", own: "rana-own-password-2026" };

async function shoot(page: Page, name: string, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled || !SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test("the owner adds rana with the Orders role: she sets her password, works the order desk only, and is signed out when removed", async ({
  page,
  browser,
  baseURL,
  db,
  javaScriptEnabled,
}) => {
  test.slow();
  const afterPost = { timeout: 15_000 };
  const product = createProduct(db, { title: `${uniqueWord("Staff")} Toaster`, priceCents: 3_000, stock: 5 });
  const { order } = placeOrder(db, {
    lines: [{ productId: product.id, size: null, quantity: 1 }],
    shipping: {
      name: "Staff Test Buyer",
      email: "staff@example.com",
      phone: "70123456",
      district: "Beirut",
      city: "Beirut",
      street: "Hamra",
      building: "1",
      address: "Hamra 1",
    },
  });

  // The owner adds her.
  await loginAsAdmin(page, { landOn: "/admin/staff" });
  await expect(page.getByRole("heading", { level: 1, name: /^Staff \(\d+\)$/ })).toBeVisible();
  const add = page.getByRole("form", { name: "Add a staff member" });
  await add.getByLabel("Username").fill(RANA.username);
  await add.getByLabel("Role").selectOption("orders");
  await add.getByLabel("First password").fill("short");
  await add.getByRole("button", { name: "Add staff member" }).click();
  await expect(add.getByText("Use at least 12 characters")).toBeVisible(afterPost);
  await expect(add.getByLabel("Username")).toHaveValue(RANA.username);
  await add.getByLabel("First password").fill(RANA.first);
  await add.getByRole("button", { name: "Add staff member" }).click();
  await expect(page.getByText(`Added ${RANA.username}`)).toBeVisible(afterPost);
  const row = page.getByTestId("staff-member").filter({ hasText: RANA.username });
  await expect(row).toContainText("Orders");
  await expect(row).toContainText("has not chosen a password yet");
  await shoot(page, "staff", javaScriptEnabled);

  // She signs in and must choose her own password first.
  const ranaContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const rana = waitingForHydration(await ranaContext.newPage(), javaScriptEnabled);
  await rana.goto("/admin");
  await rana.getByLabel("Username").fill(RANA.username);
  await rana.getByLabel("Password").fill(RANA.first);
  await rana.getByRole("button", { name: "Login" }).click();
  await expect(rana).toHaveURL(/\/admin\/account$/, afterPost);
  await expect(rana.getByText("Choose your own password before you start")).toBeVisible();
  const nav = rana.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link")).toHaveText(["My account"]);
  await rana.goto("/admin/orders");
  await expect(rana).toHaveURL(/\/admin\/account$/);
  await shoot(rana, "account-first", javaScriptEnabled);
  // The new password typed twice, differently: said beside the second field.
  await rana.getByLabel("Current password").fill(RANA.first);
  await rana.getByLabel("New password", { exact: true }).fill(RANA.own);
  await rana.getByLabel("Confirm new password").fill(`${RANA.own}x`);
  await rana.getByRole("button", { name: "Change password" }).click();
  await expect(rana.getByText("The two new passwords are not the same: type it again in both fields.")).toBeVisible(
    afterPost,
  );
  await rana.getByLabel("Current password").fill("not-my-password");
  await rana.getByLabel("New password", { exact: true }).fill(RANA.own);
  await rana.getByLabel("Confirm new password").fill(RANA.own);
  await rana.getByRole("button", { name: "Change password" }).click();
  await expect(rana.getByText("The current password is not right.")).toBeVisible(afterPost);
  await rana.getByLabel("Current password").fill(RANA.first);
  await rana.getByLabel("New password", { exact: true }).fill(RANA.own);
  await rana.getByLabel("Confirm new password").fill(RANA.own);
  await rana.getByRole("button", { name: "Change password" }).click();
  await expect(rana).toHaveURL(/\/admin\/orders$/, afterPost);
  await expect(rana.getByText("Password changed")).toBeVisible();

  // Orders, and nothing of products, settings, discounts, staff or backups.
  await expect(nav.getByRole("link", { name: "View Orders" })).toBeVisible();
  for (const hidden of ["Manage Products", "Settings", "Discounts", "Staff", "Backups", "Overview", "Activity"])
    await expect(nav.getByRole("link", { name: hidden })).toHaveCount(0);

  // She confirms the order and adds a note.
  await rana.goto(`/admin/orders/${order.publicId}`);
  const dialog = routeDialog(rana, "Order Details", javaScriptEnabled);
  await dialog.getByRole("button", { name: "Mark as Confirmed" }).click();
  await expect(rana.getByText("Order confirmed successfully")).toBeVisible(afterPost);
  await dialog.getByLabel("Add a note").fill("Rana called: deliver after 5 pm");
  await dialog.getByRole("button", { name: "Add Note" }).click();
  const timeline = dialog.getByTestId("order-timeline");
  await expect(timeline).toContainText("Rana called: deliver after 5 pm", afterPost);
  await expect(timeline.locator('li[data-event="confirmed"]')).toContainText(RANA.username);
  // The activity log is the owner's: the dialog offers her no History link.
  await expect(dialog.getByRole("link", { name: "History" })).toHaveCount(0);

  // Products by URL: refused inside the dashboard.
  const refused = await rana.goto("/admin/products");
  expect(refused?.status()).toBe(403);
  await expect(rana.getByText("Your role does not allow this.")).toBeVisible();
  await expect(nav.getByRole("link", { name: "View Orders" })).toBeVisible();
  await shoot(rana, "refused", javaScriptEnabled);

  // The activity log names her.
  await page.goto(`/admin/activity?order=${order.publicId}`);
  const entries = page.getByTestId("activity-entry");
  await expect(entries.filter({ hasText: "Order note added" })).toContainText(`by ${RANA.username}`);
  await expect(entries.filter({ hasText: "Order confirmed" })).toContainText(`by ${RANA.username}`);

  // The owner removes her; her open session ends at once.
  await rana.goto("/admin/orders");
  await page.goto("/admin/staff");
  await page.getByRole("link", { name: `Remove ${RANA.username}` }).click();
  await expect(page.getByRole("heading", { name: `Remove ${RANA.username}?` })).toBeVisible();
  await page.getByRole("button", { name: `Remove ${RANA.username}` }).click();
  await expect(page.getByText(`Removed ${RANA.username}`)).toBeVisible(afterPost);
  await expect(page.getByTestId("staff-member").filter({ hasText: RANA.username })).toHaveCount(0);

  await nav.getByRole("link", { name: "View Orders" }).click();
  await expect(rana).toHaveURL(/\/admin$/, afterPost);
  await expect(rana.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await ranaContext.close();
});

test("the last owner is neither demoted nor removed: the page says why", async ({ page }) => {
  await loginAsAdmin(page, { landOn: "/admin/staff" });
  const owners = page.getByTestId("staff-member").filter({ hasText: "Owner" });
  // The e2e server's only owner is the administrator start made.
  await expect(owners).toHaveCount(1);
  const me = page.getByTestId("staff-member").filter({ hasText: "(you)" });
  await me.getByLabel("Role of admin", { exact: true }).selectOption("orders");
  await me.getByRole("button", { name: "Change the role of admin" }).click();
  await expect(page.getByText("The shop must keep at least one owner.")).toBeVisible({ timeout: 15_000 });
  // One's own row offers no 'Remove'.
  await expect(me.getByRole("link", { name: "Remove admin" })).toHaveCount(0);
  // The next submission of the page (here: adding a member) clears the refused change and its error.
  await page.getByLabel("Username").fill(uniqueWord("temp").toLowerCase().slice(0, 30));
  await page.getByLabel("First password").fill("a-first-password-1");
  await page.getByRole("button", { name: "Add staff member" }).click();
  await expect(page.getByText(/^Added /)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("The shop must keep at least one owner.")).toHaveCount(0);
  await expect(me.getByLabel("Role of admin", { exact: true })).toHaveValue("owner");
  await page.goto("/admin/staff?remove=admin");
  await page.getByRole("button", { name: "Remove admin" }).click();
  await expect(page.getByText("The shop must keep at least one owner.")).toBeVisible({ timeout: 15_000 });
  await page.goto("/admin/staff");
  await expect(page.getByTestId("staff-member").filter({ hasText: "(you)" })).toContainText("Owner");
});
