import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { discounts, orders } from "../../db/schema/index.ts";
import { createDiscount } from "~/discounts/discounts.server.ts";
import { placeOrder } from "~/orders/order.server.ts";
import { SYSTEM_ACTOR } from "~/platform/activity/activity-log.server.ts";
import { loginAsAdmin, routeDialog } from "./admin-helpers.ts";
import { addProductImage, createProduct, uniqueWord } from "../support/db-factories.ts";
import { addToCartOnProductPage, fillCheckout, submitCheckout } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";

const dollars = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const RITA = {
  "Full Name": "Rita Haddad",
  "Email Address": "rita@example.com",
  "Phone Number": "+961 71 222 333",
  Governorate: "Beirut",
  City: "Beirut",
  Street: "Bliss Street",
  Building: "Nasr Building",
  "Full Address": "2nd floor, green door",
};

test("the owner makes SUMMER10; $40 is told it needs $50; at $60 the checkout, the order, its slip and the CSV take $6 off", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  const title = `${uniqueWord("Beach")} Lamp`;
  const lamp = createProduct(db, { title, priceCents: 2_000, stock: 10 });
  await addProductImage(db, lamp.id);

  // The owner adds the code on the Discounts page (reached from the dashboard's navigation).
  await loginAsAdmin(page, { landOn: null });
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Discounts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Discounts" })).toBeVisible();
  await page.getByLabel("Code", { exact: true }).fill("summer10");
  await page.getByLabel("Percentage off (%)").fill("10");
  await page.getByLabel("Minimum subtotal ($)").fill("50");
  await page.getByLabel("Total uses").fill("100");
  await page.getByRole("button", { name: "Add code" }).click();
  await expect(page.getByText("Discount code SUMMER10 saved")).toBeVisible();
  const row = page.getByTestId("discount-row").filter({ hasText: "SUMMER10" });
  await expect(row.getByTestId("discount-uses")).toHaveText("0 of 100");
  await expect(row).toContainText("10%");
  await expect(row).toContainText("$50.00");

  // A shopper with $40 in the cart is told why the code does not apply, beside the field.
  await page.goto(`/shop/product/${lamp.id}`);
  await page.getByRole("textbox", { name: "Quantity" }).fill("2");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/was added to your cart/)).toBeVisible();
  await page.goto("/cart");
  await page.getByLabel("Discount code").fill("summer10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("discount-error")).toHaveText("This code needs an order of at least $50.");
  await expect(page.getByLabel("Discount code")).toHaveValue("SUMMER10");
  await expect(page.getByTestId("discount")).toHaveCount(0);
  // Remove drops it; the shopper types it again.
  await page.getByRole("button", { name: "Remove code" }).click();
  await expect(page.getByRole("button", { name: "Remove code" })).toHaveCount(0);
  await expect(page.getByTestId("discount-error")).toHaveCount(0);
  await expect(page.getByLabel("Discount code")).toHaveValue("");
  await page.getByLabel("Discount code").fill("Summer10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("discount-error")).toHaveText("This code needs an order of at least $50.");

  // At $60 the same code applies, re-checked on the next render.
  await page.getByRole("button", { name: `Increase quantity of ${title}` }).click();
  await expect(page.getByTestId("line-quantity")).toHaveText("3");
  await expect(page.getByText("Discount (SUMMER10)")).toBeVisible();
  await expect(page.getByTestId("discount")).toHaveText("\u2212$6.00");
  await expect(page.getByTestId("discount-error")).toHaveCount(0);

  await page.goto("/checkout");
  await expect(page.getByText("Discount (SUMMER10)")).toBeVisible();
  await expect(page.getByTestId("discount")).toHaveText("\u2212$6.00");
  await expect(page.getByTestId("subtotal")).toHaveText("$60.00");
  await fillCheckout(page, RITA);
  const fee = dollars(await page.getByTestId("delivery-fee").textContent());
  const total = money(6_000 - 600 + fee);
  await expect(page.getByTestId("total")).toHaveText(total);
  const { publicId } = await submitCheckout(page);
  const stored = db.select().from(orders).where(eq(orders.publicId, publicId)).get()!;
  expect(stored).toMatchObject({ couponCode: "SUMMER10", subtotalCents: 6_000, discountCents: 600 });
  expect(stored.totalCents).toBe(6_000 - 600 + fee);

  // The owner sees it in the order's dialog, on its slip, in the CSV, and in the code's uses.
  await page.goto(`/admin/orders/${stored.publicId}`);
  const dialog = routeDialog(page, "Order Details", javaScriptEnabled);
  await expect(dialog.getByText("\u2212$6.00 (SUMMER10)")).toBeVisible();
  await expect(dialog.getByText(total, { exact: true })).toBeVisible();
  await page.goto(`/admin/orders/${stored.publicId}/slip`);
  await expect(page.getByTestId("slip-discount")).toHaveText("\u2212$6.00");
  await expect(page.getByTestId("amount-to-collect")).toHaveText(total);
  const csv = await (await page.request.get("/admin/orders.csv")).text();
  const csvRow = (parse(csv, { columns: true, bom: true }) as Record<string, string>[]).find(
    (record) => record["Order number"] === `#${stored.orderNumber}`,
  )!;
  expect([csvRow.Subtotal, csvRow["Discount code"], csvRow.Discount]).toEqual(["60.00", "SUMMER10", "6.00"]);
  expect(csvRow.Total).toBe((stored.totalCents / 100).toFixed(2));
  await page.goto("/admin/discounts");
  await expect(
    page.getByTestId("discount-row").filter({ hasText: "SUMMER10" }).getByTestId("discount-uses"),
  ).toHaveText("1 of 100");
  // Edit: more uses; then switch it off.
  await page.getByRole("link", { name: "Edit SUMMER10" }).click();
  await expect(page.getByRole("heading", { name: "Edit SUMMER10" })).toBeVisible();
  await expect(page.getByLabel("Total uses")).toHaveValue("100");
  await page.getByLabel("Total uses").fill("200");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Discount code SUMMER10 saved")).toBeVisible();
  const saved = page.getByTestId("discount-row").filter({ hasText: "SUMMER10" });
  await expect(saved.getByTestId("discount-uses")).toHaveText("1 of 200");
  await saved.getByRole("button", { name: "Switch off SUMMER10" }).click();
  await expect(page.getByText("SUMMER10 is off")).toBeVisible();
  await expect(page.getByTestId("discount-row").filter({ hasText: "SUMMER10" })).toContainText("Off");
  expect(db.select().from(discounts).where(eq(discounts.code, "SUMMER10")).get()).toMatchObject({
    maxUses: 200,
    active: false,
    uses: 1,
  });
  await page.goto("/admin/overview");
  await expect(page.getByTestId("discount-figures")).toContainText("SUMMER10");
});

test("a code already used with this phone number is refused at the checkout beside its field; removed, the order goes through", async ({
  page,
  db,
}) => {
  const code = uniqueWord("ONCE").toUpperCase().slice(0, 32);
  const mug = createProduct(db, { title: `${uniqueWord("Once")} Mug`, priceCents: 1_500, stock: 10 });
  await addProductImage(db, mug.id);
  createDiscount(db, { code, amount: 300, oncePerPhone: true }, SYSTEM_ACTOR);
  // This phone number used the code already (written another way).
  placeOrder(db, {
    lines: [{ productId: mug.id, size: null, quantity: 1 }],
    shipping: {
      name: "Rita Haddad",
      email: "rita@example.com",
      phone: "71222333",
      district: "Beirut",
      city: "Beirut",
      street: "Bliss Street",
      building: "Nasr Building",
      address: "2nd floor",
    },
    couponCode: code,
  });

  await addToCartOnProductPage(page, mug.id);
  await page.goto("/checkout");
  await page.getByLabel("Discount code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("discount")).toHaveText("\u2212$3.00");
  await fillCheckout(page, RITA);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByTestId("discount-error")).toHaveText("This code was already used with this phone number.");
  await expect(page.getByTestId("placed-order")).toHaveCount(0);
  await expect(page.getByLabel("Full Name")).toHaveValue("Rita Haddad");

  await page.getByRole("button", { name: "Remove code" }).click();
  await expect(page.getByTestId("discount")).toHaveCount(0);
  // With JavaScript or without, removing (or applying) a code keeps what was typed in the checkout.
  await expect(page.getByLabel("Full Name")).toHaveValue("Rita Haddad");
  await expect(page.getByLabel("Full Address")).toHaveValue("2nd floor, green door");
  await expect(page.getByLabel("Governorate")).toHaveValue("Beirut");
  await expect(page.getByRole("alert").filter({ hasText: /is required/ })).toHaveCount(0);
  const { publicId: second } = await submitCheckout(page);
  expect(db.select().from(orders).where(eq(orders.publicId, second)).get()).toMatchObject({
    couponCode: null,
    discountCents: 0,
    subtotalCents: 1_500,
  });
});
