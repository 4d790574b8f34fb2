import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockAlerts } from "../../db/schema/index.ts";
import { type Db, openDatabase } from "~/platform/db/db.server.ts";
import { freePort, startProductionServer } from "../../scripts/server-process.ts";
import { loginCookie } from "../support/admin-session.ts";
import { apiClient, jsonBody } from "../support/api-client.ts";
import { uniqueWord } from "../support/db-factories.ts";
import { startSmtpReceiver } from "../support/smtp-receiver.ts";
import { TEST_ADMIN } from "../support/test-server.ts";
import { pollUntil } from "../support/timing.ts";

/**
 * 'Tell me when it's back' end to end: the real server with its notice worker, a real SMTP server,
 * and the stock changed through the shop's own calls (an order, its cancel, an edit).
 */
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let server: Awaited<ReturnType<typeof startProductionServer>>;
let db: Db;
let cookie = "";
let base = "";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-stock-alerts-"));

beforeAll(async () => {
  smtp = await startSmtpReceiver(await freePort());
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startProductionServer(
    dataDir,
    {
      DEMO_DATA: "off",
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ORDER_PHONE_LIMIT: "0",
      ORDER_RATE_LIMIT: "0",
      ORDER_NOTICE_RETRY_MS: "100",
      ORDER_NOTIFY_EMAIL: "owner@example.com",
      SMTP_URL: smtp.url,
      PUBLIC_URL: `${base}/`,
    },
    { port },
  );
  db = openDatabase(path.join(dataDir, "shop.db"));
  cookie = await loginCookie(base);
});

afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await smtp?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const { call, addProduct, createOrder } = apiClient(
  () => base,
  () => cookie,
);

const ask = (body: Record<string, unknown>) => call("/api/stock-alert", { method: "POST", ...jsonBody(body) });

/** A signed-in staff member of `role`, past the first password change. */
async function staffCookie(role: "orders" | "catalogue") {
  const username = uniqueWord(role).toLowerCase().slice(0, 30);
  const added = await call("/api/admin/staff", {
    method: "POST",
    admin: true,
    ...jsonBody({ username, role, password: "first-password-1" }),
  });
  expect(added.status).toBe(201);
  const first = await loginCookie(base, { username, password: "first-password-1" });
  const changed = await fetch(`${base}/api/admin/account/password`, {
    method: "POST",
    headers: { Cookie: first, "Content-Type": "application/json" },
    body: JSON.stringify({ currentPassword: "first-password-1", newPassword: "own-password-12" }),
  });
  expect(changed.status).toBe(200);
  return loginCookie(base, { username, password: "own-password-12" });
}

const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));

describe("back in stock", () => {
  it("emails each waiting shopper once, in their language, with the link, when stock goes from 0 to 2; 2 → 3 sends nothing", async () => {
    const title = uniqueWord("Kettle");
    const product = await addProduct(title, 2);
    // Sold out through an order for both units.
    const placed = await createOrder(product._id, 2);
    expect(placed.status).toBe(201);
    const { order } = (await placed.json()) as { order: { _id: string } };

    const english = `${uniqueWord("rana").toLowerCase()}@example.com`;
    const arabic = `${uniqueWord("sami").toLowerCase()}@example.com`;
    for (const body of [
      { productId: product._id, email: english },
      { productId: Number(product._id), email: arabic, language: "ar" },
      // The same shopper again (the email in another case): no second request, the same answer.
      { productId: product._id, email: english.toUpperCase() },
      { productId: product._id, phone: "03 123 456" },
    ]) {
      const response = await ask(body);
      expect(response.status, JSON.stringify(body)).toBe(201);
      expect(await response.json()).toEqual({ message: "We will let you know." });
    }
    const stored = db
      .select()
      .from(stockAlerts)
      .where(eq(stockAlerts.productId, Number(product._id)))
      .all();
    expect(stored).toHaveLength(3);
    expect(stored.find((alert) => alert.phone)?.phone).toBe("+9613123456");

    // The order canceled: its 2 units come back, 0 → 2.
    const canceled = await call(`/api/order/cancelOrder?id=${order._id}`, { method: "POST", admin: true });
    expect(canceled.status).toBe(200);

    await pollUntil(
      "both back-in-stock emails",
      () => (mailsTo(english).length >= 1 && mailsTo(arabic).length >= 1 ? true : undefined),
      15_000,
    );
    const [toEnglish] = mailsTo(english);
    expect(toEnglish!.subject).toBe(`Back in stock: ${title}`);
    expect(toEnglish!.text).toContain(`${base}/shop/product/${product._id}`);
    expect(toEnglish!.html).toContain(`href="${base}/shop/product/${product._id}"`);
    const [toArabic] = mailsTo(arabic);
    expect(toArabic!.subject).toContain("عاد إلى المخزون");
    expect(toArabic!.subject).toContain(title);
    expect(toArabic!.html).toMatch(/<html[^>]*lang="ar"[^>]*dir="rtl"|<html[^>]*dir="rtl"[^>]*lang="ar"/);
    expect(toArabic!.text).toContain(`${base}/ar/shop/product/${product._id}`);

    // 2 → 3 through an edit: no one waits any more, so nothing is sent.
    const edited = await call(`/api/product/edit?id=${product._id}`, {
      method: "PUT",
      admin: true,
      ...jsonBody({
        Title: title,
        price: 12.34,
        Description: `${title}, open box`,
        Category: "Tools",
        size: [],
        image_link: product.image_link,
        quantity: 3,
      }),
    });
    expect(edited.status).toBe(200);
    // A later back-in-stock email would go out within the worker's retry wait: give it that long, then count.
    const backInStock = () => smtp.mails.filter((mail) => mail.subject.includes(title)).length;
    const sentBefore = backInStock();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mailsTo(english)).toHaveLength(1);
    expect(mailsTo(arabic)).toHaveLength(1);
    expect(backInStock()).toBe(sentBefore);

    const listed = await call("/api/stock-alerts", { admin: true });
    expect(listed.status).toBe(200);
    const { alerts } = (await listed.json()) as { alerts: Record<string, unknown>[] };
    const mine = alerts.filter((alert) => alert.productId === product._id);
    expect(mine).toHaveLength(3);
    expect(Object.keys(mine[0]!).sort()).toEqual(
      ["_id", "productId", "title", "size", "email", "phone", "language", "createdAt", "notifiedAt", "doneAt"].sort(),
    );
    expect(mine.find((alert) => alert.email === english)).toMatchObject({ language: "en", size: null, doneAt: null });
    expect(mine.find((alert) => alert.email === arabic)?.notifiedAt).toEqual(expect.any(String));
    // The phone request waits for the dashboard.
    expect(mine.find((alert) => alert.phone === "+9613123456")).toMatchObject({ notifiedAt: null, doneAt: null });
  });

  it("answers a bad field with 400 naming it, an unknown product with 404, and more than 10 an hour from one address with 429", async () => {
    const product = await addProduct(uniqueWord("Fan"), 0);
    const refused = async (body: Record<string, unknown>) => {
      const response = await ask(body);
      return { status: response.status, error: ((await response.json()) as { error: string }).error };
    };
    expect(await refused({ productId: product._id })).toEqual({
      status: 400,
      error: "email: give an email or a phone",
    });
    expect(await refused({ productId: product._id, email: "not-an-email" })).toEqual({
      status: 400,
      error: "email: Invalid email format",
    });
    expect((await refused({ productId: product._id, phone: "12" })).error).toMatch(/^phone: /);
    expect((await refused({ productId: "abc", email: "a@example.com" })).error).toMatch(/^productId: /);
    expect((await refused({ productId: product._id, email: "a@example.com", size: "XL" })).error).toMatch(/^size: /);
    expect((await refused({ productId: product._id, email: "a@example.com", language: "fr" })).error).toMatch(
      /^language: /,
    );
    expect(await refused({ productId: 99_999_999, email: "a@example.com" })).toEqual({
      status: 404,
      error: "Product not found",
    });
    // The admin call: a session, then a role (Owner and Orders, not Catalogue).
    expect((await call("/api/stock-alerts")).status).toBe(401);
    for (const [role, status] of [
      ["catalogue", 403],
      ["orders", 200],
    ] as const) {
      const member = await staffCookie(role);
      expect((await call("/api/stock-alerts", { headers: { Cookie: member } })).status, role).toBe(status);
    }
    // Well-formed requests count (this file's earlier ones too): within 10 more, the address is refused, and stays so.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await ask({ productId: product._id, email: `limit${i}@example.com` })).status);
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(statuses.slice(0, firstRefused).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(firstRefused).every((status) => status === 429)).toBe(true);
    const limited = await ask({ productId: product._id, email: "late@example.com" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});
