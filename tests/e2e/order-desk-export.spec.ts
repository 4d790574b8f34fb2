import fs from "node:fs";
import { eq } from "drizzle-orm";
import { orderNotices } from "../../db/schema/index.ts";
import { placeOrder } from "~/orders/order.server.ts";
import { SHOP_TIME_ZONE } from "~/utils/shop-time.ts";
import { loginAsAdmin } from "./admin-helpers.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, test } from "./fixtures.ts";

const shipping = {
  name: "محمد الخوري",
  email: "m@example.com",
  phone: "70123456",
  district: "Beirut",
  city: "Beirut",
  street: "Hamra",
  building: "7",
  address: "Hamra street, building 7",
};

test("the Orders and Products tabs download their CSV, and failing notices show on Orders", async ({
  page,
  db,
  javaScriptEnabled,
}, testInfo) => {
  const product = createProduct(db, { title: `Export kettle ${uniqueWord()}`, stock: 5 });
  const { order } = placeOrder(db, { lines: [{ productId: product.id, size: null, quantity: 1 }], shipping });
  const notice = db
    .insert(orderNotices)
    .values({
      orderId: order.id,
      channel: "webhook",
      attempts: 3,
      lastError: "fetch failed: connect ECONNREFUSED 127.0.0.1:9",
      lastAttemptAt: new Date(),
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    })
    .returning()
    .get();
  try {
    await loginAsAdmin(page);
    await page.goto("/admin/orders");
    const alert = page.getByRole("alert").filter({ hasText: "order notice could not be sent" });
    await expect(alert).toContainText("1 order notice could not be sent");
    await expect(alert).toContainText("Last error: fetch failed: connect ECONNREFUSED 127.0.0.1:9");

    const exportForm = page.getByRole("form", { name: "Export orders" });
    // The shop's day (Beirut), which is the UTC date's next day for two or three hours before midnight UTC.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE }).format(new Date());
    await exportForm.getByLabel("To").fill(today);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: testInfo.outputPath(`orders-${width}.png`), fullPage: true });
    }
    const [orders] = await Promise.all([
      page.waitForEvent("download"),
      exportForm.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(orders.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const ordersCsv = fs.readFileSync((await orders.path())!, "utf8");
    expect(ordersCsv.charCodeAt(0)).toBe(0xfeff);
    expect(ordersCsv).toContain(`#${order.orderNumber},`);
    expect(ordersCsv).toContain("محمد الخوري");

    await page.goto("/admin/products");
    const [productsDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(productsDownload.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(fs.readFileSync((await productsDownload.path())!, "utf8")).toContain(product.title);
    if (javaScriptEnabled) {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: testInfo.outputPath(`products-${width}.png`) });
      }
    }
  } finally {
    db.delete(orderNotices).where(eq(orderNotices.id, notice.id)).run();
  }
});
