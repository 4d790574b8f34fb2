import { describe, expect, it } from "vitest";
import { phoneKey, samePhone } from "~/utils/phone-number.ts";
import { whatsAppHref } from "~/utils/phone.ts";
import { orderTotals, quoteOrderTotals } from "~/cart/order-totals.server.ts";
import type { Governorate } from "~/settings/delivery.ts";
import { DEFAULT_DELIVERY, readDeliverySettings, saveDeliverySettings } from "~/settings/settings.server.ts";
import { createTestDb } from "../support/test-db.ts";

const deliveryFeeCents = (
  settings: Parameters<typeof orderTotals>[0],
  governorate: Governorate,
  subtotalCents: number,
) => orderTotals(settings, governorate, subtotalCents, null).deliveryFeeCents;
const quoteDelivery = (settings: Parameters<typeof orderTotals>[0], subtotalCents: number) =>
  quoteOrderTotals(settings, subtotalCents, null).delivery;

describe("the delivery fee rule", () => {
  const settings = {
    ...DEFAULT_DELIVERY,
    feesCents: { ...DEFAULT_DELIVERY.feesCents, Akkar: 600 },
    freeDeliveryFromCents: 10_000,
  };

  it("charges the governorate's fee below the threshold and nothing from it on", () => {
    expect(deliveryFeeCents(settings, "Akkar", 2_000)).toBe(600);
    expect(deliveryFeeCents(settings, "Beirut", 2_000)).toBe(400);
    expect(deliveryFeeCents(settings, "Akkar", 9_999)).toBe(600);
    expect(deliveryFeeCents(settings, "Akkar", 10_000)).toBe(0);
    expect(deliveryFeeCents(DEFAULT_DELIVERY, "Akkar", 1_000_000)).toBe(400);
  });

  it("quotes the lowest and highest fee for a cart", () => {
    expect(quoteDelivery(settings, 2_000)).toMatchObject({
      lowestCents: 400,
      highestCents: 600,
      freeDeliveryFromCents: 10_000,
    });
    expect(quoteDelivery(settings, 12_000)).toMatchObject({ lowestCents: 0, highestCents: 0 });
  });

  it("takes the discount off first: the threshold compares the subtotal after it, and the total never drops below the fee", () => {
    expect(orderTotals(settings, "Akkar", 10_500, { percent: 10, amountCents: null })).toEqual({
      subtotalCents: 10_500,
      discountCents: 1_050,
      deliveryFeeCents: 600,
      totalCents: 10_050,
    });
    expect(orderTotals(settings, "Akkar", 2_000, { percent: null, amountCents: 5_000 })).toEqual({
      subtotalCents: 2_000,
      discountCents: 2_000,
      deliveryFeeCents: 600,
      totalCents: 600,
    });
    expect(quoteOrderTotals(settings, 10_500, { percent: 10, amountCents: null })).toMatchObject({
      discountCents: 1_050,
      delivery: { lowestCents: 400, highestCents: 600 },
    });
  });

  it("reads the defaults from an empty database and what was saved after", () => {
    const db = createTestDb({ categories: false });
    expect(readDeliverySettings(db)).toEqual(DEFAULT_DELIVERY);
    const fees = {
      beirut: 0,
      mountLebanon: 350,
      beqaa: 400,
      southLebanon: 400,
      nabatieh: 400,
      northLebanon: 500,
      akkar: 600,
    };
    saveDeliverySettings(db, { fees, freeDeliveryFrom: undefined });
    expect(readDeliverySettings(db)).toMatchObject({
      feesCents: { Beirut: 0, "Mount Lebanon": 350, Akkar: 600 },
      freeDeliveryFromCents: null,
    });
  });
});

describe("phone numbers", () => {
  it("compare by their E.164 key, with or without Lebanon's code and the trunk 0", () => {
    for (const written of [
      "+961 70 123 456",
      "0096170123456",
      "961 70 123 456",
      "70-123456",
      "070 123 456",
      "(70) 123 456",
    ]) {
      expect(phoneKey(written), written).toBe("+96170123456");
    }
    expect(samePhone("03 123 456", "+961 3 123 456")).toBe(true);
    // A 7-digit national number that starts with 961 is not a country code.
    expect(phoneKey("9612345")).toBe("+9619612345");
    expect(samePhone("+961 70 123 456", "70123457")).toBe(false);
    expect(samePhone("+961 71 123 456", "70 123 456")).toBe(false);
    expect(samePhone("", "")).toBe(false);
  });

  it("link to WhatsApp in the international form", () => {
    expect(whatsAppHref("+961 70 123 456")).toBe("https://wa.me/96170123456");
    expect(whatsAppHref("03 123 456")).toBe("https://wa.me/9613123456");
    expect(whatsAppHref("70123456")).toBe("https://wa.me/96170123456");
    expect(whatsAppHref("0033 6 12 34 56 78")).toBe("https://wa.me/33612345678");
  });
});
