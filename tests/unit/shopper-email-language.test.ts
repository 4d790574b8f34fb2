import { describe, expect, it } from "vitest";
import { whatsAppMessage } from "~/orders/order-desk.ts";
import { SHOPPER_MESSAGES } from "~/orders/order-status.ts";
import { renderShopperEmail } from "~/orders/shopper-email.server.tsx";
import { shopperLanguage } from "~/i18n/shopper-language.server.ts";
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
  // What the four emails of a return after delivery name: the units sent back, the refusal's note, the refund.
  returnRequest: {
    items: [
      { quantity: 1, title: "Kettle", titleAr: "غلاية", size: null },
      { quantity: 1, title: "Linen Shirt", titleAr: null, size: "M" },
    ],
    refusalNote: "The seal was broken after delivery.",
    refundCents: 3_000,
  },
} as unknown as OrderWithItems;
/** The staff write a refusal's note in the shopper's language: an Arabic order's note is Arabic. */
const orderWithArabicNote = {
  ...order,
  returnRequest: { ...order.returnRequest!, refusalNote: "الختم مكسور بعد التسليم." },
} as OrderWithItems;
const shop = {
  shopName: "OpenBox Lebanon",
  shopPhone: "+961 1 234 567",
  trackingUrl: "https://shop.example.com/track/x",
};

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

/** Latin words an Arabic message may carry: the shop's name, an item without an Arabic title, the code, a link, the address. */
const LATIN_VALUES = [
  shop.shopName,
  "Linen Shirt",
  "SAVE5",
  shop.trackingUrl,
  "(M)",
  // What the shopper typed (and the governorate as the order keeps it).
  order.customerName,
  "Zahle, Main street, B2, near the church",
  order.street,
  order.building,
  order.address,
  order.city,
  order.governorate,
];
const englishLeft = (text: string) =>
  LATIN_VALUES.reduce((rest, value) => rest.split(value).join(" "), text).match(/[A-Za-z]{2,}/g) ?? [];

describe("an Arabic order's messages are Arabic", () => {
  const arabic = shopperLanguage("ar");

  it.each(SHOPPER_MESSAGES)(
    "the %s email: right to left, Arabic words, the number and amounts left to right",
    async (message) => {
      const email = await renderShopperEmail(message, orderWithArabicNote, shop, arabic);
      expect(email.subject).toMatch(/[\u0600-\u06FF]/);
      expect(email.subject).toContain("#1042");
      expect(englishLeft(email.subject)).toEqual([]);
      expect(email.html).toMatch(/<html[^>]* lang="ar"/);
      expect(email.html).toMatch(/<html[^>]* dir="rtl"/);
      expect(email.html).toContain(`href="${shop.trackingUrl}"`);
      // The item's Arabic title where it has one, its English title where it has none.
      expect(email.text).toContain("غلاية");
      expect(email.text).not.toContain("Kettle");
      expect(email.text).toContain("Linen Shirt");
      expect(email.html).toContain("\u2066$59.00\u2069");
      expect(email.html).toContain("\u2066−$5.00\u2069");
      expect(email.text).not.toMatch(/[\u0660-\u0669]/);
      // Every visible word of the HTML (tags and attributes left out) and of the text part is Arabic.
      const visible = email.html.replace(/<head>[\s\S]*?<\/head>/, "").replace(/<[^>]+>/g, " ");
      expect(englishLeft(visible), message).toEqual([]);
      expect(englishLeft(email.text.replace(/\[[^\]]*\]/g, " ")), message).toEqual([]);
      await expect(email.html).toMatchFileSnapshot(`__golden__/ar-${message}.html`);
    },
  );

  it("the order desk's WhatsApp texts", () => {
    for (const status of ["processing", "shipped", "delivered", "canceled", "returned"] as const)
      for (const confirmedAt of [null, new Date()]) {
        const text = whatsAppMessage({ ...order, status, confirmedAt }, shop.trackingUrl, arabic);
        expect(text).toContain("#1042");
        expect(text).toMatch(/[\u0600-\u06FF]/);
        expect(englishLeft(text), text).toEqual([]);
      }
    expect(whatsAppMessage({ ...order, status: "shipped" }, null, arabic)).toContain("\u2066$59.00\u2069");
  });
});
