import { describe, expect, it } from "vitest";
import { checkoutSchemaFor } from "~/checkout/checkout-form-schema.ts";
import { i18nFor } from "~/i18n/i18n.server.ts";
import { SHOP_PHONE, SHOP_PHONE_HREF } from "~/settings/shop-details.ts";
import { westernDigits } from "~/utils/digits.ts";
import { formatPhone, normalisePhone, samePhone } from "~/utils/phone-number.ts";
import { hasReachableLength, internationalDigits, telHref, whatsAppHref } from "~/utils/phone.ts";

const checkoutSchema = checkoutSchemaFor(i18nFor("en"));

describe("internationalDigits", () => {
  it("gives a Lebanese number typed without its country code 961, dropping the trunk 0", () => {
    for (const phone of [
      "70 555 111",
      "070-555-111",
      "+961 70 555 111",
      "00961 70555111",
      "(961) 70 555 111",
      "961-70-555-111",
    ]) {
      expect(internationalDigits(phone), phone).toBe("96170555111");
    }
    expect(internationalDigits("03 123 456")).toBe("9613123456");
    expect(internationalDigits("3123456")).toBe("9613123456");
  });

  it("keeps a number that carries another country code", () => {
    expect(internationalDigits("+33 6 12 34 56 78")).toBe("33612345678");
    expect(internationalDigits("0033 6 12 34 56 78")).toBe("33612345678");
    expect(internationalDigits("4915112345678")).toBe("4915112345678");
  });
});

describe("links for the order desk", () => {
  it("builds tel: and wa.me links from the digits, the message encoded", () => {
    expect(telHref("03 123 456")).toBe("tel:+9613123456");
    expect(whatsAppHref("71 234 567", "Order #1001?")).toBe("https://wa.me/96171234567?text=Order%20%231001%3F");
  });
});

describe("reachable phone numbers in the checkout schema", () => {
  const base = {
    name: "Lea",
    email: "lea@example.com",
    district: "Beirut",
    city: "Beirut",
    street: "Hamra",
    building: "5",
    address: "2nd floor",
  };
  const phoneErrors = (phone: string) => {
    const result = checkoutSchema.safeParse({ ...base, phone });
    return result.success
      ? []
      : result.error.issues.filter((issue) => issue.path[0] === "phone").map((issue) => issue.message);
  };

  it("needs a number libphonenumber-js knows besides the spec's pattern, with the spec's message", () => {
    expect(hasReachableLength("12")).toBe(false);
    expect(phoneErrors("12")).toEqual(["Invalid phone number format"]);
    expect(phoneErrors("+961 (3) 12")).toEqual(["Invalid phone number format"]);
    expect(phoneErrors("1234567890123456")).toEqual(["Invalid phone number format"]);
    expect(phoneErrors("70-abc")).toEqual(["Invalid phone number format"]);
    expect(phoneErrors("312 3456")).toEqual([]);
    expect(phoneErrors("+961 (3) 123-456")).toEqual([]);
    // Fifteen digits without a country code are no Lebanese number (decision 042).
    expect(phoneErrors("123456789012345")).toEqual(["Invalid phone number format"]);
    expect(phoneErrors("03 12 456")).toEqual(["Invalid phone number format"]);
    expect(phoneErrors("+33 6 12 34 56 78")).toEqual([]);
  });

  it("stores one normal form, E.164, whatever digits and spacing were typed", () => {
    const stored = (phone: string) => checkoutSchema.parse({ ...base, phone }).phone;
    for (const phone of ["+961 3 123 456", "03123456", "٠٣١٢٣٤٥٦", "۰۳ ۱۲۳ ۴۵۶", "00961 3 123 456"])
      expect(stored(phone), phone).toBe("+9613123456");
    expect(normalisePhone("03 12 456")).toBeNull();
    // Orders stored before keep their typed form; the comparison still finds them.
    expect(samePhone("03 123 456", "+9613123456")).toBe(true);
    expect(samePhone("+961 71-123456", stored("٠٧١١٢٣٤٥٦"))).toBe(true);
    expect(westernDigits("#١٠٠١")).toBe("#1001");
    expect(formatPhone("+9613123456")).toBe("03 123 456");
    expect(formatPhone("+33612345678")).toBe("+33 6 12 34 56 78");
  });

  it("writes the default shop phone's tel: link as the phone rule makes it (pages get links made on the server)", () => {
    expect(telHref(SHOP_PHONE)).toBe(SHOP_PHONE_HREF);
  });
});
