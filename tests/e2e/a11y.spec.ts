import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { and, eq, gt, sql } from "drizzle-orm";
import { productImages, products } from "../../db/schema/index.ts";
import { placeOrder } from "~/orders/order.server.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { loginAsAdmin } from "./admin-helpers.ts";
import { expect, test } from "./fixtures.ts";

/** No serious or critical axe-core violations on any shopper or admin page. */
async function expectNoSeriousViolations(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(500);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
          .map((node) => node.target.join(" "))
          .slice(0, 5)
          .join("\n  ")}`,
    );
  expect(serious, `axe on ${url}`).toEqual([]);
}

test.describe("accessibility (axe-core)", () => {
  test.beforeEach(({}, testInfo) => {
    // axe runs inside the page, so it needs JavaScript; the markup is the same with it off.
    test.skip(testInfo.project.name === "js-off", "axe needs JavaScript in the page");
    // Each test runs axe over eight pages or so, seconds each: longer than one page's test.
    test.slow();
  });

  test("shopper pages", async ({ page, db }) => {
    const product = db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isHidden, false), gt(products.stock, 0), sql`${products.sizes} = '[]'`))
      .limit(1)
      .get()!;
    for (const url of [
      "/",
      "/shop",
      "/shop?category=home-appliances",
      "/shop?search=blender",
      "/shop?packaging=damaged-box&grade=very-good",
      "/condition-guide",
      `/shop/product/${product.id}`,
      "/shop/product/999999999",
      "/cart",
      "/checkout",
      "/no-such-page",
    ]) {
      await expectNoSeriousViolations(page, url);
    }
    await page.request.post("/cart", {
      form: { intent: "add", productId: String(product.id), quantity: "1" },
      maxRedirects: 0,
    });
    await expectNoSeriousViolations(page, "/cart");
    await expectNoSeriousViolations(page, "/checkout");
  });

  test("admin pages", async ({ page, db }) => {
    await expectNoSeriousViolations(page, "/admin");
    await loginAsAdmin(page);
    await expectNoSeriousViolations(page, "/admin/products");
    await expectNoSeriousViolations(page, "/admin/orders");
    await expectNoSeriousViolations(page, "/admin/orders?view=completed");
    const product = createProduct(db, { title: `${uniqueWord("Axe")} Kettle`, stock: 3 });
    const { order } = placeOrder(db, {
      lines: [{ productId: product.id, size: null, quantity: 1 }],
      shipping: {
        name: "Axe Check",
        email: "axe@example.com",
        phone: "70123456",
        district: "Beirut",
        city: "Beirut",
        street: "Hamra",
        building: "1",
        address: "Hamra 1",
      },
    });
    await expectNoSeriousViolations(page, `/admin/orders/${order.publicId}`);
    await expectNoSeriousViolations(page, "/admin/settings");
    await expectNoSeriousViolations(page, "/admin/discounts");
    await expectNoSeriousViolations(page, "/admin/staff");
    await expectNoSeriousViolations(page, "/admin/staff?remove=admin");
    await expectNoSeriousViolations(page, "/admin/account");
    await expectNoSeriousViolations(page, "/track");
    await expectNoSeriousViolations(page, `/track/${order.publicId}`);
    const withImages = db
      .select({ id: products.id })
      .from(products)
      .innerJoin(productImages, eq(productImages.productId, products.id))
      .limit(1)
      .get()!;
    await expectNoSeriousViolations(page, `/admin/products/${withImages.id}/edit`);
  });
});
