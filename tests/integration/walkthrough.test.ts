import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "../../db/schema/index.ts";
import { listBackups } from "~/platform/ops/backup.server.ts";
import { createProduct } from "../support/db-factories.ts";
import { jsonBody, SHIPPING } from "../support/api-client.ts";
import { useTestServer } from "../support/test-server.ts";

// What a second walk-through found, over HTTP against the real server.
const server = useTestServer({ signedIn: true });

async function order(phone: string) {
  const product = createProduct(server.db, { title: `Walkthrough kettle ${phone}`, stock: 5 });
  return fetch(`${server.base}/api/order/createOrder`, {
    method: "POST",
    ...jsonBody({
      items: [{ product: String(product.id), quantity: 1, size: null }],
      shippingAddress: { ...SHIPPING, phone },
    }),
  });
}

const page = (path: string) => fetch(`${server.base}${path}`, { headers: { Cookie: server.cookie } });

describe("phone numbers (item 2)", () => {
  it("refuses '03 12 456' with the spec's message and stores '+961 3 123 456', '03123456' and '٠٣١٢٣٤٥٦' alike", async () => {
    const short = await order("03 12 456");
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: "shippingAddress.phone: Invalid phone number format" });

    const stored: string[] = [];
    for (const phone of ["+961 3 123 456", "03123456", "٠٣١٢٣٤٥٦"]) {
      const response = await order(phone);
      expect(response.status, phone).toBe(201);
      const { _id } = ((await response.json()) as { order: { _id: string } }).order;
      stored.push(server.db.select({ phone: orders.phone }).from(orders).where(eq(orders.publicId, _id)).get()!.phone);
    }
    expect(stored).toEqual(["+9613123456", "+9613123456", "+9613123456"]);
  });

  it("/track finds an order stored in an older form, with the number and phone in Arabic-Indic digits", async () => {
    const response = await order("03123456");
    const { _id, orderId } = ((await response.json()) as { order: { _id: string; orderId: number } }).order;
    // As orders were stored before the normal form.
    server.db.update(orders).set({ phone: "03 123 456" }).where(eq(orders.publicId, _id)).run();
    const arabic = String(orderId).replace(/\d/g, (digit) => String.fromCodePoint(0x660 + Number(digit)));
    const found = await fetch(`${server.base}/track?index`, {
      method: "POST",
      body: new URLSearchParams({ number: arabic, phone: "+961 3 123 456" }),
      redirect: "manual",
    });
    expect(found.status).toBe(302);
    expect(found.headers.get("location")).toBe(`/track/${_id}`);
  });
});

describe("the owner's lists (item 9)", () => {
  it("the Orders list shows each order's date and governorate, newest first or oldest first", async () => {
    const first = (await (await order("03 111 222")).json()) as { order: { orderId: number } };
    const second = (await (await order("03 111 333")).json()) as { order: { orderId: number } };
    const newest = await (await page("/admin/orders")).text();
    expect(newest).toContain(">Date<");
    expect(newest).toContain(SHIPPING.district);
    expect(newest).toContain("Date: newest first");
    const at = (html: string, number: number) => html.indexOf(`>#<!-- -->${number}<`);
    expect(at(newest, second.order.orderId)).toBeGreaterThan(-1);
    expect(at(newest, second.order.orderId)).toBeLessThan(at(newest, first.order.orderId));
    const oldest = await (await page("/admin/orders?sort=oldest")).text();
    expect(oldest).toContain("Date: oldest first");
    expect(at(oldest, first.order.orderId)).toBeLessThan(at(oldest, second.order.orderId));
  });

  it("the Products page opens on the list, newest first, with 'Add product' as a button before it", async () => {
    const older = createProduct(server.db, { title: "Walkthrough older toaster" });
    const newer = createProduct(server.db, { title: "Walkthrough newer toaster" });
    const html = await (await page("/admin/products")).text();
    const button = html.indexOf(">Add product<");
    expect(button).toBeGreaterThan(-1);
    expect(button).toBeLessThan(html.indexOf(newer.title));
    expect(html.indexOf(newer.title)).toBeLessThan(html.indexOf(older.title));
    expect(html.indexOf(older.title)).toBeLessThan(html.indexOf("Add New Product"));
  });
});

describe("the activity log in the owner's words (item 10)", () => {
  it("shows a fee change as '$4.00 → $3.00'", async () => {
    const form = new URLSearchParams({ intent: "delivery", freeDeliveryFrom: "" });
    for (const field of ["beirut", "mountLebanon", "beqaa", "southLebanon", "nabatieh", "northLebanon", "akkar"])
      form.set(`fees.${field}`, "4.00");
    // Typed with Arabic-Indic digits, as a phone keyboard may.
    form.set("fees.akkar", "٣.٠٠");
    const saved = await fetch(`${server.base}/admin/settings`, {
      method: "POST",
      headers: { Cookie: server.cookie },
      body: form,
      redirect: "manual",
    });
    expect(saved.status).toBe(302);
    const html = await (await page("/admin/activity?kind=settings.changed")).text();
    expect(html).toContain("fees akkar");
    expect(html).toMatch(/\$4\.00<\/span> →\s*(<!-- -->)?\s*<span dir="auto">\$3\.00/);
    expect(html).not.toContain("400 → 300");
  });
});

describe("'Back up now' (item 11)", () => {
  it("makes an archive while the shop runs, offers it for download, and it restores", async () => {
    const product = createProduct(server.db, { title: "Backed-up blender", stock: 3 });
    const refused = await fetch(`${server.base}/admin/backups`, { method: "POST", redirect: "manual" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toMatch(/^\/admin/);

    const overview = await (await page("/admin/overview")).text();
    expect(overview).toContain("Back up now");
    const made = await fetch(`${server.base}/admin/backups`, {
      method: "POST",
      headers: { Cookie: server.cookie },
      redirect: "manual",
    });
    expect(made.status).toBe(302);
    expect(made.headers.get("location")).toBe("/admin/overview");
    const [backup] = listBackups(path.join(server.dataDir, "backups"));
    expect(backup).toBeDefined();

    const download = await page("/admin/backups/latest");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain(backup!.name);
    const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-walkthrough-")), backup!.name);
    fs.writeFileSync(archive, Buffer.from(await download.arrayBuffer()));

    // The existing restore check: `npm run restore` into an empty DATA_DIR, a sound database with the product.
    const restoreDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-restored-"));
    const restored = spawnSync("node", ["--import", "tsx", "scripts/restore.ts", archive], {
      env: { ...process.env, DATA_DIR: restoreDir },
      encoding: "utf8",
    });
    expect(restored.stdout + restored.stderr).toContain("Restored the backup");
    expect(restored.status).toBe(0);
    const db = new Database(path.join(restoreDir, "shop.db"), { readonly: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(db.prepare("select title from products where id = ?").get(product.id)).toEqual({
        title: "Backed-up blender",
      });
    } finally {
      db.close();
      fs.rmSync(restoreDir, { recursive: true, force: true });
      fs.rmSync(path.dirname(archive), { recursive: true, force: true });
    }
    const log = await (await page("/admin/activity?kind=backup.created")).text();
    expect(log).toContain(backup!.name);
  });
});
