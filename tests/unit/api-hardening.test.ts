import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/index.ts";
import { loginCookie } from "../support/admin-session.ts";
import { apiClient } from "../support/api-client.ts";
import { startTestServer } from "../support/test-server.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  cookie = await loginCookie(server.base);
});
afterAll(async () => {
  await server?.stop();
});

const { call, addProduct, createOrder } = apiClient(() => server.base, () => cookie);

describe("the cross-site guard", () => {
  it("refuses every spelling Remix routes to the GET mutators, from another site", async () => {
    const product = await addProduct("Guardlamp Desk", 5);
    const { order } = (await (await createOrder(product._id)).json()) as { order: { _id: string } };
    const statusOf = () => server.db.select({ status: orders.status }).from(orders).where(eq(orders.publicId, order._id)).get()!.status;
    const variants = [
      "/api/order/CANCELORDER",
      "/api/order/cancelOrder/",
      "/api/order/cancelorder//",
      "/api/order/update%4Frder",
      "/api/order/%75pdateOrder",
      "/API/ORDER/UPDATEORDER",
      "/api/order/updateOrder.data",
      "/api/order/cancelOrder/.data",
    ];
    for (const path of variants) {
      for (const headers of [{ "Sec-Fetch-Site": "cross-site" }, { Origin: "https://evil.example" }] as Record<string, string>[]) {
        const response = await call(`${path}?id=${order._id}`, { admin: true, headers });
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(statusOf()).toBe("processing");
    // The same call from the shop itself still works.
    const own = await call(`/api/order/updateOrder/?id=${order._id}`, { admin: true, headers: { "Sec-Fetch-Site": "same-origin", Origin: server.base } });
    expect(own.status).toBe(200);
    expect(statusOf()).toBe("shipped");
  });
});

describe("POST /api/upload with a body that is not readable multipart", () => {
  it("answers 400 with a clear error for a missing boundary or a broken body", async () => {
    const post = (contentType: string, body: string) => call("/api/upload", { method: "POST", admin: true, headers: { "Content-Type": contentType }, body });
    const noBoundary = await post("multipart/form-data", "xx");
    expect(noBoundary.status).toBe(400);
    expect(await noBoundary.json()).toEqual({ error: "file: send the form as multipart/form-data with a boundary" });
    const broken = await post("multipart/form-data; boundary=abc", '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxxxx');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: "file: the multipart body is malformed or incomplete" });
  });
});
