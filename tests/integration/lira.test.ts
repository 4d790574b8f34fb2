import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activity } from "../../db/schema/index.ts";
import { apiClient, jsonBody as json } from "../support/api-client.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { useTestServer } from "../support/test-server.ts";
import { centsToLbp, formatLbp } from "~/utils/lira.ts";
import { cartCookieWith } from "../support/cart-cookie.ts";

/**
 * The lira beside the dollar over HTTP against the real server: the rate set through
 * PUT /api/admin/settings (validated as the Settings page), kept on the order with its total in
 * lira, shown on the checkout and the slip, and unmoved by a later change of rate.
 */
const server = useTestServer({ signedIn: true });
const api = apiClient(
  () => server.base,
  () => server.cookie,
);

const putSettings = (body: unknown, headers: Record<string, string> = {}) =>
  api.call("/api/admin/settings", {
    method: "PUT",
    admin: true,
    body: json(body).body,
    headers: { ...json(body).headers, Origin: server.base, ...headers },
  });

async function errorOf(response: Response) {
  return ((await response.json()) as { error: string }).error;
}

type ApiOrder = { _id: string; totalPrice: number; lbpRate: number | null; totalLbp: number | null };

describe("the lira beside the dollar", () => {
  it("rounds to the nearest 1,000 lira in integer arithmetic", () => {
    expect(centsToLbp(5965, 89_500)).toBe(5_339_000);
    expect(formatLbp(centsToLbp(5965, 89_500))).toBe("LBP 5,339,000");
    // 0.01 × 50,000 = 500 exactly: half rounds up; 499 rounds down.
    expect(centsToLbp(1, 50_000)).toBe(1_000);
    expect(centsToLbp(1, 49_900)).toBe(0);
    // Large amounts stay exact: $9,999,999.99 at 100,000,000.
    expect(centsToLbp(999_999_999, 100_000_000)).toBe(999_999_999_000_000);
  });

  it("GET and PUT /api/admin/settings need the owner's session and this site", async () => {
    expect((await fetch(`${server.base}/api/admin/settings`)).status).toBe(401);
    const anonymous = await fetch(`${server.base}/api/admin/settings`, {
      method: "PUT",
      ...json({ lbpRate: 1 }),
      headers: { ...json({}).headers, Origin: server.base },
    });
    expect(anonymous.status).toBe(401);
    const crossSite = await putSettings({ lbpRate: 1 }, { Origin: "https://elsewhere.example" });
    expect(crossSite.status).toBe(403);
    const got = await api.call("/api/admin/settings", { admin: true });
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({
      settings: { lbpRate: null, freeDeliveryFrom: null, fees: { Beqaa: 4, Beirut: 4 } },
    });
  });

  it("PUT refuses a bad field with 400 naming it, and saves nothing", async () => {
    for (const [body, field] of [
      [{ lbpRate: 89_500.5 }, /^lbpRate: Lira rate: enter a whole number/],
      [{ lbpRate: -3 }, /^lbpRate: /],
      [{ lbpRate: "lots" }, /^lbpRate: /],
      [{ fees: { Beirut: 4.555 } }, /^fees\.beirut: Beirut: use at most two decimals/],
      [{ fees: { Narnia: 4 } }, /^fees\.Narnia: not a governorate/],
      [{ contactPhone: "call me" }, /^contactPhone: /],
      [{ lbpRate: 89_500, colour: "blue" }, /^colour: not a setting/],
    ] as const) {
      const response = await putSettings(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(response)).toMatch(field);
    }
    const after = (await (await api.call("/api/admin/settings", { admin: true })).json()) as {
      settings: { lbpRate: number | null; fees: Record<string, number> };
    };
    expect(after.settings.lbpRate).toBeNull();
    expect(after.settings.fees.Beirut).toBe(4);
  });

  it("a $59.65 order keeps LBP 5,339,000 at 89,500, on /api/, the checkout and its slip, after the rate changes", async () => {
    const set = await putSettings({ lbpRate: 89_500 });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ settings: { lbpRate: 89_500, fees: { Beqaa: 4 } } });
    const logged = server.db.select().from(activity).where(eq(activity.subject, "Lira rate")).all();
    expect(logged.length).toBe(1);
    expect(JSON.stringify(logged[0])).toContain("89500");
    const delivery = (await (await fetch(`${server.base}/api/settings/delivery`)).json()) as { lbpRate: number };
    expect(delivery.lbpRate).toBe(89_500);

    // $55.65 + the Beqaa fee of $4.00 = $59.65.
    const product = createProduct(server.db, { title: uniqueWord("Drill"), priceCents: 5_565, stock: 5 });
    const page = await fetch(`${server.base}/shop/product/${product.id}`);
    expect(await page.text()).toContain(formatLbp(centsToLbp(5_565, 89_500)));

    const cartCookie = await cartCookieWith(server.base, product.id);
    // Every governorate's fee is $4.00 here, so the checkout's total is $59.65 before one is chosen.
    const checkout = await (await fetch(`${server.base}/checkout`, { headers: { Cookie: cartCookie } })).text();
    expect(checkout).toContain("$59.65");
    expect(checkout).toContain("LBP 5,339,000");
    const cart = await (await fetch(`${server.base}/cart`, { headers: { Cookie: cartCookie } })).text();
    expect(cart).toContain("LBP 5,339,000");

    const created = await api.createOrder(String(product.id));
    expect(created.status).toBe(201);
    const { order } = (await created.json()) as { order: ApiOrder };
    expect(order).toMatchObject({ totalPrice: 59.65, lbpRate: 89_500, totalLbp: 5_339_000 });

    const slipOf = async () => {
      const slip = await api.call(`/admin/orders/${order._id}/slip`, { admin: true });
      expect(slip.status).toBe(200);
      return slip.text();
    };
    const slip = await slipOf();
    expect(slip).toContain("Amount to collect");
    expect(slip).toContain("$59.65");
    expect(slip).toContain("LBP 5,339,000");
    expect(await (await fetch(`${server.base}/track/${order._id}`)).text()).toContain("LBP 5,339,000");

    // The day's rate moves: the order keeps the rate it was placed at, new pages follow the new one.
    expect((await putSettings({ lbpRate: 100_000 })).status).toBe(200);
    const byId = await api.call(`/api/order/getOrderById?id=${order._id}`, { admin: true });
    expect(((await byId.json()) as { order: ApiOrder }).order).toMatchObject({ lbpRate: 89_500, totalLbp: 5_339_000 });
    const listed = (await (await api.call("/api/order/getAllOrders", { admin: true })).json()) as {
      orders: ApiOrder[];
    };
    expect(listed.orders.find((row) => row._id === order._id)).toMatchObject({ totalLbp: 5_339_000 });
    const later = await slipOf();
    expect(later).toContain("LBP 5,339,000");
    expect(later).not.toContain("LBP 5,965,000");
    const slips = await api.call(`/admin/orders/slips?id=${order._id}`, { admin: true });
    expect(await slips.text()).toContain("LBP 5,339,000");
    expect(await (await fetch(`${server.base}/track/${order._id}`)).text()).toContain("LBP 5,339,000");
    const checkoutNow = await (await fetch(`${server.base}/checkout`, { headers: { Cookie: cartCookie } })).text();
    expect(checkoutNow).toContain("LBP 5,965,000");

    // Empty turns the lira off: new orders carry null, and the pages show dollars only.
    expect((await putSettings({ lbpRate: null })).status).toBe(200);
    const plain = await api.createOrder(String(product.id));
    expect(((await plain.json()) as { order: ApiOrder }).order).toMatchObject({ lbpRate: null, totalLbp: null });
    const checkoutOff = await (await fetch(`${server.base}/checkout`, { headers: { Cookie: cartCookie } })).text();
    expect(checkoutOff).not.toContain("LBP ");
  });

  it("PUT takes a partial object and answers the whole settings, fees by governorate", async () => {
    const response = await putSettings({ fees: { Akkar: 6.5 }, freeDeliveryFrom: "100" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      settings: { fees: { Akkar: 6.5, Beirut: 4 }, freeDeliveryFrom: 100, lbpRate: null },
    });
    const reset = await putSettings({ fees: { akkar: "4.00" }, freeDeliveryFrom: null });
    expect(await reset.json()).toMatchObject({ settings: { fees: { Akkar: 4 }, freeDeliveryFrom: null } });
  });
});
