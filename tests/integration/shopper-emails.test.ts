import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { orderNotices } from "../../db/schema/index.ts";
import { type Db, openDatabase } from "~/platform/db/db.server.ts";
import { freePort, startProductionServer } from "../../scripts/server-process.ts";
import { loginCookie } from "../support/admin-session.ts";
import { jsonBody, SHIPPING } from "../support/api-client.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { smtpReceiver } from "../support/smtp-receiver.ts";
import { TEST_ADMIN } from "../support/test-server.ts";
import { type PollCheck, pollUntil } from "../support/timing.ts";

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const waitFor = <T>(what: string, check: PollCheck<T>) => pollUntil(what, check, 15_000);

/** The shop on a DATA_DIR that outlives it, on a fixed port, so PUBLIC_URL can be its own address. */
async function shopOn(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-shopper-emails-"));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let running: Awaited<ReturnType<typeof startProductionServer>> | undefined;
  const shop = {
    base,
    dataDir,
    async start() {
      running = await startProductionServer(
        dataDir,
        {
          DEMO_DATA: "off",
          ADMIN_USERNAME: TEST_ADMIN.username,
          ADMIN_PASSWORD: TEST_ADMIN.password,
          ORDER_NOTICE_RETRY_MS: "100",
          ORDER_NOTIFY_EMAIL: "owner@example.com",
          PUBLIC_URL: `${base}/`,
          ...env,
        },
        { port },
      );
    },
    async stop() {
      await running?.stop();
      running = undefined;
    },
  };
  cleanups.push(() => shop.stop());
  return shop;
}

function openShopDb(dataDir: string): Db {
  const db = openDatabase(path.join(dataDir, "shop.db"));
  cleanups.push(() => db.$client.close());
  return db;
}

async function placeOrder(base: string, productId: number, shipping: typeof SHIPPING, language?: "en" | "ar") {
  const started = Date.now();
  const response = await fetch(`${base}/api/order/createOrder`, {
    method: "POST",
    ...jsonBody({
      items: [{ product: String(productId), quantity: 2, size: null }],
      shippingAddress: shipping,
      ...(language ? { language } : {}),
    }),
  });
  const elapsed = Date.now() - started;
  expect(response.status).toBe(201);
  const { order } = (await response.json()) as { order: { _id: string; orderId: number } };
  return { ...order, elapsed };
}

async function adminCall(base: string, cookie: string, call: string) {
  const response = await fetch(`${base}/api/order/${call}`, { method: "POST", headers: { Cookie: cookie } });
  expect(response.status, call).toBe(200);
}

const ARABIC = {
  ...SHIPPING,
  name: "ريم الخوري",
  email: "reem@example.com",
  address: "قرب كنيسة مار الياس",
  city: "زحلة",
  street: "الشارع الرئيسي",
};

describe("the shopper hears from the shop", () => {
  it("emails each step, in order, with the number, the total and a tracking link that opens the order; WhatsApp fits", async () => {
    const smtp = smtpReceiver(await freePort());
    await smtp.start();
    cleanups.push(() => smtp.stop());
    const shop = await shopOn({ SMTP_URL: smtp.url, SHOP_EMAIL_FROM: "shop@example.com" });
    await shop.start();
    const db = openShopDb(shop.dataDir);
    const product = createProduct(db, { title: `Kettle ${uniqueWord()}`, priceCents: 3_000, stock: 10 });
    const cookie = await loginCookie(shop.base);
    const toShopper = () => smtp.mails.filter((mail) => mail.to.includes(ARABIC.email));

    // One step after the other, without waiting for the mail: the worker keeps them in order.
    const order = await placeOrder(shop.base, product.id, ARABIC);
    await adminCall(shop.base, cookie, `confirmOrder?id=${order._id}`);
    await adminCall(shop.base, cookie, `updateOrder?id=${order._id}&status=shipped`);

    // The order desk's WhatsApp link for the shipped order: the order, the cash to collect, the link.
    const dialog = await (
      await fetch(`${shop.base}/admin/orders/${order._id}`, { headers: { Cookie: cookie } })
    ).text();
    const href = /href="(https:\/\/wa\.me\/[^"]+)"/.exec(dialog)?.[1]?.replace(/&amp;/g, "&");
    expect(href, "the WhatsApp link").toBeTruthy();
    const waUrl = new URL(href!);
    expect(waUrl.pathname).toBe("/9613123456");
    const waText = waUrl.searchParams.get("text") ?? "";
    expect(waText).toContain(`#${order.orderId}`);
    expect(waText).toContain("on its way");
    expect(waText).toContain("$64.00 ready in cash");
    expect(waText).toContain(`${shop.base}/track/${order._id}`);
    expect(waText).toContain(ARABIC.name);

    await adminCall(shop.base, cookie, `updateOrder?id=${order._id}&status=delivered`);
    await waitFor("the fourth email", () => toShopper().length >= 4);
    await waitFor(
      "every shopper email marked sent",
      () =>
        db
          .select()
          .from(orderNotices)
          .where(and(eq(orderNotices.channel, "shopper-email"), isNull(orderNotices.sentAt)))
          .all().length === 0,
    );

    const mails = toShopper();
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Order #${order.orderId} received`,
      `Order #${order.orderId} confirmed`,
      `Order #${order.orderId} is on its way`,
      `Order #${order.orderId} delivered`,
    ]);
    const trackingLink = `${shop.base}/track/${order._id}`;
    for (const mail of mails) {
      expect(mail.to).toEqual([ARABIC.email]);
      expect(mail.from).toBe("shop@example.com");
      expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(`#${order.orderId}`);
        expect(part).toContain("$64.00");
        expect(part).toContain(trackingLink);
        // UTF-8 end to end: the Arabic name and address arrive as typed.
        expect(part).toContain(ARABIC.name);
        expect(part).toContain(ARABIC.address);
        expect(part).toContain(ARABIC.street);
      }
      expect(mail.html).toContain(`href="${trackingLink}"`);
      // No remote images, no tracking pixels.
      expect(mail.html).not.toMatch(/<img/i);
    }
    // The owner's notice is its own email, to the owner.
    expect(smtp.mails.filter((mail) => mail.to.includes("owner@example.com"))).toHaveLength(1);

    // The link opens the order.
    const tracked = await fetch(trackingLink);
    expect(tracked.status).toBe(200);
    expect(await tracked.text()).toContain(`Order #${order.orderId}`);

    // The order's history records each email with its subject, oldest first.
    const { order: withHistory } = (await (
      await fetch(`${shop.base}/api/order/getOrderById?id=${order._id}`, { headers: { Cookie: cookie } })
    ).json()) as { order: { history: { event: string; subject?: string }[] } };
    expect(withHistory.history.filter((entry) => entry.event === "emailed").map((entry) => entry.subject)).toEqual(
      mails.map((mail) => mail.subject),
    );
    // A canceled order: received, then canceled, with nothing to pay.
    const canceled = await placeOrder(shop.base, product.id, { ...SHIPPING, email: "cancel@example.com" });
    await adminCall(shop.base, cookie, `cancelOrder?id=${canceled._id}`);
    await waitFor(
      "the canceled order's emails",
      () => smtp.mails.filter((m) => m.to.includes("cancel@example.com")).length === 2,
    );
    const canceledMails = smtp.mails.filter((mail) => mail.to.includes("cancel@example.com"));
    expect(canceledMails.map((mail) => mail.subject)).toEqual([
      `Order #${canceled.orderId} received`,
      `Order #${canceled.orderId} canceled`,
    ]);
    expect(canceledMails[1]!.text).toContain("You have nothing to pay");

    const timeline = await (
      await fetch(`${shop.base}/admin/orders/${order._id}`, { headers: { Cookie: cookie } })
    ).text();
    expect(timeline).toContain(`Order #${order.orderId} is on its way`);
  }, 60_000);

  it("writes to an Arabic order's shopper in Arabic: subjects, right to left, the /ar link, the Arabic title", async () => {
    const smtp = smtpReceiver(await freePort());
    await smtp.start();
    cleanups.push(() => smtp.stop());
    const shop = await shopOn({ SMTP_URL: smtp.url, SHOP_EMAIL_FROM: "shop@example.com" });
    await shop.start();
    const db = openShopDb(shop.dataDir);
    const title = `Kettle ${uniqueWord()}`;
    const product = createProduct(db, { title, titleAr: "غلاية كهربائية", priceCents: 3_000, stock: 10 });
    const cookie = await loginCookie(shop.base);
    const shopper = { ...ARABIC, email: "arabic@example.com" };
    const toShopper = () => smtp.mails.filter((mail) => mail.to.includes(shopper.email));

    const order = await placeOrder(shop.base, product.id, shopper, "ar");
    await adminCall(shop.base, cookie, `confirmOrder?id=${order._id}`);
    await adminCall(shop.base, cookie, `updateOrder?id=${order._id}&status=shipped`);
    const dialog = await (
      await fetch(`${shop.base}/admin/orders/${order._id}`, { headers: { Cookie: cookie } })
    ).text();
    const href = /href="(https:\/\/wa\.me\/[^"]+)"/.exec(dialog)?.[1]?.replace(/&amp;/g, "&");
    const waText = new URL(href!).searchParams.get("text") ?? "";
    expect(waText).toContain(`#${order.orderId}`);
    expect(waText).toContain("في الطريق إليك");
    expect(waText).toContain("\u2066$64.00\u2069");
    expect(waText).toContain(`${shop.base}/ar/track/${order._id}`);
    expect(waText).not.toContain("on its way");

    await adminCall(shop.base, cookie, `updateOrder?id=${order._id}&status=delivered`);
    await waitFor("the fourth Arabic email", () => toShopper().length >= 4);
    const mails = toShopper();
    expect(mails.map((mail) => mail.subject)).toEqual([
      `استلمنا طلبك #${order.orderId}`,
      `تم تأكيد طلبك #${order.orderId}`,
      `طلبك #${order.orderId} في الطريق إليك`,
      `تم تسليم طلبك #${order.orderId}`,
    ]);
    const trackingLink = `${shop.base}/ar/track/${order._id}`;
    for (const mail of mails) {
      expect(mail.html).toMatch(/<html[^>]* lang="ar"/);
      expect(mail.html).toMatch(/<html[^>]* dir="rtl"/);
      expect(mail.html).toContain(`href="${trackingLink}"`);
      expect(mail.text).toContain(trackingLink);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain("غلاية كهربائية");
        expect(part).not.toContain(title);
        expect(part).toContain("\u2066$64.00\u2069");
        expect(part).not.toMatch(/Thank you|Your order|Subtotal|Delivery to|See your order/);
      }
    }
    // The link opens the Arabic tracking page.
    const tracked = await fetch(trackingLink);
    expect(tracked.status).toBe(200);
    expect(await tracked.text()).toContain('lang="ar"');
    // The history keeps each Arabic subject as it was sent.
    await waitFor(
      "every Arabic email marked sent",
      () =>
        db
          .select()
          .from(orderNotices)
          .where(and(eq(orderNotices.channel, "shopper-email"), isNull(orderNotices.sentAt)))
          .all().length === 0,
    );
    const { order: withHistory } = (await (
      await fetch(`${shop.base}/api/order/getOrderById?id=${order._id}`, { headers: { Cookie: cookie } })
    ).json()) as { order: { language: string; history: { event: string; subject?: string }[] } };
    expect(withHistory.language).toBe("ar");
    expect(withHistory.history.filter((entry) => entry.event === "emailed").map((entry) => entry.subject)).toEqual(
      mails.map((mail) => mail.subject),
    );
  });

  it("never holds an order back: with the mail server down the email arrives once it is back, after a restart too", async () => {
    const smtp = smtpReceiver(await freePort());
    cleanups.push(() => smtp.stop());
    const shop = await shopOn({ SMTP_URL: smtp.url });
    await shop.start();
    const db = openShopDb(shop.dataDir);
    const product = createProduct(db, { title: `Toaster ${uniqueWord()}`, stock: 10 });
    const shopperNotices = () => db.select().from(orderNotices).where(eq(orderNotices.channel, "shopper-email")).all();
    const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

    // Down: the order is placed at once, and its email keeps failing where the owner can see it.
    const first = await placeOrder(shop.base, product.id, { ...SHIPPING, email: "first@example.com" });
    expect(first.elapsed).toBeLessThan(2_000);
    await waitFor("three failed attempts", () =>
      shopperNotices().find((notice) => notice.attempts >= 3 && !notice.sentAt),
    );
    const cookie = await loginCookie(shop.base);
    // A second step while the first email is still failing: it waits behind it.
    await adminCall(shop.base, cookie, `confirmOrder?id=${first._id}`);
    const ordersPage = await (await fetch(`${shop.base}/admin/orders`, { headers: { Cookie: cookie } })).text();
    expect(ordersPage).toMatch(/order notices could not be sent[\s\S]{0,40}\(1 email to customers\)/);

    // Back: the retries deliver them, once each, in the order of the steps.
    await smtp.start();
    await waitFor("the first order's emails", () => mailsTo("first@example.com").length === 2);
    expect(mailsTo("first@example.com").map((mail) => mail.subject)).toEqual([
      `Order #${first.orderId} received`,
      `Order #${first.orderId} confirmed`,
    ]);

    // Down again, and the shop restarts before the mail server is back: the queued email survives.
    await smtp.stop();
    const second = await placeOrder(shop.base, product.id, { ...SHIPPING, email: "second@example.com" });
    expect(second.elapsed).toBeLessThan(2_000);
    await waitFor("a failed attempt", () => shopperNotices().find((notice) => notice.attempts >= 1 && !notice.sentAt));
    await shop.stop();
    await smtp.start();
    await shop.start();
    await waitFor("the second order's email after the restart", () => mailsTo("second@example.com").length === 1);
    expect(mailsTo("second@example.com")[0]!.subject).toBe(`Order #${second.orderId} received`);
    await waitFor("nothing left unsent", () => shopperNotices().every((notice) => notice.sentAt));
    expect(mailsTo("first@example.com")).toHaveLength(2);
  }, 60_000);

  it("SHOPPER_EMAILS=off: the owner hears of the order, the shopper gets no email", async () => {
    const smtp = smtpReceiver(await freePort());
    await smtp.start();
    cleanups.push(() => smtp.stop());
    const shop = await shopOn({ SMTP_URL: smtp.url, SHOPPER_EMAILS: "off" });
    await shop.start();
    const db = openShopDb(shop.dataDir);
    const product = createProduct(db, { title: `Fan ${uniqueWord()}`, stock: 10 });
    await placeOrder(shop.base, product.id, SHIPPING);
    await waitFor("the owner's email", () => smtp.mails.some((mail) => mail.to.includes("owner@example.com")));
    expect(smtp.mails.filter((mail) => mail.to.includes(SHIPPING.email))).toHaveLength(0);
    expect(db.select().from(orderNotices).where(eq(orderNotices.channel, "shopper-email")).all()).toHaveLength(0);
  }, 30_000);
});
