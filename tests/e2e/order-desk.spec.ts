import fs from "node:fs";
import { eq } from "drizzle-orm";
import { orders } from "../../db/schema/index.ts";
import { placeOrder } from "~/orders/order.server.ts";
import { loginAsAdmin, routeDialog } from "./admin-helpers.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { addToCartOnProductPage, placeOrderAtCheckout } from "./checkout.ts";
import { expect, test, waitingForHydration } from "./fixtures.ts";

/** How many pages a PDF holds: its page objects (not the /Pages tree node). */
function pdfPageCount(pdf: Buffer) {
  return pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

test("an order is confirmed by WhatsApp, noted and shipped from the order desk, and its timeline tells it in order", async ({
  page,
  browser,
  baseURL,
  db,
  javaScriptEnabled,
}, testInfo) => {
  // Two browsers, a checkout and seven admin steps: longer than one page's test.
  test.slow();
  // Placing an order and each admin change is a POST, a redirect and a full render: allow a busy machine.
  const afterPost = { timeout: 15_000 };
  const product = createProduct(db, { title: `${uniqueWord("Desk")} Blender`, priceCents: 4_500, stock: 5 });
  const buyer = `Desk ${uniqueWord("Buyer")}`;

  const shopperContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const shopper = waitingForHydration(await shopperContext.newPage(), javaScriptEnabled);
  await addToCartOnProductPage(shopper, product.id);
  const { orderNumber } = await placeOrderAtCheckout(
    shopper,
    {
      "Full Name": buyer,
      "Email Address": "desk@example.com",
      // A Lebanese mobile number written locally, without 961.
      "Phone Number": "71 234 567",
      Governorate: "Mount Lebanon",
      City: "Jounieh",
      Street: "Fouad Chehab",
      Building: "Marina",
      "Full Address": "4th floor, blue door",
    },
    afterPost,
  );
  await shopperContext.close();

  await loginAsAdmin(page);
  await page.goto("/admin/orders");
  await page.getByRole("link", { name: /^To confirm \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/view=to-confirm/);
  await expect(page.getByRole("heading", { level: 1, name: /^To confirm \(\d+\)$/ })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search orders" }).fill(buyer);
  await page.getByRole("searchbox", { name: "Search orders" }).press("Enter");
  await expect(page).toHaveURL(/view=to-confirm/);
  const row = page.getByTestId("admin-order-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`#${orderNumber}`);

  const dialog = routeDialog(page, "Order Details", javaScriptEnabled);
  await page.getByRole("link", { name: `Order #${orderNumber} details` }).click();
  await expect(dialog.getByTestId("confirmation-status")).toHaveText(
    "Not confirmed: call or WhatsApp the customer before shipping.",
  );
  await expect(dialog.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:+96171234567");
  const whatsApp = await dialog.getByRole("link", { name: "WhatsApp" }).getAttribute("href");
  expect(whatsApp).toMatch(/^https:\/\/wa\.me\/96171234567\?text=/);
  expect(new URL(whatsApp!).searchParams.get("text")).toContain(`order #${orderNumber}`);

  if (javaScriptEnabled) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await page.screenshot({ path: testInfo.outputPath(`order-dialog-${width}.png`) });
    }
  }

  await dialog.getByRole("button", { name: "Mark as Confirmed" }).click();
  await expect(page.getByText("Order confirmed successfully")).toBeVisible(afterPost);
  await expect(dialog.getByTestId("confirmation-status")).toContainText("Confirmed with the customer on");
  await expect(dialog.getByRole("button", { name: "Mark as Confirmed" })).toHaveCount(0);

  await dialog.getByRole("button", { name: "Add Note" }).click();
  await expect(dialog.getByText("Note is required")).toBeVisible();
  await dialog.getByLabel("Add a note").fill("Customer asks for delivery after 5 pm");
  await dialog.getByRole("button", { name: "Add Note" }).click();
  await expect(dialog.getByTestId("order-timeline")).toContainText("Customer asks for delivery after 5 pm", afterPost);
  await expect(dialog.getByLabel("Add a note")).toHaveValue("");

  await dialog.getByRole("button", { name: "Mark as Shipped", exact: true }).click();
  await expect(page.getByText("Order status updated to shipped")).toBeVisible(afterPost);

  const publicId = db
    .select({ publicId: orders.publicId })
    .from(orders)
    .where(eq(orders.orderNumber, Number(orderNumber)))
    .get()!.publicId;
  await page.goto(`/admin/orders/${publicId}`);
  const events = dialog.getByTestId("order-timeline").locator("li");
  await expect(events).toHaveCount(4);
  expect(await events.evaluateAll((items) => items.map((item) => item.getAttribute("data-event")))).toEqual([
    "placed",
    "confirmed",
    "note",
    "shipped",
  ]);
  await expect(events.nth(1)).toContainText("admin");
  if (javaScriptEnabled) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await dialog.getByTestId("order-timeline").scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`order-timeline-${width}.png`) });
    }
  }
});

test("delivery slips for the orders ticked in the list print one order a page, amount to collect in large type", async ({
  page,
  db,
  javaScriptEnabled,
}, testInfo) => {
  const product = createProduct(db, { title: `${uniqueWord("Slip")} Kettle`, priceCents: 2_000, stock: 10 });
  const shipping = (name: string) => ({
    name,
    email: "slip@example.com",
    phone: "03 123 456",
    district: "Beirut",
    city: "Beirut",
    street: "Hamra",
    building: "Rose",
    address: "Ground floor, next to the pharmacy",
  });
  const first = placeOrder(db, {
    lines: [{ productId: product.id, size: null, quantity: 1 }],
    shipping: shipping(`Slip ${uniqueWord("A")}`),
  }).order;
  const second = placeOrder(db, {
    lines: [{ productId: product.id, size: null, quantity: 2 }],
    shipping: shipping("رنا حداد"),
  }).order;

  await loginAsAdmin(page);
  await page.goto("/admin/orders");
  await page.getByRole("checkbox", { name: `Select order #${first.orderNumber} for slips` }).check();
  await page.getByRole("checkbox", { name: `Select order #${second.orderNumber} for slips` }).check();
  await page.getByRole("button", { name: "Print Slips for Selected" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/slips\?id=/);
  const slips = page.locator("[data-slip]");
  await expect(slips).toHaveCount(2);
  const firstSlip = page.getByRole("article", { name: `Delivery slip for order #${first.orderNumber}` });
  const secondSlip = page.getByRole("article", { name: `Delivery slip for order #${second.orderNumber}` });
  await expect(firstSlip).toContainText("Ground floor, next to the pharmacy");
  await expect(firstSlip.getByTestId("amount-to-collect")).toHaveText("$24.00");
  await expect(secondSlip).toContainText("رنا حداد");
  await expect(secondSlip).toContainText("Amount to collect");
  await expect(secondSlip.getByTestId("amount-to-collect")).toHaveText("$44.00");
  const amountSize = await firstSlip
    .getByTestId("amount-to-collect")
    .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  expect(amountSize).toBeGreaterThanOrEqual(48);

  await page.goto(`/admin/orders/${first.publicId}/slip`);
  await expect(page.locator("[data-slip]")).toHaveCount(1);
  await expect(page.getByTestId("amount-to-collect")).toHaveText("$24.00");

  // page.pdf() is Chromium's print: it needs JavaScript only to exist, so one project checks it.
  if (!javaScriptEnabled) return;
  await page.goto(`/admin/orders/slips?id=${first.publicId}&id=${second.publicId}`);
  const a5 = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(pdfPageCount(a5)).toBe(2);
  await page.goto(`/admin/orders/slips?id=${first.publicId}&id=${second.publicId}&paper=phone`);
  const phone = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(pdfPageCount(phone)).toBe(2);
  fs.writeFileSync(testInfo.outputPath("slips-a5.pdf"), a5);
  fs.writeFileSync(testInfo.outputPath("slips-phone.pdf"), phone);
});

test("a note for the driver is saved in the order dialog, refused over 300 characters, and printed on the slip", async ({
  page,
  db,
  javaScriptEnabled,
}, testInfo) => {
  const afterPost = { timeout: 15_000 };
  const product = createProduct(db, { title: `${uniqueWord("Driver")} Toaster`, priceCents: 3_000, stock: 5 });
  const order = placeOrder(db, {
    lines: [{ productId: product.id, size: null, quantity: 1 }],
    shipping: {
      name: `Driver ${uniqueWord("Buyer")}`,
      email: "driver@example.com",
      phone: "03 123 456",
      district: "Beirut",
      city: "Beirut",
      street: "Hamra",
      building: "Rose",
      address: "Ground floor, next to the pharmacy",
    },
  }).order;

  await loginAsAdmin(page);
  await page.goto(`/admin/orders/${order.publicId}`);
  const dialog = routeDialog(page, "Order Details", javaScriptEnabled);
  const field = dialog.getByLabel("Note for the driver");
  await expect(field).toHaveValue("");
  await field.fill("x".repeat(301));
  await dialog.getByRole("button", { name: "Save Note for the Driver" }).click();
  await expect(dialog.getByText("Note for the driver must be at most 300 characters")).toBeVisible(afterPost);
  await expect(field).toHaveValue("x".repeat(301));

  await field.fill("Call from the corner shop; the bell is broken");
  await dialog.getByRole("button", { name: "Save Note for the Driver" }).click();
  await expect(page.getByText("Note for the driver saved")).toBeVisible(afterPost);
  await expect(field).toHaveValue("Call from the corner shop; the bell is broken");
  if (javaScriptEnabled) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await field.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`driver-note-dialog-${width}.png`) });
    }
  }

  await page.goto(`/admin/orders/${order.publicId}/slip`);
  await expect(page.getByTestId("slip-driver-note")).toHaveText(
    "Note for the driver: Call from the corner shop; the bell is broken",
  );
  if (javaScriptEnabled) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await page.screenshot({ path: testInfo.outputPath(`driver-note-slip-${width}.png`), fullPage: true });
      await page.goto("/admin/overview");
      await expect(page.getByTestId("revenue-split").first()).toHaveText(
        /^Goods \$[\d,.]+ · Delivery fees \$[\d,.]+ \(the driver's\)$/,
      );
      await page.screenshot({ path: testInfo.outputPath(`overview-fees-${width}.png`) });
      await page.goto(`/admin/orders/${order.publicId}/slip`);
    }
  }
});
