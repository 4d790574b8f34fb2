import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activity, discounts, orders } from "../../db/schema/index.ts";
import { formatShopDateTime } from "~/utils/shop-time.ts";
import { apiClient, jsonBody, SHIPPING } from "../support/api-client.ts";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer({ signedIn: true });
const { call, addProduct } = apiClient(
  () => server.base,
  () => server.cookie,
);

type ApiDiscount = { _id: string; code: string; uses: number } & Record<string, unknown>;
type ApiOrder = {
  _id: string;
  subtotal: number;
  couponCode: string | null;
  discount: number;
  deliveryFee: number;
  totalPrice: number;
};

const beirutDay = (offsetDays: number) =>
  formatShopDateTime(new Date(Date.now() + offsetDays * 86_400_000)).slice(0, 10);

let codeCounter = 0;
const freshCode = (prefix: string) =>
  `${prefix.toUpperCase()}-${Date.now().toString(36).toUpperCase()}${++codeCounter}`;

async function createCode(body: Record<string, unknown>) {
  const response = await call("/api/discount/create", { method: "POST", admin: true, ...jsonBody(body) });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { discount: ApiDiscount }).discount;
}

function order(productId: string, couponCode: string | undefined, { quantity = 1, phone = SHIPPING.phone } = {}) {
  return call("/api/order/createOrder", {
    method: "POST",
    ...jsonBody({
      items: [{ product: productId, quantity, size: null }],
      shippingAddress: { ...SHIPPING, phone },
      ...(couponCode === undefined ? {} : { couponCode }),
    }),
  });
}

async function refusal(response: Response) {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: string }).error;
}

describe("discount codes over /api/", () => {
  it("creates (201), lists (200) and edits (200) a code; a bad field is 400 naming it, a taken code 409", async () => {
    const code = freshCode("spring");
    const created = await createCode({
      code: code.toLowerCase(),
      percent: 15,
      minSubtotal: 20,
      maxUses: 5,
      endsAt: beirutDay(30),
    });
    expect(created).toMatchObject({
      code,
      percent: 15,
      amount: null,
      minSubtotal: 20,
      startsAt: null,
      endsAt: beirutDay(30),
      maxUses: 5,
      oncePerPhone: false,
      active: true,
      uses: 0,
    });

    const listed = await call("/api/discount/list", { admin: true });
    expect(listed.status).toBe(200);
    const { discounts: all } = (await listed.json()) as { discounts: ApiDiscount[] };
    expect(all.find((discount) => discount._id === created._id)).toEqual(created);

    const edited = await call(`/api/discount/edit?id=${created._id}`, {
      method: "PUT",
      admin: true,
      ...jsonBody({ amount: 7.5, minSubtotal: null, active: false }),
    });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { discount: ApiDiscount }).discount).toMatchObject({
      code,
      percent: null,
      amount: 7.5,
      minSubtotal: null,
      active: false,
    });

    const badPercent = await call("/api/discount/create", {
      method: "POST",
      admin: true,
      ...jsonBody({ code: freshCode("bad"), percent: 95 }),
    });
    expect(badPercent.status).toBe(400);
    expect(((await badPercent.json()) as { error: string }).error).toMatch(/^percent: /);
    const badCode = await call("/api/discount/create", {
      method: "POST",
      admin: true,
      ...jsonBody({ code: "a b", amount: 5 }),
    });
    expect(badCode.status).toBe(400);
    expect(((await badCode.json()) as { error: string }).error).toMatch(/^code: /);
    const badDate = await call(`/api/discount/edit?id=${created._id}`, {
      method: "PUT",
      admin: true,
      ...jsonBody({ endsAt: "next week" }),
    });
    expect(badDate.status).toBe(400);
    expect(((await badDate.json()) as { error: string }).error).toMatch(/^endsAt: /);

    const taken = await call("/api/discount/create", {
      method: "POST",
      admin: true,
      ...jsonBody({ code: code.toLowerCase(), percent: 5 }),
    });
    expect(taken.status).toBe(409);
    const other = await createCode({ code: freshCode("other"), percent: 5 });
    const takenByEdit = await call(`/api/discount/edit?id=${other._id}`, {
      method: "PUT",
      admin: true,
      ...jsonBody({ code }),
    });
    expect(takenByEdit.status).toBe(409);

    // Each write is in the activity log, with who and what changed.
    const logged = server.db.select().from(activity).where(eq(activity.subject, code)).all();
    expect(logged.map((entry) => [entry.actor, entry.kind])).toEqual([
      ["admin", "discount.added"],
      ["admin", "discount.off"],
    ]);
    expect(logged[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: "amountCents", before: null, after: 750 },
        { field: "active", before: true, after: false },
      ]),
    );
  });

  it("answers 401 without a session and 403 from another site", async () => {
    const create = await call("/api/discount/create", {
      method: "POST",
      ...jsonBody({ code: freshCode("anon"), percent: 5 }),
    });
    expect(create.status).toBe(401);
    expect(await create.json()).toEqual({ error: "Authentication required" });
    expect((await call("/api/discount/list")).status).toBe(401);
    expect((await call("/api/discount/edit?id=1", { method: "PUT", ...jsonBody({ percent: 5 }) })).status).toBe(401);

    const crossSite = { Origin: "https://evil.example", "Content-Type": "application/json" };
    const body = JSON.stringify({ code: freshCode("evil"), percent: 5 });
    expect((await call("/api/discount/create", { method: "POST", admin: true, headers: crossSite, body })).status).toBe(
      403,
    );
    expect(
      (await call("/api/discount/edit?id=1", { method: "PUT", admin: true, headers: crossSite, body })).status,
    ).toBe(403);
  });
});

describe("discount codes on order/createOrder", () => {
  it("a code with one use left makes exactly one discounted order of 10 racing", async () => {
    const product = await addProduct("Race Kettle", 50, 30);
    const code = freshCode("last");
    const discount = await createCode({ code, percent: 10, maxUses: 1 });
    const responses = await Promise.all(Array.from({ length: 10 }, () => order(product._id, code)));
    const placed = responses.filter((response) => response.status === 201);
    expect(placed).toHaveLength(1);
    const { order: stored } = (await placed[0]!.json()) as { order: ApiOrder };
    expect(stored).toMatchObject({ subtotal: 30, couponCode: code, discount: 3, deliveryFee: 4, totalPrice: 31 });
    for (const response of responses.filter((other) => other.status !== 201))
      expect(await refusal(response)).toBe("This code has reached its limit.");
    const row = server.db
      .select()
      .from(discounts)
      .where(eq(discounts.id, Number(discount._id)))
      .get()!;
    expect(row.uses).toBe(1);
    const withCode = server.db.select().from(orders).where(eq(orders.couponCode, code)).all();
    expect(withCode.map((o) => [o.discountCents, o.totalCents])).toEqual([[300, 3100]]);
  });

  it("says why an expired, not yet started, switched off, unknown or too small order's code does not apply", async () => {
    const product = await addProduct("Why Lamp", 50, 40);
    const expired = await createCode({ code: freshCode("gone"), percent: 10, endsAt: beirutDay(-1) });
    const later = await createCode({ code: freshCode("later"), percent: 10, startsAt: beirutDay(2) });
    const off = await createCode({ code: freshCode("off"), percent: 10, active: false });
    const minimum = await createCode({ code: freshCode("min"), percent: 10, minSubtotal: 50 });
    expect(await refusal(await order(product._id, expired.code))).toBe("This code has expired.");
    expect(await refusal(await order(product._id, later.code))).toBe("This code is not valid.");
    expect(await refusal(await order(product._id, off.code))).toBe("This code is not valid.");
    expect(await refusal(await order(product._id, "NO-SUCH-CODE"))).toBe("This code is not valid.");
    expect(await refusal(await order(product._id, minimum.code))).toBe("This code needs an order of at least $50.");
    // Nothing was stored for any refusal, and the code applies once the order reaches the minimum.
    expect(server.db.select().from(orders).where(eq(orders.couponCode, minimum.code)).all()).toHaveLength(0);
    const reached = await order(product._id, minimum.code, { quantity: 2 });
    expect(reached.status).toBe(201);
    expect(((await reached.json()) as { order: ApiOrder }).order).toMatchObject({
      subtotal: 80,
      discount: 8,
      totalPrice: 76,
    });
  });

  it("once per phone number: the same number written another way is refused", async () => {
    const product = await addProduct("Phone Fan", 50, 20);
    const once = await createCode({ code: freshCode("once"), amount: 5, oncePerPhone: true });
    const first = await order(product._id, once.code, { phone: "+961 70 123 456" });
    expect(first.status).toBe(201);
    expect(await refusal(await order(product._id, once.code, { phone: "70-123456" }))).toBe(
      "This code was already used with this phone number.",
    );
    expect((await order(product._id, once.code, { phone: "03 999 888" })).status).toBe(201);
  });

  it("compares codes without case and never brings a total below the delivery fee", async () => {
    const product = await addProduct("Cheap Cup", 50, 12.34);
    const big = await createCode({ code: freshCode("big"), amount: 100 });
    const placed = await order(product._id, big.code.toLowerCase());
    expect(placed.status).toBe(201);
    const { order: stored } = (await placed.json()) as { order: ApiOrder };
    expect(stored).toMatchObject({
      subtotal: 12.34,
      couponCode: big.code,
      discount: 12.34,
      deliveryFee: 4,
      totalPrice: 4,
    });
    const byId = await call(`/api/order/getOrderById?id=${stored._id}`, { admin: true });
    expect(((await byId.json()) as { order: ApiOrder }).order).toMatchObject({
      couponCode: big.code,
      discount: 12.34,
      totalPrice: 4,
    });
    // An order without a code carries none.
    const plain = await order(product._id, undefined);
    expect(((await plain.json()) as { order: ApiOrder }).order).toMatchObject({
      couponCode: null,
      discount: 0,
      totalPrice: 16.34,
    });
  });
});
