import { describe, expect, it } from "vitest";
import { orderHistory } from "../../db/schema/index.ts";
import { advanceOrderStatus, cancelOrder } from "~/orders/order-admin.server.ts";
import { placeOrder } from "~/orders/order.server.ts";
import { listActivity } from "~/overview/activity.server.ts";
import { SHIPPING, apiClient, jsonBody } from "../support/api-client.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { useTestServer } from "../support/test-server.ts";
import { pollUntil } from "../support/timing.ts";

const server = useTestServer({ signedIn: true });
const api = apiClient(
  () => server.base,
  () => server.cookie,
);

type ApiOrder = {
  _id: string;
  orderId: number;
  status: string;
  confirmedAt: string | null;
  driverNote?: string | null;
};
type History = { at: string; event: string; by: string | null }[];

function newOrder() {
  const product = createProduct(server.db, { title: uniqueWord("Desk"), stock: 50 });
  const { order } = placeOrder(server.db, {
    lines: [{ productId: product.id, size: null, quantity: 1 }],
    shipping: SHIPPING,
  });
  return order;
}

async function getOrder(id: string) {
  const response = await api.call(`/api/order/getOrderById?id=${id}`, { admin: true });
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      order: ApiOrder & { notes: { _id: string; text: string; at: string; by: string }[]; history: History };
    }
  ).order;
}

describe("order/confirmOrder", () => {
  it("confirms with 200 and the order; confirming again keeps the first time", async () => {
    const order = newOrder();
    const first = await api.call(`/api/order/confirmOrder?id=${order.publicId}`, { method: "POST", admin: true });
    expect(first.status).toBe(200);
    const body = (await first.json()) as { message: string; order: ApiOrder };
    expect(body.message).toBe("Order confirmed successfully");
    expect(body.order).toMatchObject({ _id: order.publicId, status: "processing" });
    expect(Date.parse(body.order.confirmedAt!)).not.toBeNaN();

    // A second confirmation that rewrote the time would show only once the clock has moved on.
    const confirmedAt = Date.parse(body.order.confirmedAt!);
    await pollUntil("the clock to pass the first confirmation", () => Date.now() > confirmedAt + 1, 1_000);
    const again = await api.call(`/api/order/confirmOrder?id=${order.publicId}`, { admin: true });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { order: ApiOrder }).order.confirmedAt).toBe(body.order.confirmedAt);
    const history = (await getOrder(order.publicId)).history;
    expect(history.map((entry) => entry.event)).toEqual(["placed", "confirmed"]);
  });

  it("responds 409 for a canceled or a delivered order, recording nothing", async () => {
    const canceled = newOrder();
    cancelOrder(server.db, canceled.publicId);
    const delivered = newOrder();
    advanceOrderStatus(server.db, delivered.publicId);
    advanceOrderStatus(server.db, delivered.publicId);
    for (const order of [canceled, delivered]) {
      const response = await api.call(`/api/order/confirmOrder?id=${order.publicId}`, { method: "POST", admin: true });
      expect(response.status).toBe(409);
      expect(((await response.json()) as { error: string }).error).toMatch(/cannot be confirmed/);
      const after = await getOrder(order.publicId);
      expect(after.confirmedAt).toBeNull();
      expect(after.history.map((entry) => entry.event)).not.toContain("confirmed");
    }
  });

  it("responds 401 without a session, 403 from another site and 404 for an unknown order", async () => {
    const order = newOrder();
    const anonymous = await api.call(`/api/order/confirmOrder?id=${order.publicId}`, { method: "POST" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Authentication required" });
    const crossSitePost = await api.call(`/api/order/confirmOrder?id=${order.publicId}`, {
      method: "POST",
      admin: true,
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSitePost.status).toBe(403);
    const crossSiteGet = await api.call(`/api/order/confirmOrder?id=${order.publicId}`, {
      admin: true,
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSiteGet.status).toBe(403);
    expect((await getOrder(order.publicId)).confirmedAt).toBeNull();
    expect((await api.call("/api/order/confirmOrder?id=ffffffffffffffffffffffff", { admin: true })).status).toBe(404);
    expect((await api.call("/api/order/confirmOrder", { admin: true })).status).toBe(400);
  });
});

describe("order/addNote", () => {
  it("responds 201 with the note, trimmed, with its author and time", async () => {
    const order = newOrder();
    const response = await api.call(`/api/order/addNote?id=${order.publicId}`, {
      method: "POST",
      admin: true,
      ...jsonBody({ text: "  Call after 6 pm, ask for Rami  " }),
    });
    expect(response.status).toBe(201);
    const { note } = (await response.json()) as { note: { _id: string; text: string; at: string; by: string } };
    expect(note).toMatchObject({ text: "Call after 6 pm, ask for Rami", by: "admin" });
    expect(typeof note._id).toBe("string");
    expect(Date.parse(note.at)).not.toBeNaN();
    expect((await getOrder(order.publicId)).notes).toEqual([note]);
  });

  it("refuses an empty or a too long note with 400, storing nothing", async () => {
    const order = newOrder();
    for (const text of ["   ", "x".repeat(1001)]) {
      const response = await api.call(`/api/order/addNote?id=${order.publicId}`, {
        method: "POST",
        admin: true,
        ...jsonBody({ text }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(
        /^text: Note (is required|must be at most 1000 characters)$/,
      );
    }
    const exactlyMax = await api.call(`/api/order/addNote?id=${order.publicId}`, {
      method: "POST",
      admin: true,
      ...jsonBody({ text: "y".repeat(1000) }),
    });
    expect(exactlyMax.status).toBe(201);
    expect((await getOrder(order.publicId)).notes).toHaveLength(1);
    expect(
      (await api.call(`/api/order/addNote?id=${order.publicId}`, { method: "POST", ...jsonBody({ text: "hi" }) }))
        .status,
    ).toBe(401);
    expect(
      (
        await api.call(`/api/order/addNote?id=${order.publicId}`, {
          method: "POST",
          admin: true,
          headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
          body: '{"text":"hi"}',
        })
      ).status,
    ).toBe(403);
  });
});

describe("order/getOrderById", () => {
  it("returns the order with confirmedAt, its notes and its history oldest first, each change by whom", async () => {
    const product = await api.addProduct(uniqueWord("Timeline"), 5);
    const created = await api.createOrder(product._id);
    expect(created.status).toBe(201);
    const placed = ((await created.json()) as { order: ApiOrder }).order;
    expect(placed.confirmedAt).toBeNull();
    const id = placed._id;
    expect((await api.call(`/api/order/confirmOrder?id=${id}`, { admin: true })).status).toBe(200);
    expect(
      (
        await api.call(`/api/order/addNote?id=${id}`, {
          method: "POST",
          admin: true,
          ...jsonBody({ text: "Customer asked for the morning" }),
        })
      ).status,
    ).toBe(201);
    expect((await api.call(`/api/order/updateOrder?id=${id}`, { admin: true })).status).toBe(200);
    expect((await api.call(`/api/order/cancelOrder?id=${id}`, { admin: true })).status).toBe(200);

    const order = await getOrder(id);
    expect(order).toMatchObject({ _id: id, orderId: placed.orderId, status: "canceled" });
    expect(order.history.map(({ event, by }) => [event, by])).toEqual([
      ["placed", null],
      ["confirmed", "admin"],
      ["note", "admin"],
      ["shipped", "admin"],
      ["canceled", "admin"],
    ]);
    const times = order.history.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(order.notes.map((note) => note.text)).toEqual(["Customer asked for the morning"]);

    // Every other /api/ order response carries confirmedAt too.
    const all = await api.call("/api/order/getAllOrders", { admin: true });
    const listed = ((await all.json()) as { orders: ApiOrder[] }).orders.find((entry) => entry._id === id)!;
    expect(listed.confirmedAt).toBe(order.confirmedAt);
  });

  it("responds 401 without a session and 404 for an unknown order", async () => {
    const order = newOrder();
    expect((await api.call(`/api/order/getOrderById?id=${order.publicId}`)).status).toBe(401);
    expect((await api.call("/api/order/getOrderById?id=ffffffffffffffffffffffff", { admin: true })).status).toBe(404);
  });

  it("a refused status change leaves no history behind (the entry shares the change's transaction)", () => {
    const order = newOrder();
    cancelOrder(server.db, order.publicId);
    const before = server.db.select().from(orderHistory).all().length;
    expect(() => cancelOrder(server.db, order.publicId)).toThrow();
    expect(() => advanceOrderStatus(server.db, order.publicId)).toThrow();
    expect(server.db.select().from(orderHistory).all()).toHaveLength(before);
  });
});

describe("reachable phone numbers", () => {
  it("refuses fewer than 7 or more than 15 digits with the spec's message, on the API", async () => {
    const product = createProduct(server.db, { title: uniqueWord("Phone"), stock: 5 });
    for (const phone of ["12", "+961 12", "1234567890123456"]) {
      const response = await api.call("/api/order/createOrder", {
        method: "POST",
        ...jsonBody({
          items: [{ product: String(product.id), quantity: 1, size: null }],
          shippingAddress: { ...SHIPPING, phone },
        }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "shippingAddress.phone: Invalid phone number format" });
    }
    const sevenDigits = await api.call("/api/order/createOrder", {
      method: "POST",
      ...jsonBody({
        items: [{ product: String(product.id), quantity: 1, size: null }],
        shippingAddress: { ...SHIPPING, phone: "03 123 456" },
      }),
    });
    expect(sevenDigits.status).toBe(201);
  });
});

describe("the note for the driver (Order Details dialog)", () => {
  const saveNote = (publicId: string, driverNote: string, origin = server.base) =>
    api.call(`/admin/orders/${publicId}`, {
      method: "POST",
      admin: true,
      redirect: "manual",
      body: new URLSearchParams({ intent: "driverNote", driverNote }),
      headers: { Origin: origin },
    });
  const slipOf = async (path: string) => {
    const response = await api.call(path, { admin: true });
    expect(response.status).toBe(200);
    return response.text();
  };

  it("is saved from the dialog, printed on one slip and several, carried by /api/, logged, and cleared", async () => {
    const order = newOrder();
    const other = newOrder();
    expect(await getOrder(order.publicId)).toMatchObject({ driverNote: null });

    const saved = await saveNote(order.publicId, "  Ring twice, <3rd> floor  ");
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/admin/orders/${order.publicId}`);
    const note = "Ring twice, &lt;3rd&gt; floor";
    expect(await slipOf(`/admin/orders/${order.publicId}/slip`)).toContain(note);
    const several = await slipOf(`/admin/orders/slips?id=${order.publicId}&id=${other.publicId}`);
    expect(several.split("Note for the driver").length - 1).toBe(1);
    expect(several).toContain(note);
    expect((await getOrder(order.publicId)).driverNote).toBe("Ring twice, <3rd> floor");
    const log = listActivity(server.db, { orderId: order.publicId }).rows;
    expect(log.map((entry) => [entry.kind, entry.changes])).toContainEqual([
      "order.driverNote",
      [{ field: "driverNote", before: null, after: "Ring twice, <3rd> floor" }],
    ]);

    expect((await saveNote(order.publicId, "   ")).status).toBe(302);
    expect((await getOrder(order.publicId)).driverNote).toBeNull();
    expect(await slipOf(`/admin/orders/${order.publicId}/slip`)).not.toContain("Note for the driver");
  });

  it("refuses a note over 300 characters with the message and the typed text, and a cross-site post", async () => {
    const order = newOrder();
    const long = "x".repeat(301);
    const refused = await saveNote(order.publicId, long);
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain("Note for the driver must be at most 300 characters");
    expect(page).toContain(long);
    expect((await saveNote(order.publicId, "Back door", "https://elsewhere.example")).status).toBe(403);
    expect((await getOrder(order.publicId)).driverNote).toBeNull();
  });
});
