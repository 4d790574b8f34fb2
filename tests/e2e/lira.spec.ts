import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { orders } from "../../db/schema/index.ts";
import { GOVERNORATES } from "~/settings/delivery.ts";
import { GOVERNORATE_FIELD } from "~/settings/settings-schema.ts";
import { readDeliverySettings, saveDeliverySettings, saveLiraSettings } from "~/settings/settings.server.ts";
import { loginAsAdmin } from "./admin-helpers.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { fillCheckout, submitCheckout } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";
import { shotsDir } from "./shots.ts";

const SHOTS = shotsDir("lira");

test("the owner sets the lira rate; the product page, cart, checkout, tracking and slip show the lira at 360 px", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  // The admin's form and a whole order, with screenshots: longer than one page's test.
  test.slow();
  // Every governorate at the spec's $4.00 while this test runs, as the other files found them after.
  const before = readDeliverySettings(db);
  const asInput = (feesCents: Record<string, number>, free: number | null) => ({
    fees: Object.fromEntries(
      GOVERNORATES.map((governorate) => [GOVERNORATE_FIELD[governorate], feesCents[governorate]!]),
    ) as Parameters<typeof saveDeliverySettings>[1]["fees"],
    freeDeliveryFrom: free ?? undefined,
  });
  saveDeliverySettings(db, asInput(Object.fromEntries(GOVERNORATES.map((g) => [g, 400])), null));
  try {
    // Screenshots (one set, with JavaScript) at 360 and 1280 px, back to 360 for the checks.
    const shot = async (name: string) => {
      if (!javaScriptEnabled || !SHOTS) return;
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
      }
      await page.setViewportSize({ width: 360, height: 800 });
    };
    await page.setViewportSize({ width: 360, height: 800 });
    await loginAsAdmin(page, { landOn: "/admin/settings" });
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible({ timeout: 15_000 });
    const rate = page.getByLabel("Lira rate");
    // A rate with decimals is refused, as typed, with the field's message.
    await rate.fill("89500.5");
    await page.getByRole("button", { name: "Save lira rate" }).click();
    await expect(page.getByText("Lira rate: enter a whole number of lira, like 89500")).toBeVisible();
    await expect(rate).toHaveValue("89500.5");
    await rate.fill("89,500");
    await page.getByRole("button", { name: "Save lira rate" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Lira rate saved" })).toBeVisible();
    await expect(page.getByLabel("Lira rate")).toHaveValue("89500");
    if (javaScriptEnabled && SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
    await shot("settings");

    // $55.65 + $4.00 delivery = $59.65, LBP 5,339,000; the price alone is LBP 4,981,000.
    const product = createProduct(db, { title: `${uniqueWord("Lira")} Drill`, priceCents: 5_565, stock: 5 });
    await page.goto(`/shop/product/${product.id}`);
    await expect(page.getByTestId("price-lbp")).toHaveText("LBP 4,981,000");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(/was added to your cart/)).toBeVisible();
    await page.goto(`/shop/product/${product.id}`);
    await shot("product");

    await page.goto("/cart");
    await expect(page.getByTestId("total")).toHaveText("$59.65");
    await expect(page.getByTestId("total-lbp")).toHaveText("LBP 5,339,000");
    await shot("cart");

    await page.goto("/checkout");
    await expect(page.getByTestId("total-lbp")).toHaveText("LBP 5,339,000");
    await fillCheckout(page, { Governorate: "Beqaa" });
    await expect(page.getByTestId("total-lbp")).toHaveText("LBP 5,339,000");
    await shot("checkout");
    const { publicId } = await submitCheckout(page);

    const order = db.select().from(orders).where(eq(orders.publicId, publicId)).get()!;
    expect(order).toMatchObject({ totalCents: 5_965, lbpRate: 89_500, totalLbp: 5_339_000 });
    await page.goto(`/track/${order.publicId}`);
    await expect(page.getByTestId("tracking-total-lbp")).toHaveText("LBP 5,339,000");
    await shot("tracking");
    await page.goto(`/admin/orders/${order.publicId}/slip?paper=phone`);
    await expect(page.getByTestId("amount-to-collect")).toHaveText("$59.65");
    await expect(page.getByTestId("amount-to-collect-lbp")).toHaveText("LBP 5,339,000");
    await shot("slip");
    // No page is wider than the screen.
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(360);
  } finally {
    saveLiraSettings(db, { lbpRate: undefined });
    saveDeliverySettings(db, asInput(before.feesCents, before.freeDeliveryFromCents));
  }
});
