import { expect, test } from "./fixtures.ts";

test("the home page renders inside the header and footer", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/OpenBox/);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Home", exact: true })).toBeVisible();
  await expect(header.getByRole("link", { name: "Shop", exact: true })).toBeVisible();
  await expect(header.getByRole("link", { name: /^Cart/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "About US:" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/shop");
  await expect(page.getByRole("contentinfo")).toContainText("Contact us");
});

test("the Shop menu lists the seeded category tree", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Shop", exact: true }).hover();
  await expect(nav.getByRole("link", { name: "All Products" })).toHaveAttribute("href", "/shop");
  await nav.locator("summary", { hasText: /^Beauty Care/ }).click();
  await expect(nav.getByRole("link", { name: "Beauty Care Women" })).toBeVisible();
});

test("an unknown URL responds 404 with its own page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
});

// HTTP answers alone (no page): the JavaScript mode cannot change them, so they are asked once, in js-on.
test.describe(() => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "an HTTP answer, without a page: the same in both modes");

  test("GET /healthz responds ok", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("pages carry the security headers", async ({ request }) => {
    const response = await request.get("/");
    const headers = response.headers();
    // A fresh render names its nonce; a page-cache hit names its inline scripts' hashes instead (decision 022).
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' '(?:nonce|sha256)-[A-Za-z0-9+/=]+'/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  test("an unknown /api/ path responds 404 in JSON", async ({ request }) => {
    const response = await request.get("/api/no/such/call");
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ error: "Unknown API call: /api/no/such/call" });
  });

  test("a cross-site POST is refused with 403", async ({ request }) => {
    const response = await request.post("/api/order/createOrder", {
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      data: {},
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ error: "Cross-site request refused" });
  });
});
