import { DEFAULT_SHOP_DETAILS, type ShopDetails } from "./shop-details.ts";
import { z } from "zod";
import { PHONE_PATTERN } from "~/utils/phone.ts";
import { type Cents, formatMoney } from "~/utils/money.ts";
import { MAX_LBP_RATE } from "~/utils/lira.ts";
import { withWesternDigits } from "~/utils/digits-schema.ts";
import { GOVERNORATES, type Governorate } from "./delivery.ts";

/** A governorate's form field (`fees.mountLebanon`): names without spaces make valid element ids. */
export const GOVERNORATE_FIELD = {
  Beirut: "beirut",
  "Mount Lebanon": "mountLebanon",
  Beqaa: "beqaa",
  "South Lebanon": "southLebanon",
  Nabatieh: "nabatieh",
  "North Lebanon": "northLebanon",
  Akkar: "akkar",
} as const satisfies Record<Governorate, string>;

export const MAX_DELIVERY_FEE_CENTS: Cents = 100_000;
export const MAX_FREE_DELIVERY_FROM_CENTS: Cents = 10_000_000;

/**
 * Dollars as typed ("4", "4.5", "4.50") to integer cents, never rounded: a third decimal, a minus
 * sign or anything but digits is refused with a message that starts with the field's name.
 */
function dollars(label: string, { min, max }: { min: Cents; max: Cents }) {
  // Arabic-Indic digits ('٤.٥٠') read as Western.
  return withWesternDigits(
    z
      .string({ error: `${label}: enter an amount in dollars, like 4.00` })
      .trim()
      .transform((text, ctx): Cents => {
        const refuse = (message: string) => {
          ctx.addIssue({ code: "custom", message: `${label}: ${message}` });
          return z.NEVER;
        };
        if (/^-/.test(text)) return refuse(`the amount must be ${formatMoney(min).slice(1)} or more`);
        if (!/^\d+(\.\d+)?$/.test(text)) return refuse("enter an amount in dollars, like 4.00");
        const [whole = "0", fraction = ""] = text.split(".");
        if (fraction.length > 2) return refuse("use at most two decimals, like 4.25");
        if (whole.length > 9) return refuse(`the amount must be ${formatMoney(max)} or less`);
        const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
        if (cents < min) return refuse(`the amount must be ${formatMoney(min).slice(1)} or more`);
        if (cents > max) return refuse(`the amount must be ${formatMoney(max)} or less`);
        return cents;
      }),
  );
}

const feeFields = Object.fromEntries(
  GOVERNORATES.map((governorate) => [
    GOVERNORATE_FIELD[governorate],
    dollars(governorate, { min: 0, max: MAX_DELIVERY_FEE_CENTS }),
  ]),
) as Record<(typeof GOVERNORATE_FIELD)[Governorate], ReturnType<typeof dollars>>;

/** The Delivery section of `/admin/settings`: Conform in the browser, the action on the server. */
export const deliverySettingsSchema = z.object({
  fees: z.object(feeFields),
  /** Empty turns free delivery off. */
  freeDeliveryFrom: dollars("Free delivery from", { min: 1, max: MAX_FREE_DELIVERY_FROM_CENTS }).optional(),
});

const digitCount = (text: string) => text.replace(/\D/g, "").length;

function phone(label: string) {
  return withWesternDigits(
    z
      .string()
      .trim()
      .max(30, { error: `${label}: at most 30 characters` })
      .refine((text) => PHONE_PATTERN.test(text), { error: `${label}: Invalid phone number format` })
      .refine((text) => digitCount(text) >= 7 && digitCount(text) <= 15, {
        error: `${label}: a phone number has 7 to 15 digits`,
      }),
  );
}

function link(label: string) {
  return z
    .string()
    .trim()
    .max(300, { error: `${label}: at most 300 characters` })
    .refine((text) => /^https:\/\/[^\s/]+\.[^\s]+$/i.test(text) && URL.canParse(text), {
      error: `${label}: enter a full link starting with https://`,
    })
    .optional();
}

export const MAX_POLICY_LENGTH = 1000;

/** The Shop details section: what the footer, product pages and the tracking page show. */
export const shopDetailsSchema = z.object({
  contactPhone: z.string({ error: "Contact phone: enter the shop's phone number" }).pipe(phone("Contact phone")),
  whatsappNumber: phone("WhatsApp number").optional(),
  facebook: link("Facebook"),
  whatsappGroup: link("WhatsApp group"),
  instagram: link("Instagram"),
  tiktok: link("TikTok"),
  returnsPolicy: z
    .string()
    .trim()
    .max(MAX_POLICY_LENGTH, { error: `Returns and warranty: at most ${MAX_POLICY_LENGTH} characters` })
    .optional(),
});

export { DEFAULT_SHOP_DETAILS, type ShopDetails };

/**
 * The Pricing section: whether a product without a price new shows an invented old price of
 * 1.2 × its price. Off by default: a made-up reference price is not shown
 * unless the owner chooses it (decision 026). A checkbox: absent means off.
 */
export const pricingSettingsSchema = z.object({
  inventOldPrice: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
});

/**
 * The Lira section: the day's rate, LBP for one dollar, a whole number ("89500" or "89,500");
 * empty turns the lira off. Shopper pages then show totals in lira beside the dollars.
 */
export const liraSettingsSchema = z.object({
  lbpRate: z
    .string()
    .trim()
    .transform((text, ctx): number => {
      const refuse = (message: string) => {
        ctx.addIssue({ code: "custom", message: `Lira rate: ${message}` });
        return z.NEVER;
      };
      if (!/^(\d+|\d{1,3}(,\d{3})+)$/.test(text)) return refuse("enter a whole number of lira, like 89500");
      const rate = Number(text.replace(/,/g, ""));
      if (rate < 1) return refuse("the rate must be 1 or more");
      if (rate > MAX_LBP_RATE) return refuse(`the rate must be ${MAX_LBP_RATE.toLocaleString("en-US")} or less`);
      return rate;
    })
    .optional(),
});

/** 'Return window (days)': how long after delivery a shopper may ask to return items; 0: no returns. */
export const MAX_RETURN_DAYS = 30;
export const DEFAULT_RETURN_DAYS = 7;

/** The Returns section: the window in whole days, 0 to 30. */
export const returnSettingsSchema = z.object({
  returnDays: withWesternDigits(
    z
      .string({ error: "Return window: enter a number of days from 0 to 30" })
      .trim()
      .refine((text) => /^\d{1,2}$/.test(text) && Number(text) <= MAX_RETURN_DAYS, {
        error: `Return window: enter a whole number of days from 0 to ${MAX_RETURN_DAYS}`,
      })
      .transform(Number),
  ),
});
