import sharp from "sharp";
import { expect } from "vitest";

export const SHIPPING = {
  name: "Maya Khoury",
  email: "maya@example.com",
  phone: "+961 3 123 456",
  address: "Near the church",
  city: "Zahle",
  district: "Beqaa",
  street: "Main",
  building: "B2",
};

export const jsonBody = (body: unknown) => ({
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});

export async function png(colour: string) {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/**
 * Calls the test server's `/api/`, with the admin session cookie when `admin` is set. Both are
 * functions because the server starts in `beforeAll`, after the client is made.
 */
export function apiClient(base: () => string, cookie: () => string) {
  const call = (path: string, init: RequestInit & { admin?: boolean } = {}) =>
    fetch(base() + path, {
      ...init,
      headers: { ...(init.admin ? { Cookie: cookie() } : {}), ...(init.headers as Record<string, string>) },
    });

  async function upload(...files: { name: string; data: Buffer }[]) {
    const form = new FormData();
    for (const file of files) form.append("file", new Blob([new Uint8Array(file.data)]), file.name);
    return call("/api/upload", { method: "POST", body: form, admin: true });
  }

  async function addProduct(title: string, quantity: number, price = 12.34) {
    const uploaded = await upload({ name: `${title}.png`, data: await png("#2a9d8f") });
    expect(uploaded.status).toBe(201);
    const { urls } = (await uploaded.json()) as { urls: string[] };
    const response = await call("/api/product/addProduct", {
      method: "POST",
      admin: true,
      ...jsonBody({
        Title: title,
        price,
        Description: `${title}, open box`,
        Category: "Tools",
        size: [],
        image_link: urls,
        quantity,
      }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { product: { _id: string; image_link: string[] } }).product;
  }

  async function createOrder(productId: string, quantity = 1, headers: Record<string, string> = {}) {
    const body = jsonBody({ items: [{ product: productId, quantity, size: null }], shippingAddress: SHIPPING });
    return call("/api/order/createOrder", {
      method: "POST",
      body: body.body,
      headers: { ...body.headers, ...headers },
    });
  }

  return { call, upload, addProduct, createOrder };
}
