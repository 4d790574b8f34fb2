import type { Db } from "~/lib/db.server.ts";

/**
 * Whether a product without a stored price new shows an invented one of 1.2 × its price (spec §9).
 * Off: the contract forbids a made-up reference price unless the owner turns it on (decision 026).
 * This is the one place the setting is read; when the shop's settings are stored in the database,
 * only this function changes (it already takes the db for that).
 */
export function inventsOldPrice(_db: Db): boolean {
  return INVENT_OLD_PRICE_DEFAULT;
}

export const INVENT_OLD_PRICE_DEFAULT = false;
