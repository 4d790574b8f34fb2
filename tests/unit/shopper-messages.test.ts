import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/platform/ops/env.server.ts";
import { whatsAppMessage } from "~/orders/order-desk.ts";
import { SHOPPER_MESSAGES } from "~/orders/order-status.ts";
import { renderShopperEmail, summaryLines } from "~/orders/shopper-email.server.tsx";
import type { OrderWithItems } from "~/orders/order.server.ts";

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "shop-env-"));

const order = {
  id: 1,
  publicId: "0123456789abcdef01234567",
  orderNumber: 1042,
  status: "processing",
  customerName: "ريم الخوري",
  email: "reem@example.com",
  phone: "+961 70 123 456",
  governorate: "Beqaa",
  city: "زحلة",
  street: "الشارع الرئيسي",
  building: "B2",
  address: "قرب الكنيسة",
  subtotalCents: 6_000,
  deliveryFeeCents: 400,
  totalCents: 6_400,
  createdAt: new Date("2026-11-26T10:00:00Z"),
  confirmedAt: null,
  items: [{ id: 1, title: "Kettle", size: null, quantity: 2, unitPriceCents: 3_000 }],
} as unknown as OrderWithItems;
const tracking = "https://shop.example.com/track/0123456789abcdef01234567";

describe("the shopper's messages", () => {
  it("WhatsApp: asks to confirm a placed order, tells a shipped one what to collect, thanks a delivered one", () => {
    const placed = whatsAppMessage(order, tracking);
    expect(placed).toContain("#1042");
    expect(placed).toContain("Can you confirm it, please?");
    expect(placed).toContain(tracking);
    const shipped = whatsAppMessage({ ...order, status: "shipped", confirmedAt: new Date() }, tracking);
    expect(shipped).toContain("#1042 is on its way");
    expect(shipped).toContain("$64.00 ready in cash");
    expect(shipped).toContain(tracking);
    expect(whatsAppMessage({ ...order, status: "delivered" }, tracking)).toContain("thank you for your order #1042");
    expect(whatsAppMessage({ ...order, status: "returned" }, tracking)).toContain("#1042, which was returned to us");
    // Without PUBLIC_URL there is no link to give.
    expect(whatsAppMessage({ ...order, status: "shipped" }, null)).not.toContain("http");
  });

  it("renders each of the ten emails (six steps, four of a return), HTML and text, from one template", async () => {
    const subjects = [];
    for (const message of SHOPPER_MESSAGES) {
      const email = await renderShopperEmail(message, order, {
        shopName: "OpenBox Lebanon",
        shopPhone: "+961 1 234 567",
        trackingUrl: tracking,
      });
      subjects.push(email.subject);
      for (const part of [email.html, email.text]) {
        expect(part).toContain("#1042");
        expect(part).toContain("$64.00");
        expect(part).toContain(tracking);
        expect(part).toContain("ريم الخوري");
        expect(part).toContain("+961 1 234 567");
      }
      expect(email.html).not.toMatch(/<img|<link|<script|class=/i);
      expect(email.html).toMatch(/style="/);
    }
    expect(subjects).toEqual([
      "Order #1042 received",
      "Order #1042 confirmed",
      "Order #1042 is on its way",
      "Order #1042 delivered",
      "Order #1042 canceled",
      "Order #1042 returned",
      "Return request for order #1042 received",
      "Return for order #1042 approved",
      "Return for order #1042 refused",
      "Refund for order #1042",
    ]);
  });

  it("builds the totals from a list of lines, with the discount code's line when the order has one", () => {
    expect(summaryLines(order)).toEqual([
      { label: "Subtotal", amountCents: 6_000 },
      { label: "Delivery", amountCents: 400 },
    ]);
    expect(summaryLines({ ...order, couponCode: "SUMMER10", discountCents: 600 })).toEqual([
      { label: "Subtotal", amountCents: 6_000 },
      { label: "Discount (SUMMER10)", amountCents: -600 },
      { label: "Delivery", amountCents: 400 },
    ]);
  });

  it("reads PUBLIC_URL, SHOP_EMAIL_FROM and SHOPPER_EMAILS", () => {
    const defaults = parseEnv({ DATA_DIR: dataDir() });
    expect(defaults.PUBLIC_URL).toBeUndefined();
    expect(defaults.SHOPPER_EMAILS).toBe(true);
    const set = parseEnv({
      DATA_DIR: dataDir(),
      PUBLIC_URL: "https://shop.example.com/",
      SHOP_EMAIL_FROM: "hello@shop.example.com",
      SHOPPER_EMAILS: "off",
    });
    expect(set).toMatchObject({
      PUBLIC_URL: "https://shop.example.com",
      SHOP_EMAIL_FROM: "hello@shop.example.com",
      SHOPPER_EMAILS: false,
    });
    expect(() => parseEnv({ DATA_DIR: dataDir(), PUBLIC_URL: "shop.example.com" })).toThrow(EnvError);
    expect(() => parseEnv({ DATA_DIR: dataDir(), PUBLIC_URL: "ftp://shop.example.com" })).toThrow(/PUBLIC_URL/);
    expect(() => parseEnv({ DATA_DIR: dataDir(), SHOP_EMAIL_FROM: "nobody" })).toThrow(/SHOP_EMAIL_FROM/);
  });
});
