import { loginAsAdmin } from "./admin-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { addProductImage, createProduct, uniqueWord } from "../support/db-factories.ts";
import { formatMoney } from "~/utils/money.ts";
import { cancelOrder } from "~/orders/order-admin.server.ts";
import { placeOrder } from "~/orders/order.server.ts";

const shipping = {
  name: "Overview Shopper",
  email: "overview@example.com",
  phone: "+961 70 555 123",
  address: "Next to the pharmacy",
  city: "Jounieh",
  district: "Mount Lebanon",
  street: "Main",
  building: "7",
};

type Period = { orders: number; canceled: number; revenue: number };

test("the Overview counts today's orders and revenue without the canceled one, and lists the product left with 1", async ({
  page,
  db,
}) => {
  await loginAsAdmin(page, { landOn: null });
  const before = (await (await page.request.get("/api/admin/overview")).json()) as { today: Period };

  const kept = createProduct(db, { title: `Overview Kettle ${uniqueWord()}`, stock: 3, priceCents: 2_000 });
  const gone = createProduct(db, { title: `Overview Lamp ${uniqueWord()}`, stock: 5, priceCents: 9_000 });
  placeOrder(db, { lines: [{ productId: kept.id, size: null, quantity: 2 }], shipping });
  const canceled = placeOrder(db, { lines: [{ productId: gone.id, size: null, quantity: 1 }], shipping }).order;
  cancelOrder(db, canceled.publicId);

  await page.goto("/admin/overview");
  const today = page.getByRole("region", { name: "Today" });
  const orders = before.today.orders + 2;
  // 2 × $20 + the $4 delivery; the canceled order is out. Cents, so no float creeps into the sum.
  const revenueCents = Math.round(before.today.revenue * 100) + 4_400;
  // Each figure reads as its label followed by its value.
  await expect(today).toContainText(`Orders${orders}${before.today.canceled + 1} canceled`);
  await expect(today).toContainText(`Revenue${formatMoney(revenueCents)}`);

  const lowStock = page.getByRole("region", { name: "Low stock" });
  await expect(lowStock.getByRole("listitem").filter({ hasText: kept.title })).toContainText("1 left");
  await expect(lowStock.getByRole("link", { name: kept.title })).toHaveAttribute(
    "href",
    `/admin/products/${kept.id}/edit`,
  );

  // The chart is server-rendered SVG with its table: there with JavaScript off too.
  await expect(page.getByRole("img", { name: /Revenue per day, last 30 days/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Daily figures" }).getByRole("row")).toHaveCount(31);
});

test("an edit of a product's price shows in Activity with the old and new price and who made it", async ({
  page,
  db,
}) => {
  const product = createProduct(db, { title: `Activity Drill ${uniqueWord()}`, stock: 4, priceCents: 5_000 });
  await addProductImage(db, product.id);
  await loginAsAdmin(page, { landOn: `/admin/products?q=${encodeURIComponent(product.title)}` });
  await page.getByRole("link", { name: `Edit ${product.title}` }).click();
  const dialog = page
    .getByRole("dialog", { name: "Edit Product" })
    .or(page.getByRole("region", { name: "Edit Product" }));
  await dialog.getByLabel("Price ($)").fill("45.50");
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully!")).toBeVisible();

  await page.goto("/admin/activity");
  const entry = page.getByTestId("activity-entry").filter({ hasText: product.title }).first();
  await expect(entry).toContainText("Product edited");
  await expect(entry).toContainText("price: $50.00 → $45.50");
  await expect(entry).toContainText("by admin");
  // The product's own history is one link away.
  await entry.getByRole("link", { name: product.title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/activity\\?product=${product.id}$`));
  await expect(page.getByTestId("activity-entry")).toHaveCount(1);
});
