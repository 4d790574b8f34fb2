import type { z } from "zod";
import type { Db } from "~/platform/db/db.server.ts";
import { toDollars } from "~/utils/money.ts";
import { GOVERNORATES } from "~/settings/delivery.ts";
import type { Actor } from "~/platform/activity/activity-log.server.ts";
import {
  deliverySettingsSchema,
  GOVERNORATE_FIELD,
  liraSettingsSchema,
  pricingSettingsSchema,
  returnSettingsSchema,
  shopDetailsSchema,
} from "./settings-schema.ts";
import {
  readDeliverySettings,
  readLiraSettings,
  readPricingSettings,
  readReturnSettings,
  readShopDetails,
  saveDeliverySettings,
  saveLiraSettings,
  savePricingSettings,
  saveReturnSettings,
  saveShopDetails,
} from "./settings.server.ts";

/** A refused field: the message starts with its name (`fees.beirut: ...`, `lbpRate: ...`). */
export class SettingsRefused extends Error {}

const SHOP_FIELDS = [
  "contactPhone",
  "whatsappNumber",
  "facebook",
  "whatsappGroup",
  "instagram",
  "tiktok",
  "returnsPolicy",
] as const;
const TOP_FIELDS = new Set<string>([
  "fees",
  "freeDeliveryFrom",
  "lbpRate",
  "inventOldPrice",
  "returnDays",
  ...SHOP_FIELDS,
]);

/** The Settings page's fields as JSON: fees by governorate and amounts in dollars (`GET|PUT /api/admin/settings`). */
export function apiSettings(db: Db) {
  const delivery = readDeliverySettings(db);
  const details = readShopDetails(db);
  return {
    fees: Object.fromEntries(
      GOVERNORATES.map((governorate) => [governorate, toDollars(delivery.feesCents[governorate])]),
    ),
    freeDeliveryFrom: delivery.freeDeliveryFromCents === null ? null : toDollars(delivery.freeDeliveryFromCents),
    lbpRate: readLiraSettings(db).lbpRate,
    contactPhone: details.contactPhone,
    whatsappNumber: details.whatsappNumber,
    ...details.socialLinks,
    returnsPolicy: details.returnsPolicy,
    inventOldPrice: readPricingSettings(db).inventOldPrice,
    /** Days after delivery a shopper may ask to return items (0: no returns). */
    returnDays: readReturnSettings(db).returnDays,
  };
}

type FormValue = string | undefined;

/**
 * A JSON value as the page's form would send it: numbers as typed text, and null or "" as an empty
 * field (Conform's rule: empty means absent). Anything else goes to the schema as it is, to be refused.
 */
function asTyped(value: unknown): unknown {
  if (value === null || value === "") return undefined;
  if (typeof value === "number") return String(value);
  return value;
}

function parseGroup<S extends z.ZodType>(schema: S, values: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join(".");
  throw new SettingsRefused(field ? `${field}: ${issue.message}` : issue.message);
}

const FIELD_BY_NAME = new Map<string, string>([
  ...GOVERNORATES.map((governorate) => [governorate, GOVERNORATE_FIELD[governorate]] as const),
  ...Object.values(GOVERNORATE_FIELD).map((field) => [field, field] as const),
]);

/**
 * `PUT /api/admin/settings`: a partial object of the page's fields, each group (delivery, lira,
 * shop details, pricing, returns) completed with its current values and parsed by the page's own schema, so
 * the API accepts and refuses exactly what the form does. Nothing is saved unless every field
 * given is good; each group given is saved as the page saves it (with its activity entries).
 */
export function updateSettingsFromApi(db: Db, body: unknown, actor: Actor) {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new SettingsRefused("The body must be a JSON object of settings");
  const input = body as Record<string, unknown>;
  const unknown = Object.keys(input).find((key) => !TOP_FIELDS.has(key));
  if (unknown) throw new SettingsRefused(`${unknown}: not a setting`);
  const has = (key: string) => Object.hasOwn(input, key);

  const saves: (() => void)[] = [];
  if (has("fees") || has("freeDeliveryFrom")) {
    const delivery = readDeliverySettings(db);
    const fees: Record<string, unknown> = Object.fromEntries(
      GOVERNORATES.map((governorate) => [
        GOVERNORATE_FIELD[governorate],
        (delivery.feesCents[governorate] / 100).toFixed(2),
      ]),
    );
    if (has("fees")) {
      const given = input.fees;
      if (!given || typeof given !== "object" || Array.isArray(given))
        throw new SettingsRefused('fees: an object of fees in dollars by governorate, like { "Beirut": 4 }');
      for (const [name, value] of Object.entries(given)) {
        const field = FIELD_BY_NAME.get(name);
        if (!field) throw new SettingsRefused(`fees.${name}: not a governorate`);
        fees[field] = asTyped(value);
      }
    }
    const free: FormValue =
      delivery.freeDeliveryFromCents === null ? undefined : (delivery.freeDeliveryFromCents / 100).toFixed(2);
    const value = parseGroup(deliverySettingsSchema, {
      fees,
      freeDeliveryFrom: has("freeDeliveryFrom") ? asTyped(input.freeDeliveryFrom) : free,
    });
    saves.push(() => saveDeliverySettings(db, value, actor));
  }
  if (has("lbpRate")) {
    const value = parseGroup(liraSettingsSchema, { lbpRate: asTyped(input.lbpRate) });
    saves.push(() => saveLiraSettings(db, value, actor));
  }
  if (SHOP_FIELDS.some(has)) {
    const details = readShopDetails(db);
    const current: Record<string, unknown> = {
      contactPhone: details.contactPhone,
      whatsappNumber: details.whatsappNumber,
      ...details.socialLinks,
      returnsPolicy: details.returnsPolicy,
    };
    const values = Object.fromEntries(
      SHOP_FIELDS.map((field) => [field, asTyped(has(field) ? input[field] : current[field])]),
    );
    const value = parseGroup(shopDetailsSchema, values);
    saves.push(() => saveShopDetails(db, value, actor));
  }
  if (has("inventOldPrice")) {
    if (typeof input.inventOldPrice !== "boolean") throw new SettingsRefused("inventOldPrice: true or false");
    const value = parseGroup(pricingSettingsSchema, { inventOldPrice: input.inventOldPrice ? "on" : undefined });
    saves.push(() => savePricingSettings(db, value, actor));
  }
  if (has("returnDays")) {
    // A whole number as the form takes it: 7 or "7"; 7.5, -1 or 31 are refused with the form's message.
    const value = parseGroup(returnSettingsSchema, {
      returnDays: typeof input.returnDays === "number" ? String(input.returnDays) : input.returnDays,
    });
    saves.push(() => saveReturnSettings(db, value, actor));
  }
  for (const save of saves) save();
  return apiSettings(db);
}
