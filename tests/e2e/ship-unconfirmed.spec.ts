import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { orders } from "../../db/schema/index.ts";
import { placeOrder } from "~/orders/order.server.ts";
import { confirmOrder } from "~/orders/order-desk.server.ts";
import { SYSTEM_ACTOR } from "~/platform/activity/activity-log.server.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { loginAsAdmin } from "./admin-helpers.ts";
import { expect, test } from "./fixtures.ts";

const SHIPPING = {
  name: "Maya Khoury",
  email: "maya@example.com",
  phone: "+96171123456",
  district: "Beirut",
  city: "Beirut",
  street: "Hamra",
  building: "B2",
  address: "Near the bank",
};

const QUESTION = (orderNumber: number) =>
  `Order #${orderNumber} is not confirmed with the customer yet. Mark it as shipped anyway?`;

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("'Mark as Shipped' on an unconfirmed order asks first, with JavaScript and without", async ({
      page,
      db,
      javaScriptEnabled,
    }, testInfo) => {
      const product = createProduct(db, { title: `${uniqueWord("Kettle")} Kettle`, stock: 5 });
      const lines = [{ productId: product.id, size: null, quantity: 1 }];
      const { order } = placeOrder(db, { lines, shipping: { ...SHIPPING, name: `${product.title} buyer` } });
      const statusOf = () =>
        db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).get()!.status;
      await loginAsAdmin(page, { landOn: `/admin/orders?q=${encodeURIComponent(product.title)}` });
      const ship = page.getByRole("button", { name: `Mark as Shipped: order #${order.orderNumber}` });

      // Asked, and told 'not yet': nothing changes.
      if (javaScriptEnabled) {
        const asked = new Promise<string>((resolve) =>
          page.once("dialog", async (dialog) => {
            resolve(dialog.message());
            await dialog.dismiss();
          }),
        );
        await ship.click();
        expect(await asked).toBe(QUESTION(order.orderNumber));
      } else {
        await ship.click();
        const step = page.getByRole("alertdialog").filter({ hasText: QUESTION(order.orderNumber) });
        await expect(step).toBeVisible();
        await shot(page, `ship-step-${width}`, testInfo.project.name);
        await step.getByRole("link", { name: "Not yet" }).click();
        await expect(page.getByRole("alertdialog")).toHaveCount(0);
        await expect(page.getByRole("heading", { name: "Order Details" })).toBeVisible();
      }
      expect(statusOf()).toBe("processing");

      // Asked, and told yes: shipped.
      await page.goto(`/admin/orders?q=${encodeURIComponent(product.title)}`);
      if (javaScriptEnabled) {
        page.once("dialog", (dialog) => dialog.accept());
        await ship.click();
      } else {
        await ship.click();
        await page.getByRole("button", { name: "Yes, mark as shipped" }).click();
      }
      await expect(page.getByText("Order status updated to shipped")).toBeVisible();
      expect(statusOf()).toBe("shipped");
    });

    test("a confirmed order ships at once, without a question", async ({ page, db }) => {
      const product = createProduct(db, { title: `${uniqueWord("Iron")} Iron`, stock: 5 });
      const lines = [{ productId: product.id, size: null, quantity: 1 }];
      const { order } = placeOrder(db, { lines, shipping: { ...SHIPPING, name: `${product.title} buyer` } });
      confirmOrder(db, order.publicId, SYSTEM_ACTOR);
      await loginAsAdmin(page, { landOn: `/admin/orders?q=${encodeURIComponent(product.title)}` });
      page.on("dialog", (dialog) => {
        throw new Error(`Unexpected question: ${dialog.message()}`);
      });
      await page.getByRole("button", { name: `Mark as Shipped: order #${order.orderNumber}` }).click();
      await expect(page.getByText("Order status updated to shipped")).toBeVisible();
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
    });
  });
}

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({ path: `/tmp/shots-walkadmin/${name}-${project}.png`, fullPage: true });
}
