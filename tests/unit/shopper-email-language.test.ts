import { describe, expect, it } from "vitest";
import { whatsAppMessage } from "~/orders/order-desk.ts";
import { SHOPPER_MESSAGES } from "~/orders/order-status.ts";
import { renderShopperEmail } from "~/orders/shopper-email.server.tsx";
import type { OrderWithItems } from "~/orders/order.server.ts";

const order = {
  id: 1,
  publicId: "0123456789abcdef01234567",
  orderNumber: 1042,
  status: "processing",
  customerName: "Reem Khoury",
  email: "reem@example.com",
  phone: "+961 70 123 456",
  governorate: "Beqaa",
  city: "Zahle",
  street: "Main street",
  building: "B2",
  address: "near the church",
  subtotalCents: 6_000,
  couponCode: "SAVE5",
  discountCents: 500,
  deliveryFeeCents: 400,
  totalCents: 5_900,
  createdAt: new Date("2026-11-26T10:00:00Z"),
  confirmedAt: null,
  items: [
    { id: 1, title: "Kettle", titleAr: "غلاية", size: null, quantity: 2, unitPriceCents: 3_000 },
    { id: 2, title: "Linen Shirt", titleAr: null, size: "M", quantity: 1, unitPriceCents: 0 },
  ],
} as unknown as OrderWithItems;
const shop = { shopName: "OpenBox Lebanon", shopPhone: "+961 1 234 567", trackingUrl: "https://shop.example.com/track/x" };

describe("an English order's messages stay exactly as they were", () => {
  it.each(SHOPPER_MESSAGES)("the %s email, byte for byte", async (message) => {
    const email = await renderShopperEmail(message, order, shop);
    await expect(email.subject).toMatchFileSnapshot(`__golden__/en-${message}.subject.txt`);
    await expect(email.html).toMatchFileSnapshot(`__golden__/en-${message}.html`);
    await expect(email.text).toMatchFileSnapshot(`__golden__/en-${message}.txt`);
  });

  it("the order desk's WhatsApp texts, word for word", async () => {
    const texts = (["processing", "shipped", "delivered", "canceled", "returned"] as const).flatMap((status) =>
      [null, new Date()].map((confirmedAt) => whatsAppMessage({ ...order, status, confirmedAt }, shop.trackingUrl)),
    );
    await expect(texts.join("\n")).toMatchFileSnapshot("__golden__/en-whatsapp.txt");
  });
});
