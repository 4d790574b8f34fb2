import fs from "node:fs";
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { stockAlerts } from "../../db/schema/index.ts";
import { askForStockAlert } from "~/catalogue/stock-alerts.server.ts";
import { loginAsAdmin } from "./admin-helpers.ts";
import { addProductImage, createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, test } from "./fixtures.ts";
import { shotsDir } from "./shots.ts";

const SHOTS = shotsDir("restock");

async function shot(page: Page, name: string, project: string) {
  if (!SHOTS) return;
  if (!fs.existsSync(SHOTS)) fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage: true });
}

/** Marks the document, so a test can tell whether the answer came without a page load. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
const documentKept = (page: Page) => page.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);

test.describe("Tell me when it's back", () => {
  test("a sold-out product takes an email on its English page and a phone on its Arabic one, at 360 px", async ({
    page,
    db,
    javaScriptEnabled,
  }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const title = uniqueWord("Blender");
    const product = createProduct(db, { title, stock: 0, titleAr: `خلاط ${title}` });
    await addProductImage(db, product.id);
    const email = `${uniqueWord("rana").toLowerCase()}@example.com`;

    await page.goto(`/shop/product/${product.id}`);
    const form = page.getByRole("region", { name: "Tell me when it's back" });
    await expect(form).toBeVisible();
    if (javaScriptEnabled) await markDocument(page);
    // Nothing filled: the shop's own message, on the page.
    await form.getByRole("button", { name: "Tell me when it's back" }).click();
    await expect(form.getByRole("alert")).toHaveText("Enter an email or a phone number.");
    await shot(page, "product-en-error", testInfo.project.name);
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Tell me when it's back" }).click();
    await expect(form.getByRole("status")).toHaveText("We will let you know.");
    if (javaScriptEnabled) expect(await documentKept(page)).toBe(true);
    await shot(page, "product-en-saved", testInfo.project.name);

    await page.goto(`/ar/shop/product/${product.id}`);
    const arabicForm = page.getByRole("region", { name: "أعلمني عند توفّره" });
    await expect(arabicForm).toBeVisible();
    if (javaScriptEnabled) await markDocument(page);
    // Arabic-Indic digits, as a Lebanese keyboard types them.
    await arabicForm.getByLabel("أو رقم الهاتف (واتساب)").fill("٠٣ ١٢٣ ٤٥٦");
    await arabicForm.getByRole("button", { name: "أعلمني عند توفّره" }).click();
    await expect(arabicForm.getByRole("status")).toHaveText("سنُعلمك عند توفّره.");
    if (javaScriptEnabled) expect(await documentKept(page)).toBe(true);
    await shot(page, "product-ar-saved", testInfo.project.name);

    const stored = db.select().from(stockAlerts).where(eq(stockAlerts.productId, product.id)).all();
    expect(stored.map(({ email, phone, language, size }) => ({ email, phone, language, size }))).toEqual([
      { email, phone: null, language: "en", size: "" },
      { email: null, phone: "+9613123456", language: "ar", size: "" },
    ]);

    // The same shopper again: the same answer, no second request.
    await page.goto(`/shop/product/${product.id}`);
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Tell me when it's back" }).click();
    await expect(page.getByRole("status").filter({ hasText: "We will let you know." })).toBeVisible();
    expect(db.select().from(stockAlerts).where(eq(stockAlerts.productId, product.id)).all()).toHaveLength(2);
  });

  test("a sold-out size offers the form with that size while the others still sell", async ({ page, db }) => {
    const title = `${uniqueWord("Linen")} Shirt`;
    const product = createProduct(db, { title, stockBySize: { S: 0, M: 2, L: 0 } });
    await addProductImage(db, product.id);
    await page.goto(`/shop/product/${product.id}?size=M`);
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
    const form = page.getByRole("region", { name: "Tell me when it's back" });
    const size = form.getByLabel("Size");
    await expect(size.locator("option")).toHaveText(["S", "L"]);
    await size.selectOption("L");
    await form.getByLabel("Email").fill("size-l@example.com");
    await form.getByRole("button", { name: "Tell me when it's back" }).click();
    await expect(form.getByRole("status")).toHaveText("We will let you know.");
    const [stored] = db.select().from(stockAlerts).where(eq(stockAlerts.productId, product.id)).all();
    expect(stored).toMatchObject({ size: "L", email: "size-l@example.com" });

    // In stock: no form at all.
    const inStock = createProduct(db, { title: uniqueWord("Toaster"), stock: 3 });
    await addProductImage(db, inStock.id);
    await page.goto(`/shop/product/${inStock.id}`);
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Tell me when it's back" })).toHaveCount(0);
  });

  test("phone requests wait under 'Waiting for stock' with a WhatsApp message until marked done; the Overview counts them", async ({
    page,
    db,
  }, testInfo) => {
    const title = uniqueWord("Heater");
    const product = createProduct(db, { title, stock: 0 });
    askForStockAlert(db, { productId: product.id, phone: "71 123 456" }, { language: "ar", address: null });
    askForStockAlert(db, { productId: product.id, email: "demand@example.com" }, { language: "en", address: null });

    await loginAsAdmin(page, { landOn: null });
    const demand = page.getByRole("region", { name: "Waiting for stock" });
    await expect(demand.getByRole("listitem").filter({ hasText: title })).toContainText("2 waiting");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Waiting for stock" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Waiting for stock/ })).toBeVisible();
    const row = page.getByRole("listitem").filter({ hasText: title });
    await expect(row).toContainText("71 123 456");
    await expect(row).toContainText("Still sold out");
    const whatsApp = await row.getByRole("link", { name: "WhatsApp" }).getAttribute("href");
    expect(whatsApp).toMatch(/^https:\/\/wa\.me\/96171123456\?text=/);
    const message = decodeURIComponent(whatsApp!.split("?text=")[1]!);
    expect(message).toContain(title);
    expect(message).toMatch(/\/ar\/shop\/product\/\d+$/);
    await shot(page, "dashboard-waiting", testInfo.project.name);
    await page.setViewportSize({ width: 360, height: 800 });
    await shot(page, "dashboard-waiting-360", testInfo.project.name);

    await row.getByRole("button", { name: "Mark done" }).click();
    await expect(page.getByText("Marked done")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
    const done = db.select().from(stockAlerts).where(eq(stockAlerts.productId, product.id)).all();
    expect(done.find((alert) => alert.phone)?.doneBy).toBe("admin");
  });

  test("the API answers bad fields with 400 naming them, an unknown product with 404, the list without a session 401", async ({
    request,
    db,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the same calls either way: once, in the js-on project");
    const product = createProduct(db, { title: uniqueWord("Iron"), stock: 0 });
    const post = (data: Record<string, unknown>) => request.post("/api/stock-alert", { data });
    const bad = await post({ productId: product.id, email: "nope" });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ error: "email: Invalid email format" });
    const both = await post({ productId: product.id, email: "a@example.com", phone: "03 123 456" });
    expect(both.status()).toBe(400);
    expect((await both.json()).error).toMatch(/^phone: /);
    const missing = await post({ productId: 987_654_321, email: "a@example.com" });
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: "Product not found" });
    const saved = await post({ productId: product.id, email: "api@example.com" });
    expect(saved.status()).toBe(201);
    expect(await saved.json()).toEqual({ message: "We will let you know." });
    expect((await request.get("/api/stock-alerts")).status()).toBe(401);
  });
});
