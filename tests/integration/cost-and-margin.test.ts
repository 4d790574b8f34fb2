import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../db/schema/index.ts";
import { advanceOrderStatus } from "~/orders/order-admin.server.ts";
import { formatMoney } from "~/utils/money.ts";
import { SHOPPER_PAGE_FILES } from "~/i18n/shopper-pages.ts";
import { ADMIN_API_CALLS, ADMIN_PAGES, AREA_ROLES, PUBLIC_API_CALLS } from "~/staff/permissions.ts";
import { loginCookie } from "../support/admin-session.ts";
import { apiClient, jsonBody, png, SHIPPING } from "../support/api-client.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { useTestServer } from "../support/test-server.ts";
import { cartCookieWith } from "../support/cart-cookie.ts";

/**
 * What each item cost the owner (CONTRACT "Cost and margin") over HTTP against the real server: the
 * Overview's gross profit, the admin API's costPrice and its refusals, the CSV's Cost column, and
 * that the cost reaches no shopper, no public /api/ answer and nothing the Orders role sees.
 */
const server = useTestServer({ signedIn: true });
const api = apiClient(
  () => server.base,
  () => server.cookie,
);

type Period = { goodsRevenue: number; grossProfit: number; itemsWithoutCost: number };
type ApiOverview = { today: Period; last7Days: Period; last30Days: Period };

const post = (url: string, body: unknown) => api.call(url, { method: "POST", admin: true, ...jsonBody(body) });

async function overview() {
  const response = await api.call("/api/admin/overview", { admin: true });
  expect(response.status).toBe(200);
  return (await response.json()) as ApiOverview;
}

/** The Overview page's card for one period, as HTML. */
async function overviewCard(title: string) {
  const response = await api.call("/admin/overview", { admin: true });
  expect(response.status).toBe(200);
  const html = await response.text();
  const start = html.indexOf(`aria-labelledby="period-${title}"`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</section>", start));
}

function costedProduct(priceCents: number, costCents: number | null, { isHidden = false } = {}) {
  const product = createProduct(server.db, { title: uniqueWord("Cost"), priceCents, stock: 20, isHidden });
  server.db.update(products).set({ costCents }).where(eq(products.id, product.id)).run();
  return product;
}

async function order(productId: number, quantity = 1) {
  const response = await api.createOrder(String(productId), quantity);
  expect(response.status).toBe(201);
  return ((await response.json()) as { order: { _id: string } }).order._id;
}

describe("the Overview's gross profit", () => {
  it("two units at $50 that cost $30 are $40; one refused at the door takes it to $20; units without a cost are counted", async () => {
    // The server is this file's own and nothing was sold before: today's figures are these orders'.
    const product = costedProduct(5_000, 3_000);
    await order(product.id);
    const refused = await order(product.id);
    let figures = await overview();
    expect(figures.today).toMatchObject({ goodsRevenue: 100, grossProfit: 40, itemsWithoutCost: 0 });
    let card = await overviewCard("Today");
    expect(card).toContain("Gross profit");
    expect(card).toContain("$40.00");
    expect(card).toContain("40% margin");

    // 'Mark as Returned' on the shipped order (refused at the door): its goods and their cost leave.
    advanceOrderStatus(server.db, refused);
    const returned = await post(`/api/order/markReturned?id=${refused}`, { reason: "refused" });
    expect(returned.status).toBe(200);
    figures = await overview();
    expect(figures.today).toMatchObject({ goodsRevenue: 50, grossProfit: 20, itemsWithoutCost: 0 });
    expect(await overviewCard("Today")).toContain("$20.00");

    // A canceled order is out the same way.
    const canceled = await order(product.id);
    expect((await overview()).today.grossProfit).toBe(40);
    expect((await post(`/api/order/cancelOrder?id=${canceled}`, {})).status).toBe(200);
    expect((await overview()).today.grossProfit).toBe(20);

    // Sold without a cost: counted, and its goods are not reduced by a cost nobody gave.
    const uncosted = costedProduct(2_500, null);
    await order(uncosted.id, 2);
    figures = await overview();
    expect(figures.today).toMatchObject({ goodsRevenue: 100, grossProfit: 70, itemsWithoutCost: 2 });
    expect(figures.last30Days).toMatchObject({ grossProfit: 70, itemsWithoutCost: 2 });
    card = await overviewCard("Today");
    expect(card).toContain("2 items sold without a cost");
  });
});

describe("the Overview's gross profit after a return after delivery", () => {
  /** The Today card's gross profit as the page shows it. */
  async function grossProfitShown() {
    const card = await overviewCard("Today");
    const section = card.slice(card.indexOf('data-testid="gross-profit"'));
    return /Gross profit<\/dt>.*?font-bold">([^<]+)<\/span>/s.exec(section)?.[1];
  }
  const cents = (dollars: number) => Math.round(dollars * 100);

  it("two units at $50 that cost $30 add $40 on the page and in /api/admin/overview; one sent back and refunded leaves $20", async () => {
    const before = cents((await overview()).today.grossProfit);
    const product = costedProduct(5_000, 3_000);
    const orderId = await order(product.id, 2);
    let today = (await overview()).today;
    expect(cents(today.grossProfit) - before).toBe(4_000);
    expect(await grossProfitShown()).toBe(formatMoney(cents(today.grossProfit)));

    // Delivered, then one unit asked back by the shopper, approved, received, refunded $50 and restocked.
    advanceOrderStatus(server.db, orderId, "shipped");
    advanceOrderStatus(server.db, orderId, "delivered");
    const asked = await fetch(`${server.base}/api/order/requestReturn?id=${orderId}`, {
      method: "POST",
      ...jsonBody({
        phone: SHIPPING.phone,
        items: [{ product: String(product.id), quantity: 1 }],
        reason: "changed-mind",
      }),
    });
    expect(asked.status, await asked.clone().text()).toBe(201);
    expect((await post(`/api/order/approveReturn?id=${orderId}`, {})).status).toBe(200);
    const received = await post(`/api/order/receiveReturn?id=${orderId}`, { refund: 50, restock: true });
    expect(received.status, await received.clone().text()).toBe(200);

    today = (await overview()).today;
    expect(cents(today.grossProfit) - before).toBe(2_000);
    expect(await grossProfitShown()).toBe(formatMoney(cents(today.grossProfit)));
  });
});

describe("costPrice over the admin API", () => {
  const payload = (title: string, extra: Record<string, unknown>) => ({
    Title: title,
    price: 50,
    Description: `${title}, open box`,
    Category: "Tools",
    size: [],
    quantity: 2,
    isHidden: true,
    ...extra,
  });

  it("addProduct and edit set it, an edit without it keeps it, null clears it, getAllProducts shows it", async () => {
    const uploaded = await api.upload({ name: "cost.png", data: await png("#888888") });
    const { urls } = (await uploaded.json()) as { urls: string[] };
    const title = uniqueWord("ApiCost");
    const added = await post("/api/product/addProduct", payload(title, { costPrice: 30.5, image_link: urls }));
    expect(added.status).toBe(201);
    const { product } = (await added.json()) as { product: { _id: string; costPrice: number; image_link: string[] } };
    expect(product.costPrice).toBe(30.5);
    const id = product._id;
    const edit = (extra: Record<string, unknown>) =>
      api.call(`/api/product/edit?id=${id}`, {
        method: "PUT",
        admin: true,
        ...jsonBody(payload(title, { image_link: product.image_link, ...extra })),
      });
    let edited = await edit({ costPrice: 12.34 });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { product: { costPrice: number } }).product.costPrice).toBe(12.34);
    edited = await edit({});
    expect(((await edited.json()) as { product: { costPrice: number } }).product.costPrice).toBe(12.34);
    const all = await api.call("/api/product/getAllProducts?limit=100", { admin: true });
    const listed = ((await all.json()) as { products: { _id: string; costPrice?: number | null }[] }).products;
    expect(listed.find((item) => item._id === id)?.costPrice).toBe(12.34);
    edited = await edit({ costPrice: null });
    expect(((await edited.json()) as { product: { costPrice: number | null } }).product.costPrice).toBeNull();
    expect(
      server.db
        .select({ cost: products.costCents })
        .from(products)
        .where(eq(products.id, Number(id)))
        .get(),
    ).toEqual({ cost: null });
  });

  it("refuses a bad cost with 400 and a message naming it, and stores nothing", async () => {
    const cases: [unknown, string][] = [
      [12.345, "costPrice: must have at most 2 decimal places"],
      [-1, "costPrice: cannot be below 0"],
      ["twelve", "costPrice: Please enter a valid cost"],
      [1_000_001, "costPrice: must be at most 1000000"],
    ];
    for (const [costPrice, message] of cases) {
      const title = uniqueWord("BadCost");
      const response = await post("/api/product/addProduct", payload(title, { costPrice, image_link: [] }));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
      expect(server.db.select().from(products).where(eq(products.title, title)).all()).toEqual([]);
    }
  });
});

describe("the products CSV's Cost column", () => {
  const records = (text: string) => parse(text, { bom: true, columns: true }) as Record<string, string>[];
  const csv = (rows: Record<string, string>[]) => "\uFEFF" + stringify(rows, { header: true });
  const exported = async () => records(await (await api.call("/admin/products.csv", { admin: true })).text());
  const importText = (text: string, dryRun = false) => {
    const form = new FormData();
    form.append("file", new Blob([new TextEncoder().encode(text)], { type: "text/csv" }), "products.csv");
    return api.call(`/api/product/import${dryRun ? "?dryRun=1" : ""}`, { method: "POST", body: form, admin: true });
  };

  it("exports it, imports it back unchanged, imports a change, clears with an empty cell, refuses 12.345", async () => {
    // Hidden: the import keeps a hidden product without images, as this one is.
    const product = costedProduct(5_000, 3_050, { isHidden: true });
    const row = () => exported().then((rows) => rows.find((found) => found._id === String(product.id))!);
    const original = await row();
    expect(original.Cost).toBe("30.50");

    // The file as exported: nothing to change.
    const same = await importText(csv([original]), true);
    expect(((await same.json()) as { rows: { action: string }[] }).rows[0]!.action).toBe("unchanged");

    const changed = await importText(csv([{ ...original, Cost: "31.75" }]));
    expect(changed.status).toBe(200);
    expect((await row()).Cost).toBe("31.75");

    // A file without the column leaves the cost; an empty cell clears it.
    const { Cost: _cost, ...withoutCost } = original;
    expect((await importText(csv([{ ...withoutCost, Stock: "7" }]))).status).toBe(200);
    expect((await row()).Cost).toBe("31.75");
    expect((await importText(csv([{ ...original, Cost: "" }]))).status).toBe(200);
    expect((await row()).Cost).toBe("");

    const refused = await importText(csv([{ ...original, Cost: "12.345" }]));
    expect(refused.status).toBe(400);
    const { errors } = (await refused.json()) as { errors: { column: string; message: string }[] };
    expect(errors).toEqual([
      expect.objectContaining({ column: "Cost", message: "must have at most 2 decimal places" }),
    ]);
    expect((await row()).Cost).toBe("");
  });
});

/** A route file's address, with `id` for a `$id` segment; null for one this test cannot name. */
function addressOf(file: string, id: { product: number; order: string }) {
  const name = path.basename(file).replace(/\.tsx?$/, "");
  const segments = name.match(/\[[^\]]*\]|[^.[]+/g) ?? [];
  const parts = segments.flatMap((segment) => {
    if (segment.startsWith("[")) return [segment.slice(1, -1)];
    const plain = segment.replace(/_$/, "");
    if (plain === "_index") return [];
    if (plain === "$") return ["no-such-page"];
    if (plain === "$id") return [name.startsWith("track") ? id.order : String(id.product)];
    return [plain];
  });
  // Segments joined by "." inside brackets belong to the one before ("sitemap[.]xml" is "sitemap.xml").
  return "/" + parts.join("/").replace(/\/\.\//g, ".");
}

describe("the cost never leaves the owner's and the Catalogue role's screens", () => {
  // Distinctive: a price or total could never be this by chance.
  const COST = "12345.67";
  const leaks = (text: string) =>
    [COST, "12,345.67", "1234567", "costPrice", "cost_cents", "costCents", "unitCost"].filter((mark) =>
      text.includes(mark),
    );

  it("reaches no shopper page, feed or sitemap, no public /api/ answer, nothing the Orders role sees", async () => {
    const title = uniqueWord("Leak");
    const product = createProduct(server.db, { title, priceCents: 2_000_000, stock: 50 });
    server.db.update(products).set({ costCents: 1_234_567 }).where(eq(products.id, product.id)).run();
    const orderId = await order(product.id);
    // A delivered order the shopper sends an item back from: the request, its approval and its
    // receipt (with the refund's limit, what was paid) are scanned in every answer and page too.
    const returnId = await order(product.id);
    advanceOrderStatus(server.db, returnId, "shipped");
    advanceOrderStatus(server.db, returnId, "delivered");
    const scanned: string[] = [];
    const scan = async (label: string, response: Response) => {
      expect(response.status, label).toBeLessThan(500);
      const text = await response.text();
      expect(leaks(text), label).toEqual([]);
      scanned.push(label);
      return text;
    };

    // The cart and checkout with the product in the cart.
    const cartCookie = await cartCookieWith(server.base, product.id);
    expect(cartCookie).not.toBe("");

    // Every shopper page (English and Arabic) and every other public route file: a new one is scanned too.
    const routeFiles = fs.readdirSync(path.resolve("app/routes")).filter((file) => !/^(admin|api)[._]/.test(file));
    const pages = routeFiles.map((file) => addressOf(file, { product: product.id, order: orderId }));
    expect(pages).toEqual(expect.arrayContaining(["/", "/shop", "/cart", "/checkout", "/track", "/sitemap.xml"]));
    const shopper = SHOPPER_PAGE_FILES.map((file) => addressOf(file, { product: product.id, order: orderId }));
    for (const address of [...new Set([...pages, ...shopper.map((page) => `/ar${page === "/" ? "" : page}`)])]) {
      const url = address.startsWith("/search") ? `${address}?q=${title}` : address;
      await scan(url, await fetch(server.base + url, { headers: { Cookie: cartCookie } }));
    }
    const productPage = await fetch(`${server.base}/shop/product/${product.id}`);
    expect(await scan("product page (again)", productPage)).toContain(title);

    // Every public /api/ call, each with a request that finds the product.
    const publicCalls: Record<(typeof PUBLIC_API_CALLS)[number], () => Promise<Response>> = {
      "product/getProductsByCategories": () =>
        fetch(`${server.base}/api/product/getProductsByCategories?category=Tools`),
      "category/getCategories": () => fetch(`${server.base}/api/category/getCategories`),
      "product/search": () => fetch(`${server.base}/api/product/search?q=${title}`),
      "product/getVisible": () => fetch(`${server.base}/api/product/getVisible?limit=100`),
      "product/getProductById": () => fetch(`${server.base}/api/product/getProductById?id=${product.id}`),
      "order/createOrder": () => api.createOrder(String(product.id)),
      "order/requestReturn": async () => {
        const asked = await fetch(`${server.base}/api/order/requestReturn?id=${returnId}`, {
          method: "POST",
          ...jsonBody({ phone: SHIPPING.phone, items: [{ product: product.id, quantity: 1 }], reason: "defective" }),
        });
        expect(asked.status).toBe(201);
        return asked;
      },
      "settings/delivery": () => fetch(`${server.base}/api/settings/delivery`),
      "stock-alert": () =>
        fetch(`${server.base}/api/stock-alert`, {
          method: "POST",
          ...jsonBody({ productId: product.id, email: "waiting@example.com" }),
        }),
    };
    for (const [call, request] of Object.entries(publicCalls)) await scan(`/api/${call}`, await request());
    // The tracking page with the return asked for, in both languages.
    for (const page of [`/track/${returnId}`, `/ar/track/${returnId}`])
      await scan(`${page} (a return asked for)`, await fetch(server.base + page));

    // The Orders role: a member with their own password, every page and call of its areas.
    const username = uniqueWord("desk").toLowerCase().slice(0, 30);
    const staff = await post("/api/admin/staff", { username, role: "orders", password: "desk-first-password" });
    expect(staff.status).toBe(201);
    const first = await loginCookie(server.base, { username, password: "desk-first-password" });
    const changed = await fetch(`${server.base}/api/admin/account/password`, {
      method: "POST",
      headers: { Cookie: first, "Content-Type": "application/json" },
      body: JSON.stringify({ currentPassword: "desk-first-password", newPassword: "desk-own-password-1" }),
    });
    expect(changed.status).toBe(200);
    const desk = await loginCookie(server.base, { username, password: "desk-own-password-1" });
    const asDesk = (url: string, init: RequestInit = {}) =>
      fetch(server.base + url, { ...init, headers: { Cookie: desk, ...(init.headers as Record<string, string>) } });
    const ordersAreas = Object.entries(AREA_ROLES)
      .filter(([, roles]) => (roles as readonly string[]).includes("orders"))
      .map(([area]) => area);
    const deskPages = Object.entries(ADMIN_PAGES)
      .filter(([, area]) => ordersAreas.includes(area))
      .map(([page]) => page.replace("$id", orderId) + (page.endsWith("slips") ? `?id=${orderId}` : ""));
    expect(deskPages).toEqual(
      expect.arrayContaining(["/admin/orders", `/admin/orders/${orderId}`, "/admin/orders.csv"]),
    );
    for (const page of [...deskPages, `/admin/orders/${returnId}`])
      await scan(`Orders role ${page}`, await asDesk(page));
    const deskCalls = Object.entries(ADMIN_API_CALLS)
      .filter(([, area]) => ordersAreas.includes(area))
      .map(([call]) => call);
    const requests: Record<string, () => Promise<Response>> = {
      "order/getAllOrders": () => asDesk("/api/order/getAllOrders"),
      "order/getOrderById": () => asDesk(`/api/order/getOrderById?id=${orderId}`),
      "order/confirmOrder": () => asDesk(`/api/order/confirmOrder?id=${orderId}`, { method: "POST" }),
      "order/addNote": () =>
        asDesk(`/api/order/addNote?id=${orderId}`, { method: "POST", ...jsonBody({ note: "Called, all good" }) }),
      "order/updateOrder": () => asDesk(`/api/order/updateOrder?id=${orderId}&status=shipped`, { method: "POST" }),
      "order/markReturned": () =>
        asDesk(`/api/order/markReturned?id=${orderId}`, { method: "POST", ...jsonBody({ reason: "refused" }) }),
      "order/approveReturn": async () => {
        const approved = await asDesk(`/api/order/approveReturn?id=${returnId}`, { method: "POST" });
        expect(approved.status).toBe(200);
        // The order dialog as the desk sees it with the return approved: the refund's form and its limit.
        await scan(`Orders role /admin/orders/${returnId} (approved)`, await asDesk(`/admin/orders/${returnId}`));
        return approved;
      },
      "order/refuseReturn": () =>
        asDesk(`/api/order/refuseReturn?id=${orderId}`, { method: "POST", ...jsonBody({ note: "Used" }) }),
      "order/receiveReturn": async () => {
        const received = await asDesk(`/api/order/receiveReturn?id=${returnId}`, {
          method: "POST",
          ...jsonBody({ refund: 1, restock: true }),
        });
        expect(received.status).toBe(200);
        return received;
      },
      "order/cancelOrder": async () => {
        const other = await order(product.id);
        return asDesk(`/api/order/cancelOrder?id=${other}`, { method: "POST" });
      },
      "customer/blocked": () => asDesk("/api/customer/blocked"),
      "customer/block": () =>
        asDesk("/api/customer/block", { method: "POST", ...jsonBody({ phone: "+961 3 999 111" }) }),
      "customer/unblock": () =>
        asDesk("/api/customer/unblock", { method: "POST", ...jsonBody({ phone: "+961 3 999 111" }) }),
      "stock-alerts": () => asDesk("/api/stock-alerts"),
      "admin/account/password": () => asDesk("/api/admin/account/password", { method: "POST", ...jsonBody({}) }),
      // Public, but a signed-in member gets the staff's shape: still without the cost.
      "product/getProductById": () => asDesk(`/api/product/getProductById?id=${product.id}`),
    };
    for (const call of [...deskCalls, "product/getProductById"]) {
      const request = requests[call];
      expect(request, `a request for ${call}`).toBeDefined();
      await scan(`Orders role /api/${call}`, await request!());
    }
    // And the Orders role is refused the products area's calls that carry the cost.
    expect((await asDesk("/api/product/getAllProducts")).status).toBe(403);
    expect(scanned.length).toBeGreaterThan(30);
  });
});
