import { parseDocument, DomUtils } from "htmlparser2";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { apiClient, jsonBody, png } from "../support/api-client.ts";
import { cartCookieWith } from "../support/cart-cookie.ts";
import { useTestServer } from "../support/test-server.ts";

const PUBLIC_URL = "https://shop.example.lb";
const server = useTestServer({ signedIn: true, env: { PUBLIC_URL } });
const { call, upload } = apiClient(
  () => server.base,
  () => server.cookie,
);

/** The page's head, parsed: its meta tags by `property` or `name` (a name given twice is a failure), and its links. */
async function headOf(path: string, init: RequestInit = {}) {
  const response = await fetch(server.base + path, init);
  expect(response.status).toBe(200);
  const document = parseDocument(await response.text());
  const head = DomUtils.findOne((element) => element.name === "head", document.children)!;
  const tags = new Map<string, string>();
  for (const meta of DomUtils.getElementsByTagName("meta", head)) {
    const key = meta.attribs.property ?? meta.attribs.name;
    if (!key) continue;
    expect(tags.has(key), `${key} twice`).toBe(false);
    tags.set(key, meta.attribs.content ?? "");
  }
  const canonical = DomUtils.getElementsByTagName("link", head).find((link) => link.attribs.rel === "canonical");
  return { tags, canonical: canonical?.attribs.href };
}

async function addProduct() {
  const uploaded = await upload(
    { name: "front.png", data: await png("#264653") },
    { name: "side.png", data: await png("#e9c46a") },
  );
  expect(uploaded.status).toBe(201);
  const { urls } = (await uploaded.json()) as { urls: string[] };
  const response = await call("/api/product/addProduct", {
    method: "POST",
    admin: true,
    ...jsonBody({
      Title: "Share Kettle",
      titleAr: "غلاية للمشاركة",
      price: 40,
      Description: "Opened for a photo, complete & working",
      descriptionAr: "عبوة مفتوحة، كاملة",
      Category: "Kitchen Appliances",
      quantity: 2,
      packaging: "open-box",
      grade: "like-new",
      image_link: urls,
      imageCaptions: ["Scuff on the lid", ""],
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return Number(((await response.json()) as { product: { _id: string } }).product._id);
}

describe("link previews: Open Graph and Twitter card tags", () => {
  it("on a product page in English and in Arabic: the product, its price, condition and a JPEG of its first photo", async () => {
    const id = await addProduct();
    const english = await headOf(`/shop/product/${id}`);
    const arabic = await headOf(`/ar/shop/product/${id}`);

    expect(Object.fromEntries(english.tags)).toMatchObject({
      "og:type": "product",
      "og:title": "Share Kettle",
      "og:description": "Opened for a photo, complete & working",
      "og:url": `${PUBLIC_URL}/shop/product/${id}`,
      "og:site_name": "OpenBox Lebanon",
      "og:locale": "en_US",
      "og:locale:alternate": "ar_LB",
      "og:image:alt": "Scuff on the lid",
      "product:price:amount": "40.00",
      "product:price:currency": "USD",
      "product:availability": "in stock",
      "product:condition": "used",
      "twitter:card": "summary_large_image",
    });
    expect(english.canonical).toBe(english.tags.get("og:url"));
    expect(Object.fromEntries(arabic.tags)).toMatchObject({
      "og:type": "product",
      "og:title": "غلاية للمشاركة",
      "og:description": "عبوة مفتوحة، كاملة",
      "og:url": `${PUBLIC_URL}/ar/shop/product/${id}`,
      "og:locale": "ar_LB",
      "og:locale:alternate": "en_US",
      "product:price:amount": "40.00",
      "twitter:card": "summary_large_image",
    });
    expect(arabic.tags.get("og:image")).toBe(english.tags.get("og:image"));

    const imageUrl = english.tags.get("og:image")!;
    expect(imageUrl).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/products/[a-f0-9]+-share\\.jpg$`));
    const image = await fetch(server.base + imageUrl.slice(PUBLIC_URL.length));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    const info = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(info.format).toBe("jpeg");
    expect(info.width).toBeGreaterThanOrEqual(600);
    expect(String(info.width)).toBe(english.tags.get("og:image:width"));
    expect(String(info.height)).toBe(english.tags.get("og:image:height"));
  });

  it("on every other shopper page, in both languages: title, description, absolute address, site and languages", async () => {
    for (const [path, url] of [
      ["/", `${PUBLIC_URL}/`],
      ["/shop", `${PUBLIC_URL}/shop`],
      ["/condition-guide", `${PUBLIC_URL}/condition-guide`],
      ["/cart", `${PUBLIC_URL}/cart`],
      ["/track", `${PUBLIC_URL}/track`],
      ["/ar", `${PUBLIC_URL}/ar`],
      ["/ar/shop", `${PUBLIC_URL}/ar/shop`],
      ["/ar/cart", `${PUBLIC_URL}/ar/cart`],
    ] as const) {
      const { tags } = await headOf(path);
      const arabic = path.startsWith("/ar");
      expect(tags.get("og:url"), path).toBe(url);
      expect(tags.get("og:title"), path).toMatch(/OpenBox Lebanon/);
      expect(tags.get("og:description"), path).toBeTruthy();
      expect(tags.get("og:site_name"), path).toBe("OpenBox Lebanon");
      expect(tags.get("og:locale"), path).toBe(arabic ? "ar_LB" : "en_US");
      expect(tags.get("og:locale:alternate"), path).toBe(arabic ? "en_US" : "ar_LB");
      expect(tags.get("og:type"), path).toBe("website");
      expect(tags.get("twitter:card"), path).toBe("summary");
    }
  });

  it("on the checkout, a tracking page and the Arabic pages not listed above: each its own absolute address", async () => {
    const id = await addProduct();
    const cookie = await cartCookieWith(server.base, id);
    expect(cookie).not.toBe("");
    const ordered = await call("/api/order/createOrder", {
      method: "POST",
      ...jsonBody({
        items: [{ product: String(id), quantity: 1, size: null }],
        shippingAddress: {
          name: "Share Shopper",
          email: "share@example.com",
          phone: "+961 3 123 456",
          address: "Next to the bakery",
          city: "Beirut",
          district: "Beirut",
          street: "Main",
          building: "1",
        },
      }),
    });
    expect(ordered.status, await ordered.clone().text()).toBe(201);
    const orderId = ((await ordered.json()) as { order: { _id: string } }).order._id;
    for (const path of [
      "/checkout",
      "/ar/checkout",
      `/track/${orderId}`,
      `/ar/track/${orderId}`,
      "/ar/track",
      "/ar/condition-guide",
    ]) {
      const { tags, canonical } = await headOf(path, { headers: { Cookie: cookie } });
      const arabic = path.startsWith("/ar");
      expect(tags.get("og:url"), path).toBe(`${PUBLIC_URL}${path}`);
      if (canonical) expect(canonical, path).toBe(tags.get("og:url"));
      expect(tags.get("og:title"), path).toMatch(/OpenBox Lebanon/);
      expect(tags.get("og:description"), path).toBeTruthy();
      expect(tags.get("og:site_name"), path).toBe("OpenBox Lebanon");
      expect(tags.get("og:locale"), path).toBe(arabic ? "ar_LB" : "en_US");
      expect(tags.get("og:locale:alternate"), path).toBe(arabic ? "en_US" : "ar_LB");
      expect(tags.get("twitter:card"), path).toBe("summary");
    }
  });
});
