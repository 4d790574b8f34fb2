import fs from "node:fs";
import path from "node:path";
import { desc } from "drizzle-orm";
import { orders } from "../../db/schema/index.ts";
import { GOVERNORATES } from "~/settings/delivery.ts";
import { GOVERNORATE_FIELD } from "~/settings/settings-schema.ts";
import { readDeliverySettings, saveDeliverySettings, saveLiraSettings } from "~/settings/settings.server.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { readCatalogueText } from "../support/catalogue-text.ts";
import { expectArabicPage } from "./arabic-pages.ts";
import { expect, test } from "./fixtures.ts";
import { shotsDir } from "./shots.ts";

const SHOTS = shotsDir("arabic");

test("a shopper switches to Arabic on a product page, buys it in Arabic and tracks it, at 360 px", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  // A whole walkthrough, with screenshots: longer than one page's test.
  test.slow();
  const text = await readCatalogueText();
  const before = readDeliverySettings(db);
  const fees = (cents: (governorate: (typeof GOVERNORATES)[number]) => number) =>
    Object.fromEntries(GOVERNORATES.map((g) => [GOVERNORATE_FIELD[g], cents(g)])) as Parameters<
      typeof saveDeliverySettings
    >[1]["fees"];
  saveDeliverySettings(db, { fees: fees(() => 400) });
  saveLiraSettings(db, { lbpRate: 89_500 });
  const shot = async (name: string) => {
    if (!javaScriptEnabled || !SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 360, height: 800 });
  };
  try {
    await page.setViewportSize({ width: 360, height: 800 });
    // $55.65 + $4.00 delivery = $59.65: LBP 5,339,000 at 89,500.
    const english = `${uniqueWord("Quiet")} Kettle`;
    const product = createProduct(db, { title: english, titleAr: "غلاية هادئة", priceCents: 5_565, stock: 5 });

    await page.goto(`/shop/product/${product.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(english);
    await page.getByRole("link", { name: "العربية" }).click();
    await expect(page).toHaveURL(`/ar/shop/product/${product.id}`);
    // A whole new document: with JavaScript, tap only once it has hydrated, as the fixture's goto does.
    if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("غلاية هادئة");
    await expectArabicPage(page, text);
    await shot("product");

    await page.getByRole("button", { name: text.arabic("Add to Cart") }).click();
    await expect(page).toHaveURL(new RegExp(`/ar/shop/product/${product.id}`));
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    // The toast names the item as the page does: by its Arabic title.
    await expect(page.getByRole("status").filter({ hasText: "تمت إضافة" })).toContainText("غلاية هادئة");
    await expect(page.getByRole("status").filter({ hasText: "تمت إضافة" })).not.toContainText(english);
    await page.goto("/ar/cart");
    // The owner's Arabic title on the cart and the checkout too.
    await expect(page.getByText("غلاية هادئة")).toBeVisible();
    await expect(page.getByTestId("total")).toHaveText("$59.65");
    await expect(page.getByTestId("total-lbp")).toHaveText("LBP 5,339,000");
    await expectArabicPage(page, text);
    await shot("cart");

    await page.getByRole("link", { name: text.arabic("Go to Checkout") }).click();
    await expect(page).toHaveURL("/ar/checkout");
    await expect(page.getByText("غلاية هادئة")).toBeVisible();
    // Sent empty first: every error in Arabic, nothing English.
    await page.getByRole("button", { name: text.arabic("Place Order") }).click();
    await expect(page.getByText(text.arabic("Name is required"))).toBeVisible();
    await expectArabicPage(page, text);
    await page.getByLabel(text.arabic("Full Name"), { exact: true }).fill("رامي حداد");
    await page.getByLabel(text.arabic("Email Address"), { exact: true }).fill("rami@example.com");
    await page.getByLabel(text.arabic("Phone Number"), { exact: true }).fill("٠٣ ١٢٣ ٤٥٦");
    await page.getByLabel(text.arabic("Governorate"), { exact: true }).selectOption("Beirut");
    await page.getByLabel(text.arabic("City"), { exact: true }).fill("بيروت");
    await page.getByLabel(text.arabic("Street"), { exact: true }).fill("شارع الحمرا");
    await page.getByLabel(text.arabic("Building"), { exact: true }).fill("بناية حداد");
    await page.getByLabel(text.arabic("Full Address"), { exact: true }).fill("الطابق الثاني، قرب الصيدلية");
    await expect(page.getByTestId("total-lbp")).toHaveText("LBP 5,339,000");
    await shot("checkout");
    await page.getByRole("button", { name: text.arabic("Place Order") }).click();

    await expect(page).toHaveURL(/\/ar\?order=/);
    await expect(page.getByTestId("placed-order")).toBeVisible();
    // The receipt and the tracking page name the item by the Arabic title it was ordered under.
    await expect(page.getByTestId("placed-order")).toContainText("غلاية هادئة");
    await expectArabicPage(page, text);
    await shot("receipt");
    const order = db.select().from(orders).orderBy(desc(orders.id)).limit(1).get()!;
    expect(order).toMatchObject({
      customerName: "رامي حداد",
      street: "شارع الحمرا",
      totalCents: 5_965,
      lbpRate: 89_500,
      totalLbp: 5_339_000,
      // Placed on /ar/checkout: its emails and the desk's texts are Arabic.
      language: "ar",
    });

    await page.getByRole("link", { name: text.arabic("Track your order") }).click();
    await expect(page).toHaveURL(`/ar/track/${order.publicId}`);
    await expect(page.getByRole("main")).toContainText("غلاية هادئة");
    await expect(page.getByTestId("tracking-total-lbp")).toHaveText("LBP 5,339,000");
    await expectArabicPage(page, text);
    await shot("tracking");
    // The owner changes the rate: the order keeps the amount it was placed at.
    saveLiraSettings(db, { lbpRate: 90_000 });
    await page.reload();
    await expect(page.getByTestId("tracking-total-lbp")).toHaveText("LBP 5,339,000");

    await page.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(`/track/${order.publicId}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  } finally {
    saveLiraSettings(db, { lbpRate: undefined });
    saveDeliverySettings(db, {
      fees: fees((g) => before.feesCents[g]!),
      freeDeliveryFrom: before.freeDeliveryFromCents ?? undefined,
    });
  }
});

test("Arabic search forgives the article and phone spellings; sort by name on /ar is by the Arabic titles", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  const word = uniqueWord("Blend");
  const ar = "خلاط";
  createProduct(db, { title: `${word} Pro`, titleAr: `الخلاط الأصلية ${word}` });
  createProduct(db, { title: `${word} Mini`, titleAr: `${ar} صغير ${word}` });
  await page.goto(`/ar/shop?search=${encodeURIComponent(`خلاط ${word}`)}`);
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(2);
  await page.goto(`/ar/shop?search=${encodeURIComponent(`الاصلية ${word}`)}`);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("الخلاط الأصلية");

  // The sort menu's label for name has no Latin letters, and choosing it (with or without JavaScript) sorts.
  await page.goto(`/ar/shop?search=${encodeURIComponent(`خلاط ${word}`)}`);
  const sort = page.getByLabel("الترتيب حسب");
  await expect(sort.locator('option[value="name"]')).toHaveText(/^[^A-Za-z]+$/);
  await sort.selectOption("name");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "ترتيب" }).click();
  await expect(page).toHaveURL(/sort=name/);
  // By the Arabic titles: «الخلاط…» before «خلاط…» (ا sorts before خ); by the English ones it would be the other way.
  await expect(cards.first()).toContainText("الخلاط الأصلية");
  await expect(cards.nth(1)).toContainText(ar);
});
