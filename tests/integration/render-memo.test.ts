import http from "node:http";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../db/schema/index.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { inlineScripts, sha256 } from "../support/inline-scripts.ts";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer();

/**
 * A shopper's cart cookie, made by the cart page's own action as a browser would get it; with
 * `withFlash`, also the one-time 'added to cart' message the action leaves for the next page.
 */
async function cartWith(productId: number, quantity: number, { withFlash = false } = {}) {
  const added = await fetch(`${server.base}/cart`, {
    method: "POST",
    body: new URLSearchParams({ intent: "add", productId: String(productId), quantity: String(quantity) }),
    headers: { Origin: server.base },
    redirect: "manual",
  });
  return added.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((cookie) => withFlash || cookie.startsWith("cart="))
    .join("; ");
}

/** The response as sent (node:http does not decode), its body decoded. */
async function page(path: string, cookie: string, acceptEncoding = "gzip, deflate, br") {
  const response = await new Promise<http.IncomingMessage>((resolve) =>
    http.get(server.base + path, { headers: { Cookie: cookie, "Accept-Encoding": acceptEncoding } }, resolve),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const encoding = response.headers["content-encoding"];
  const html = (
    encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw
  ).toString("utf8");
  return { headers: response.headers, raw, html, text: html.replaceAll("<!-- -->", "") };
}

const badge = (html: string) => /data-testid="cart-badge"[^>]*>(\d+)</.exec(html)?.[1];

describe("the render memo for shoppers with a cookie", () => {
  it("renders a catalogue page once for the same URL and loader data, and sends it again allowed by hash", async () => {
    const product = createProduct(server.db, { title: uniqueWord("Memokettle"), stock: 5 });
    const cookie = await cartWith(product.id, 1);
    const path = `/shop?search=${encodeURIComponent(product.title)}`;

    // The first response is the render itself, with this response's nonce; it is cached without it.
    const first = await page(path, cookie);
    expect(first.headers["x-render-memo"]).toBe("miss");
    expect(first.html).toMatch(/nonce="[^"]+"/);
    const withoutNonces = first.html.replace(/ nonce="[^"]*"/g, "");
    const second = await page(path, cookie);
    expect(second.headers["x-render-memo"]).toBe("hit");
    expect(second.html).toBe(withoutNonces);
    expect(second.text).toContain(product.title);
    expect(badge(second.html)).toBe("1");

    // No response's nonce: the policy names each inline script of this very page by its hash.
    expect(second.html).not.toMatch(/\snonce="/);
    const csp = second.headers["content-security-policy"] as string;
    expect(csp).not.toContain("'nonce-");
    const allowed = /script-src ([^;]+)/
      .exec(csp)![1]!
      .split(" ")
      .filter((source) => source.startsWith("'sha256-"));
    expect(allowed.sort()).toEqual([...new Set(inlineScripts(second.html).map(sha256))].sort());
    expect(second.headers["x-frame-options"]).toBe("DENY");

    // Compressed as each client asks, the same page in every encoding.
    expect(second.headers["content-encoding"]).toBe("br");
    expect(second.headers.vary).toContain("Accept-Encoding");
    expect(Number(second.headers["content-length"])).toBe(second.raw.byteLength);
    const gzip = await page(path, cookie, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.html).toBe(withoutNonces);
    const identity = await page(path, cookie, "identity");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.html).toBe(withoutNonces);
  });

  it("shares a render between shoppers whose pages are the same, and never between those whose are not", async () => {
    const product = createProduct(server.db, { title: uniqueWord("Memoblender"), stock: 9 });
    const path = `/shop/product/${product.id}`;
    const one = await cartWith(product.id, 1);
    const anotherOne = await cartWith(product.id, 1);
    const three = await cartWith(product.id, 3);

    const first = await page(path, one);
    expect(first.headers["x-render-memo"]).toBe("miss");
    // Another shopper with the same cart: the same page, already rendered.
    const same = await page(path, anotherOne);
    expect(same.headers["x-render-memo"]).toBe("hit");
    expect(badge(same.html)).toBe("1");
    // A different cart is different loader data: its own render, its own badge and stock left.
    const other = await page(path, three);
    expect(other.headers["x-render-memo"]).toBe("miss");
    expect(badge(other.html)).toBe("3");
  });

  it("renders the home page once per window of carousel picks, not once per visit", async () => {
    const product = createProduct(server.db, { title: uniqueWord("Memohome"), stock: 3 });
    const cookie = await cartWith(product.id, 2);
    const first = await page("/", cookie);
    // The picks change every 30 s: the next visit is the same page, rendered before (or, just past a
    // window's end, the first of the next window, and the one after it is).
    await expect.poll(async () => (await page("/", cookie)).headers["x-render-memo"], { timeout: 5_000 }).toBe("hit");
    expect(badge(first.html)).toBe("2");
  });

  it("never sends a render of data that has changed since", async () => {
    const title = uniqueWord("Memoiron");
    const product = createProduct(server.db, { title, stock: 4, priceCents: 2_500 });
    const cookie = await cartWith(product.id, 1);
    const path = `/shop/product/${product.id}`;
    await page(path, cookie);
    expect((await page(path, cookie)).headers["x-render-memo"]).toBe("hit");

    // Another connection (this test's) changes the price: the loader reads it, the key follows.
    server.db.update(products).set({ priceCents: 2_250 }).where(eq(products.id, product.id)).run();
    const repriced = await page(path, cookie);
    expect(repriced.headers["x-render-memo"]).toBe("miss");
    expect(repriced.text).toContain("$22.50");
    expect(repriced.text).not.toContain("$25.00");
  });

  it("responds with a page that sets a cookie (a one-time message) but never caches it", async () => {
    const product = createProduct(server.db, { title: uniqueWord("Memotoast"), stock: 6 });
    const withFlash = await cartWith(product.id, 1, { withFlash: true });
    expect(withFlash).toContain("flash=");
    const path = `/shop/product/${product.id}`;
    for (let visit = 0; visit < 2; visit++) {
      const shown = await page(path, withFlash);
      expect(shown.headers["x-render-memo"]).toBeUndefined();
      expect(shown.headers["set-cookie"]?.join()).toContain("flash=");
      expect(shown.text).toContain(`${product.title} was added to your cart.`);
    }
  });

  it("leaves pages that are not the catalogue's, and cookieless visitors, to their own paths", async () => {
    const product = createProduct(server.db, { title: uniqueWord("Memofan"), stock: 2 });
    const cookie = await cartWith(product.id, 1);
    const cart = await page("/cart", cookie);
    expect(cart.headers["x-render-memo"]).toBeUndefined();
    expect(cart.html).toMatch(/nonce="[^"]+"/);
    const anonymous = await page("/shop", "");
    expect(anonymous.headers["x-render-memo"]).toBeUndefined();
  });
});
