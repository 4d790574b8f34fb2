import fs from "node:fs";
import path from "node:path";
import { placeOrder } from "~/orders/order.server.ts";
import { loginAsAdmin } from "./admin-helpers.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * Full-page screenshots of the pages a first walk-through meets, at a phone's and a desktop's
 * width, attached to the report (and written to SCREENSHOT_DIR when set) for a person to look at.
 * One test per page and width: a full-page capture on a loaded machine can take many seconds, and
 * each gets its own time budget instead of four sharing one.
 */
const pages: [string, (page: Page) => Promise<void>][] = [
  ["home", async (page) => void (await page.goto("/"))],
  ["shop", async (page) => void (await page.goto("/shop"))],
  [
    "product",
    async (page) => {
      await page.goto("/shop?search=mixer");
      await page.getByTestId("product-card").first().getByRole("link").first().click();
      await expect(page).toHaveURL(/\/shop\/product\/\d+/);
    },
  ],
  [
    "admin-orders",
    async (page) => {
      await loginAsAdmin(page);
      await page.goto("/admin/orders");
    },
  ],
];

// One set is enough: skipped in js-off before a page is opened for it.
test.describe(() => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "one set is enough");

  for (const width of [360, 1280]) {
    for (const [name, open] of pages) {
      test(`screenshot at ${width} px: ${name}`, async ({ page, db }, testInfo) => {
        await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
        if (name === "admin-orders") {
          const product = createProduct(db, { title: `${uniqueWord("Shot")} Heater`, stock: 10 });
          placeOrder(db, {
            lines: [{ productId: product.id, size: null, quantity: 1 }],
            shipping: {
              name: "Rana Haddad",
              email: "r@example.com",
              phone: "+961 70 123 456",
              district: "Beirut",
              city: "Beirut",
              street: "Hamra",
              building: "7",
              address: "Hamra street, building 7, 3rd floor",
            },
          });
        }
        await open(page);
        await page.waitForLoadState("networkidle");
        const body = await page.screenshot({ fullPage: true });
        await testInfo.attach(`${name}-${width}`, { body, contentType: "image/png" });
        if (process.env.SCREENSHOT_DIR) {
          fs.mkdirSync(process.env.SCREENSHOT_DIR, { recursive: true });
          fs.writeFileSync(path.join(process.env.SCREENSHOT_DIR, `${name}-${width}.png`), body);
        }
      });
    }
  }
});
