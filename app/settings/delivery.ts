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
