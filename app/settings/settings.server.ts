import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { settings } from "../../db/schema/index.ts";
import { type Db, writeTransaction } from "~/platform/db/db.server.ts";
import { type Cents, DELIVERY_FEE_CENTS } from "~/utils/money.ts";
import { GOVERNORATES, type Governorate } from "~/settings/delivery.ts";
import {
  DEFAULT_RETURN_DAYS,
  DEFAULT_SHOP_DETAILS,
  GOVERNORATE_FIELD,
  MAX_RETURN_DAYS,
  type deliverySettingsSchema,
  type liraSettingsSchema,
  type pricingSettingsSchema,
  type returnSettingsSchema,
  type ShopDetails,
  type shopDetailsSchema,
} from "~/settings/settings-schema.ts";
import { type Actor, recordActivity, rowChanges, SYSTEM_ACTOR } from "~/platform/activity/activity-log.server.ts";

/** A database or a transaction: the order reads the fees inside its own transaction. */
type Reader = Pick<Db, "select">;

export type DeliverySettings = {
  feesCents: Record<Governorate, Cents>;
  /** Orders whose subtotal reaches this pay no delivery; null: free delivery is off. */
  freeDeliveryFromCents: Cents | null;
};

/** One fixed fee everywhere and no free delivery: the shop as it was before settings. */
export const DEFAULT_DELIVERY: DeliverySettings = {
  feesCents: Object.fromEntries(GOVERNORATES.map((governorate) => [governorate, DELIVERY_FEE_CENTS])) as Record<
    Governorate,
    Cents
  >,
  freeDeliveryFromCents: null,
};

const cents = z.number().int().min(0);
/** What is stored is checked again on every read: a row that does not fit gives way to the defaults. */
const storedDelivery = z.object({
  feesCents: z
    .object(Object.fromEntries(GOVERNORATES.map((governorate) => [governorate, cents.catch(DELIVERY_FEE_CENTS)])))
    .catch({}),
  freeDeliveryFromCents: cents.positive().nullable().catch(null),
});
const link = z.string().catch("");
const storedShopDetails = z.object({
  contactPhone: z.string().min(1).catch(DEFAULT_SHOP_DETAILS.contactPhone),
  whatsappNumber: z.string().catch(DEFAULT_SHOP_DETAILS.whatsappNumber),
  socialLinks: z
    .object({ facebook: link, whatsappGroup: link, instagram: link, tiktok: link })
    .catch(DEFAULT_SHOP_DETAILS.socialLinks),
  returnsPolicy: z.string().catch(DEFAULT_SHOP_DETAILS.returnsPolicy),
});

function readSetting(db: Reader, key: string): unknown {
  return db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).get()?.value;
}

/** Stores one group of settings and records who changed which of its values, in one transaction. */
function writeSetting(
  db: Db,
  key: string,
  value: Record<string, unknown>,
  before: Record<string, unknown>,
  actor: Actor,
  subject: string,
) {
  writeTransaction(db, (tx) => {
    tx.insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`(unixepoch('subsec') * 1000)` } })
      .run();
    const changes = rowChanges(flatten(before), flatten(value));
    if (changes.length) recordActivity(tx, actor, { kind: "settings.changed", subject, changes });
  });
}

/** `{ feesCents: { Akkar: 600 } }` as `{ "feesCents.Akkar": 600 }`, so each changed value is its own line in the log. */
function flatten(value: Record<string, unknown>, prefix = ""): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, inner]) =>
      inner && typeof inner === "object" && !Array.isArray(inner)
        ? Object.entries(flatten(inner as Record<string, unknown>, `${prefix}${key}.`))
        : [[`${prefix}${key}`, inner]],
    ),
  );
}

export function readDeliverySettings(db: Reader): DeliverySettings {
  const stored = readSetting(db, "delivery");
  if (stored === undefined) return DEFAULT_DELIVERY;
  const parsed = storedDelivery.safeParse(stored);
  if (!parsed.success) return DEFAULT_DELIVERY;
  return {
    feesCents: { ...DEFAULT_DELIVERY.feesCents, ...(parsed.data.feesCents as Partial<Record<Governorate, Cents>>) },
    freeDeliveryFromCents: parsed.data.freeDeliveryFromCents,
  };
}

/** Takes effect for the next order: `placeOrder` reads the fees inside its transaction. */
export function saveDeliverySettings(
  db: Db,
  input: z.output<typeof deliverySettingsSchema>,
  actor: Actor = SYSTEM_ACTOR,
) {
  const value: DeliverySettings = {
    feesCents: Object.fromEntries(
      GOVERNORATES.map((governorate) => [governorate, input.fees[GOVERNORATE_FIELD[governorate]]]),
    ) as Record<Governorate, Cents>,
    freeDeliveryFromCents: input.freeDeliveryFrom ?? null,
  };
  writeSetting(db, "delivery", value, readDeliverySettings(db), actor, "Delivery fees");
  return value;
}

export type PricingSettings = { inventOldPrice: boolean };
const storedPricing = z.object({ inventOldPrice: z.boolean().catch(false) });

export function readPricingSettings(db: Reader): PricingSettings {
  const parsed = storedPricing.safeParse(readSetting(db, "pricing") ?? { inventOldPrice: false });
  return parsed.success ? parsed.data : { inventOldPrice: false };
}

export function savePricingSettings(
  db: Db,
  input: z.output<typeof pricingSettingsSchema>,
  actor: Actor = SYSTEM_ACTOR,
) {
  const value: PricingSettings = { inventOldPrice: input.inventOldPrice };
  writeSetting(db, "pricing", value, readPricingSettings(db), actor, "Pricing");
  return value;
}

export function readShopDetails(db: Reader): ShopDetails {
  const parsed = storedShopDetails.safeParse(readSetting(db, "shopDetails") ?? DEFAULT_SHOP_DETAILS);
  return parsed.success ? parsed.data : DEFAULT_SHOP_DETAILS;
}

export function saveShopDetails(db: Db, input: z.output<typeof shopDetailsSchema>, actor: Actor = SYSTEM_ACTOR) {
  const value: ShopDetails = {
    contactPhone: input.contactPhone,
    whatsappNumber: input.whatsappNumber ?? "",
    socialLinks: {
      facebook: input.facebook ?? "",
      whatsappGroup: input.whatsappGroup ?? "",
      instagram: input.instagram ?? "",
      tiktok: input.tiktok ?? "",
    },
    returnsPolicy: input.returnsPolicy ?? "",
  };
  writeSetting(db, "shopDetails", value, readShopDetails(db), actor, "Shop details");
  return value;
}

export type LiraSettings = {
  /** LBP for one dollar; null: the lira is off. */
  lbpRate: number | null;
};
const storedLira = z.object({ lbpRate: z.number().int().positive().nullable().catch(null) });

/** The rate shopper pages show totals at, and the one `placeOrder` keeps on the order (read inside its transaction). */
export function readLiraSettings(db: Reader): LiraSettings {
  const parsed = storedLira.safeParse(readSetting(db, "lira") ?? { lbpRate: null });
  return parsed.success ? parsed.data : { lbpRate: null };
}

export function saveLiraSettings(db: Db, input: z.output<typeof liraSettingsSchema>, actor: Actor = SYSTEM_ACTOR) {
  const value: LiraSettings = { lbpRate: input.lbpRate ?? null };
  writeSetting(db, "lira", value, readLiraSettings(db), actor, "Lira rate");
  return value;
}

export type ReturnSettings = {
  /** Days after delivery a shopper may ask to return items; 0: the shop takes no returns. */
  returnDays: number;
};
const storedReturns = z.object({
  returnDays: z.number().int().min(0).max(MAX_RETURN_DAYS).catch(DEFAULT_RETURN_DAYS),
});

/** Read by `requestReturn` inside its transaction, and by the tracking page to offer the form. */
export function readReturnSettings(db: Reader): ReturnSettings {
  const parsed = storedReturns.safeParse(readSetting(db, "returns") ?? { returnDays: DEFAULT_RETURN_DAYS });
  return parsed.success ? parsed.data : { returnDays: DEFAULT_RETURN_DAYS };
}

export function saveReturnSettings(db: Db, input: z.output<typeof returnSettingsSchema>, actor: Actor = SYSTEM_ACTOR) {
  const value: ReturnSettings = { returnDays: input.returnDays };
  writeSetting(db, "returns", value, readReturnSettings(db), actor, "Return window");
  return value;
}
