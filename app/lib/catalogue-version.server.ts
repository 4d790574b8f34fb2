import type { Db } from "./db.server.ts";

const CATALOGUE_TABLES = ["products", "product_images", "categories"];

/**
 * A string that changes whenever the catalogue may have changed: every write on this connection to
 * the tables shopper pages read bumps a counter (temporary triggers calling back into JavaScript),
 * and SQLite's `data_version` moves when another connection (a script, a test, a backup restore)
 * commits. Temporary triggers, because a permanent trigger calling a JavaScript function would
 * break every other client of the database file. Costs one pragma per call (about a microsecond).
 */
const trackers = new WeakMap<Db, () => string>();

export function catalogueVersion(db: Db): string {
  let tracker = trackers.get(db);
  if (!tracker) {
    tracker = trackCatalogue(db);
    trackers.set(db, tracker);
  }
  return tracker();
}

function trackCatalogue(db: Db) {
  let ownWrites = 0;
  const sqlite = db.$client;
  sqlite.function("catalogue_changed", { deterministic: false }, () => {
    ownWrites += 1;
    return null;
  });
  for (const table of CATALOGUE_TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      sqlite.exec(`create temp trigger if not exists catalogue_${table}_${event} after ${event} on main.${table} begin select catalogue_changed(); end`);
    }
  }
  const dataVersion = sqlite.prepare("pragma data_version").pluck();
  return () => `${ownWrites}:${dataVersion.get() as number}`;
}

/** `compute(db)`, computed again only once the catalogue has changed: catalogue-wide data (the category tree). */
export function perCatalogueVersion<T>(compute: (db: Db) => T): (db: Db) => T {
  const kept = new WeakMap<Db, { version: string; value: T }>();
  return (db) => {
    const version = catalogueVersion(db);
    const entry = kept.get(db);
    if (entry && entry.version === version) return entry.value;
    const value = compute(db);
    kept.set(db, { version, value });
    return value;
  };
}
