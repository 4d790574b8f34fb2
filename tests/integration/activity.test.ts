import { describe, expect, it } from "vitest";
import { apiClient, jsonBody as json, SHIPPING } from "../support/api-client.ts";
import { TEST_ADMIN, useTestServer } from "../support/test-server.ts";

const server = useTestServer({ signedIn: true });
const { call, addProduct } = apiClient(
  () => server.base,
  () => server.cookie,
);

type Entry = {
  kind: string;
  by: string;
  address: string | null;
  subject: string;
  productId: string | null;
  orderId: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
};

async function activity(query = "") {
  const response = await call(`/api/admin/activity${query}`, { admin: true });
  expect(response.status).toBe(200);
  return ((await response.json()) as { activity: Entry[] }).activity;
}

describe("the activity log through /api/", () => {
  it("needs the administrator", async () => {
    expect((await call("/api/admin/activity")).status).toBe(401);
    expect((await call("/api/admin/overview")).status).toBe(401);
  });

  it("records each product change with who made it, from where, and each changed field before and after", async () => {
    const product = await addProduct("Logged Kettle", 4, 20);
    const edited = await call(`/api/product/edit?id=${product._id}`, {
      method: "PUT",
      admin: true,
      ...json({
        Title: "Logged Kettle",
        price: 25,
        Description: "Logged Kettle, open box",
        Category: "Tools",
        size: [],
        image_link: product.image_link,
        quantity: 3,
      }),
    });
    expect(edited.status).toBe(200);
    expect((await call(`/api/product/deletebyID?id=${product._id}`, { method: "DELETE", admin: true })).status).toBe(
      200,
    );

    const history = await activity(`?product=${product._id}`);
    expect(history.map((entry) => entry.kind)).toEqual(["product.deleted", "product.edited", "product.added"]);
    const edit = history[1]!;
    expect(edit).toMatchObject({ by: TEST_ADMIN.username, subject: "Logged Kettle", productId: product._id });
    expect(edit.address).toBeTruthy();
    expect(edit.changes).toEqual([
      { field: "priceCents", before: 2_000, after: 2_500 },
      { field: "stock", before: 4, after: 3 },
    ]);
    expect((await activity("?kind=product.added")).some((entry) => entry.productId === product._id)).toBe(true);
  });

  it("records each order change: confirm, note, status and cancel", async () => {
    const product = await addProduct("Logged Lamp", 5, 10);
    const placed = await call("/api/order/createOrder", {
      method: "POST",
      ...json({ items: [{ product: product._id, quantity: 1, size: null }], shippingAddress: SHIPPING }),
    });
    const order = ((await placed.json()) as { order: { _id: string; orderId: number } }).order;
    expect((await call(`/api/order/confirmOrder?id=${order._id}`, { method: "POST", admin: true })).status).toBe(200);
    expect(
      (
        await call(`/api/order/addNote?id=${order._id}`, {
          method: "POST",
          admin: true,
          ...json({ text: "Call after 6 pm" }),
        })
      ).status,
    ).toBe(201);
    expect((await call(`/api/order/updateOrder?id=${order._id}`, { method: "POST", admin: true })).status).toBe(200);
    expect((await call(`/api/order/cancelOrder?id=${order._id}`, { method: "POST", admin: true })).status).toBe(200);

    const history = await activity(`?order=${order._id}`);
    expect(history.map((entry) => [entry.kind, entry.by, entry.subject])).toEqual([
      ["order.canceled", "admin", `#${order.orderId}`],
      ["order.status", "admin", `#${order.orderId}`],
      ["order.note", "admin", `#${order.orderId}`],
      ["order.confirmed", "admin", `#${order.orderId}`],
    ]);
    expect(history[1]!.changes).toEqual([{ field: "status", before: "processing", after: "shipped" }]);
    expect(history[0]!.changes).toEqual([{ field: "status", before: "shipped", after: "canceled" }]);
  });

  it("records settings changes value by value", async () => {
    const form = new URLSearchParams({ intent: "delivery", freeDeliveryFrom: "" });
    for (const field of ["beirut", "mountLebanon", "beqaa", "southLebanon", "nabatieh", "northLebanon"])
      form.set(`fees.${field}`, "4.00");
    form.set("fees.akkar", "6.00");
    const saved = await fetch(`${server.base}/admin/settings`, {
      method: "POST",
      headers: { Cookie: server.cookie },
      body: form,
      redirect: "manual",
    });
    expect(saved.status).toBe(302);
    const [entry] = await activity("?kind=settings.changed");
    expect(entry).toMatchObject({
      by: "admin",
      subject: "Delivery fees",
      changes: [{ field: "feesCents.Akkar", before: 400, after: 600 }],
    });
  });

  it("records sign-ins and failed ones, never the password typed", async () => {
    const wrong = "not-the-password-42";
    const failed = await fetch(`${server.base}/admin?index`, {
      method: "POST",
      body: new URLSearchParams({ username: "admin", password: wrong }),
      redirect: "manual",
    });
    expect(failed.status).toBe(400);
    const [entry] = await activity("?kind=login.failed");
    expect(entry).toMatchObject({ kind: "login.failed", by: "admin", subject: "admin" });
    expect(JSON.stringify(await activity())).not.toContain(wrong);
    const row = server.db.$client
      .prepare("select count(*) as n from activity where changes like ? or subject like ?")
      .get(`%${wrong}%`, `%${wrong}%`) as { n: number };
    expect(row.n).toBe(0);
    expect((await activity("?kind=login")).length).toBeGreaterThan(0);
  });
});
