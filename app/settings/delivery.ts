import type { Cents } from "~/utils/money.ts";

/**
 * Where the shop delivers and what delivery costs, as pages show it (browser-safe): Lebanon's
 * governorates, each with its own fee (settings, "Delivery fees"), read by the checkout's
 * Governorate select and the settings form. The fee rule itself is delivery.server.ts.
 */
export const GOVERNORATES = [
  "Beirut",
  "Mount Lebanon",
  "Beqaa",
  "South Lebanon",
  "Nabatieh",
  "North Lebanon",
  "Akkar",
] as const;

export type Governorate = (typeof GOVERNORATES)[number];

export function isGovernorate(value: string): value is Governorate {
  return (GOVERNORATES as readonly string[]).includes(value);
}

/** What delivery would cost a cart of this subtotal, for each governorate: what the cart and the checkout show. */
export type DeliveryQuote = {
  fees: { governorate: Governorate; feeCents: Cents }[];
  lowestCents: Cents;
  highestCents: Cents;
  freeDeliveryFromCents: Cents | null;
};
