import type { Page } from "@playwright/test";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, test } from "./fixtures.ts";

/** The parts of a product page's JSON-LD these tests read. */
type ProductJsonLd = {
  "@context": string;
  "@type": string;
  name: string;
  description?: string;
  itemCondition?: string;
  offers: { price: string; priceCurrency: string; availability: string; url: string };
};

test("the stock badge: 'In Stock' above 5, 'Only N left in stock' from 5 down", async ({ page, db }) => {
  const word = uniqueWord("Stock");
  for (const [stock, badge] of [
    [6, "In Stock"],
    [40, "In Stock"],
    [5, "Only 5 left in stock"],
    [1, "Only 1 left in stock"],
  ] as const) {
    const product = createProduct(db, { title: `${word} Kettle ${stock}`, stock });
    await page.goto(`/shop/product/${product.id}`);
    const details = page.getByRole("region", { name: product.title });
    await expect(details.getByText(badge, { exact: true }), `stock ${stock}`).toBeVisible();
    await expect(details.getByText(/left in stock|^In Stock$|^Out of Stock$/)).toHaveCount(1);
  }
});

test("a product page carries schema.org Product JSON-LD", async ({ page, db }) => {
  const word = uniqueWord("Ld");
  const product = createProduct(db, {
    title: `${word} Espresso Machine </script> & "quotes"`,
    priceCents: 123_450,
    stock: 4,
  });
  await page.goto(`/shop/product/${product.id}`);
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  const json = JSON.parse((await scripts.textContent())!) as ProductJsonLd;
  expect(json["@context"]).toBe("https://schema.org");
  expect(json["@type"]).toBe("Product");
  expect(json.name).toBe(product.title);
  expect(json.offers.price).toBe("1234.50");
  expect(json.offers.priceCurrency).toBe("USD");
  expect(json.offers.availability).toBe("https://schema.org/InStock");
  expect(json.offers.url).toMatch(new RegExp(`/shop/product/${product.id}$`));

  const soldOut = createProduct(db, { title: `${word} Grinder`, priceCents: 2_000, stock: 0 });
  await page.goto(`/shop/product/${soldOut.id}`);
  const soldOutJson = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent())!,
  ) as ProductJsonLd;
  expect(soldOutJson.offers.availability).toBe("https://schema.org/OutOfStock");
  expect(soldOutJson.offers.price).toBe("20.00");
});

async function expectPageBasics(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await expect(page.locator("h1"), url).toHaveCount(1);
  await expect(page, url).toHaveTitle(/\S/);
  await expect(page.locator("head title"), url).toHaveCount(1);
  const description = page.locator('head meta[name="description"]');
  await expect(description, url).toHaveCount(1);
  await expect(description, url).toHaveAttribute("content", /\w.{18,}\w/);
}

test("/, /shop and a product page each have one <h1>, a <title> and a meta description", async ({ page, db }) => {
  const product = createProduct(db, { title: `${uniqueWord("Meta")} Blender` });
  for (const url of ["/", "/shop", "/shop?category=tools", `/shop/product/${product.id}`])
    await expectPageBasics(page, url);
  await expect(page).toHaveTitle(new RegExp(product.title));
});

test("/cart has one <h1>, a <title> and a meta description", async ({ page }) => {
  await expectPageBasics(page, "/cart");
});

test("/shop/product/ and /shop/product without an id respond 404 'No product ID provided.'", async ({ page }) => {
  for (const url of ["/shop/product/", "/shop/product"]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "No product ID provided." }), url).toBeVisible();
    await expect(page.locator("h1"), url).toHaveCount(1);
    const back = page.getByRole("link", { name: "Back to Shop" });
    await expect(back, url).toHaveAttribute("href", "/shop");
  }
  await page.getByRole("link", { name: "Back to Shop" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
});

test("'Share' is a WhatsApp link with the title, the price and the address; with a share sheet it opens the sheet", async ({
  page,
  db,
  baseURL,
  javaScriptEnabled,
}) => {
  const product = createProduct(db, {
    title: `${uniqueWord("Share")} Kettle & Cups`,
    titleAr: "غلاية وأكواب",
    priceCents: 4_000,
  });
  const address = `${baseURL}/shop/product/${product.id}`;
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(`${product.title}\n$40.00\n${address}`)}`;
  // No request leaves for WhatsApp: the tab it would open gets a blank page.
  await page.context().route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/html", body: "" }));
  // Chromium on Linux has no share sheet; removed anyway, so the fallback is what is tested.
  await page.addInitScript(() => delete (Navigator.prototype as { share?: unknown }).share);

  await page.goto(`/shop/product/${product.id}`);
  const share = page.getByRole("link", { name: "Share" });
  await expect(share).toHaveAttribute("href", whatsapp);
  const popup = page.waitForEvent("popup");
  await share.click();
  expect((await popup).url()).toBe(whatsapp);

  await page.goto(`/ar/shop/product/${product.id}`);
  await expect(page.getByRole("link", { name: "مشاركة" })).toHaveAttribute(
    "href",
    `https://wa.me/?text=${encodeURIComponent(`غلاية وأكواب\n$40.00\n${baseURL}/ar/shop/product/${product.id}`)}`,
  );

  if (!javaScriptEnabled) return;
  // A browser with a share sheet: the click opens it with the title, the price and the address, and no WhatsApp tab.
  const sheet = await page.context().newPage();
  await sheet.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: (data: ShareData) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
  });
  await sheet.goto(`/shop/product/${product.id}`);
  let opened = false;
  sheet.on("popup", () => (opened = true));
  // Once React has the page: before that the link is the link.
  await expect(sheet.locator("html[data-hydrated]")).toHaveCount(1);
  await sheet.getByRole("link", { name: "Share" }).click();
  await expect
    .poll(() => sheet.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
    .toEqual([{ title: product.title, text: `${product.title}\n$40.00`, url: address }]);
  expect(opened).toBe(false);
});
