import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { expect, test } from "./fixtures.ts";

// A shopper with a cookie whose page was rendered before gets that render again (decision 029): its
// scripts are allowed by hash, not by this response's nonce, and it must work as a fresh one does.
test("a remembered render of /shop works like a fresh one, with and without JavaScript", async ({
  page,
  context,
  db,
  baseURL,
  javaScriptEnabled,
}) => {
  const word = uniqueWord("Memo");
  const product = createProduct(db, { title: `${word} Toaster`, stock: 4 });
  await context.addCookies([{ name: "returning", value: "1", url: baseURL! }]);
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });

  const path = `/shop?search=${word}`;
  const first = await page.goto(path);
  expect(first!.headers()["x-render-memo"]).toBe("miss");
  const again = await page.goto(path);
  expect(again!.headers()["x-render-memo"]).toBe("hit");
  expect(again!.headers()["content-security-policy"]).not.toContain("'nonce-");
  if (javaScriptEnabled) {
    // Hydrated: the no-JavaScript 'Sort' button is gone, and a card opens on the client.
    await expect(page.getByRole("button", { name: "Sort", exact: true })).toBeHidden();
  }
  await page.getByTestId("product-card").getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();

  // The product page (its JSON-LD among its inline scripts) cached and sent again, and still working.
  const productPath = `/shop/product/${product.id}`;
  await page.goto(productPath);
  const cached = await page.goto(productPath);
  expect(cached!.headers()["x-render-memo"]).toBe("hit");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  expect(refused).toEqual([]);
});
