import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { isNull } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { orderNotices } from "../../db/schema/index.ts";
import { type Db, openDatabase } from "~/platform/db/db.server.ts";
import { freePort, startProductionServer } from "../../scripts/server-process.ts";
import { loginCookie } from "../support/admin-session.ts";
import { jsonBody, SHIPPING } from "../support/api-client.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { startSmtpReceiver } from "../support/smtp-receiver.ts";
import { TEST_ADMIN } from "../support/test-server.ts";
import { type PollCheck, pollUntil } from "../support/timing.ts";

const SECRET = "a-webhook-secret-for-tests";
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const waitFor = <T>(what: string, check: PollCheck<T>) => pollUntil(what, check, 10_000);

/** A webhook receiver on 127.0.0.1 that records each POST (headers and exact body); it can stop and start on its port. */
function webhookReceiver(port: number) {
  const received: { signature: string | undefined; contentType: string | undefined; body: string }[] = [];
  let server: http.Server | undefined;
  return {
    received,
    url: `http://127.0.0.1:${port}/hooks/orders`,
    async start() {
      server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => {
          received.push({
            signature: req.headers["x-shop-signature"] as string | undefined,
            contentType: req.headers["content-type"],
            body: Buffer.concat(chunks).toString("utf8"),
          });
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    },
    async stop() {
      if (!server) return;
      server.closeAllConnections();
      await new Promise((resolve) => server!.close(resolve));
      server = undefined;
    },
  };
}

/** The shop on a DATA_DIR that outlives it, so a test can stop it and start it again on the same data. */
function shopOn(dataDir: string, env: Record<string, string>) {
  let running: Awaited<ReturnType<typeof startProductionServer>> | undefined;
  const shop = {
    base: "",
    async start() {
      running = await startProductionServer(dataDir, {
        DEMO_DATA: "off",
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        ORDER_NOTICE_RETRY_MS: "100",
        ...env,
      });
      shop.base = running.base;
    },
    async stop() {
      await running?.stop();
      running = undefined;
    },
  };
  cleanups.push(() => shop.stop());
  return shop;
}

function freshDataDir() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-notices-"));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

function openShopDb(dataDir: string): Db {
  const db = openDatabase(path.join(dataDir, "shop.db"));
  cleanups.push(() => db.$client.close());
  return db;
}

async function order(base: string, productId: number, shipping = SHIPPING) {
  const started = Date.now();
  const response = await fetch(`${base}/api/order/createOrder`, {
    method: "POST",
    ...jsonBody({ items: [{ product: String(productId), quantity: 2, size: null }], shippingAddress: shipping }),
  });
  const elapsed = Date.now() - started;
  expect(response.status).toBe(201);
  const { order } = (await response.json()) as { order: { _id: string; orderId: number } };
  return { ...order, elapsed };
}

describe("new-order notices", () => {
  it("email the owner through SMTP and POST the order to the webhook, signed", async () => {
    const smtp = await startSmtpReceiver(await freePort());
    cleanups.push(() => smtp.stop());
    const receiver = webhookReceiver(await freePort());
    await receiver.start();
    cleanups.push(() => receiver.stop());

    const dataDir = freshDataDir();
    const shop = shopOn(dataDir, {
      SMTP_URL: smtp.url,
      ORDER_NOTIFY_EMAIL: "owner@example.com",
      ORDER_WEBHOOK_URL: receiver.url,
      ORDER_WEBHOOK_SECRET: SECRET,
    });
    await shop.start();
    const db = openShopDb(dataDir);
    const product = createProduct(db, { title: `Blender ${uniqueWord()}`, priceCents: 3_000, stock: 10 });

    const placed = await order(shop.base, product.id);

    const hook = await waitFor("the webhook", () => receiver.received[0]);
    expect(hook.contentType).toBe("application/json");
    const expected = `sha256=${crypto.createHmac("sha256", SECRET).update(hook.body).digest("hex")}`;
    expect(hook.signature).toBe(expected);
    expect(hook.signature).not.toBe(
      `sha256=${crypto.createHmac("sha256", "another-secret-entirely").update(hook.body).digest("hex")}`,
    );
    const cookie = await loginCookie(shop.base);
    const listed = (await (
      await fetch(`${shop.base}/api/order/getAllOrders`, { headers: { Cookie: cookie } })
    ).json()) as { orders: { _id: string }[] };
    expect(JSON.parse(hook.body)).toEqual(listed.orders.find((o) => o._id === placed._id));

    const mail = await waitFor("the email", () => smtp.mails[0]);
    expect(mail.to).toEqual(["owner@example.com"]);
    expect(mail.from).toBe("owner@example.com");
    const text = mail.raw.replace(/=\r\n/g, "");
    expect(text).toMatch(new RegExp(`Subject: New order #${placed.orderId}`));
    for (const part of [
      `New order #${placed.orderId}`,
      `Customer: ${SHIPPING.name}`,
      // Stored in its one normal form, E.164 (decision 042): '+961 3 123 456' as typed.
      "Phone: +9613123456",
      product.title,
      "Total to collect: $64.00",
    ])
      expect(text).toContain(part);

    await waitFor(
      "both notices marked sent",
      () => db.select().from(orderNotices).where(isNull(orderNotices.sentAt)).all().length === 0,
    );
    expect(
      db
        .select()
        .from(orderNotices)
        .all()
        .map((notice) => notice.channel)
        .sort(),
    ).toEqual(["email", "webhook"]);
  }, 30_000);

  it("never hold an order back: a down receiver gets the notice once it is back, across a restart too", async () => {
    const receiver = webhookReceiver(await freePort());
    cleanups.push(() => receiver.stop());
    const dataDir = freshDataDir();
    const shop = shopOn(dataDir, { ORDER_WEBHOOK_URL: receiver.url, ORDER_WEBHOOK_SECRET: SECRET });
    await shop.start();
    const db = openShopDb(dataDir);
    const product = createProduct(db, { title: `Heater ${uniqueWord()}`, stock: 10 });
    const unsent = () => db.select().from(orderNotices).where(isNull(orderNotices.sentAt)).all();

    // The receiver is down: the order is placed as fast as ever, and its notice keeps failing.
    const first = await order(shop.base, product.id);
    expect(first.elapsed).toBeLessThan(2_000);
    const failing = await waitFor("three failed attempts", () => unsent().find((notice) => notice.attempts >= 3));
    expect(failing.lastError).toMatch(/ECONNREFUSED/);
    expect(failing.nextAttemptAt.getTime()).toBeGreaterThan(failing.lastAttemptAt!.getTime());
    const cookie = await loginCookie(shop.base);
    const ordersPage = await (await fetch(`${shop.base}/admin/orders`, { headers: { Cookie: cookie } })).text();
    expect(ordersPage.includes("1 order notice could not be sent"), "the Orders tab's alert").toBe(true);
    expect(/Last error: fetch failed: connect ECONNREFUSED/.test(ordersPage), "the alert's last error").toBe(true);

    // It comes back: the retry delivers the notice.
    await receiver.start();
    await waitFor("the first notice", () => receiver.received.some((hook) => JSON.parse(hook.body)._id === first._id));
    await waitFor("no unsent notice", () => unsent().length === 0);
    const afterwards = await (await fetch(`${shop.base}/admin/orders`, { headers: { Cookie: cookie } })).text();
    expect(afterwards.includes("could not be sent"), "the alert is gone").toBe(false);

    // Down again, and the shop restarts before the receiver is back: the queued notice survives.
    await receiver.stop();
    const second = await order(shop.base, product.id);
    await waitFor("a failed attempt", () => unsent().find((notice) => notice.attempts >= 1));
    await shop.stop();
    await receiver.start();
    await shop.start();
    await waitFor("the second notice after the restart", () =>
      receiver.received.some((hook) => JSON.parse(hook.body)._id === second._id),
    );
    await waitFor("no unsent notice", () => unsent().length === 0);
    expect(receiver.received.filter((hook) => JSON.parse(hook.body)._id === second._id)).toHaveLength(1);
  }, 60_000);
});
