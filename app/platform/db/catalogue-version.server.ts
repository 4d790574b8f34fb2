import type { Db } from "./db.server.ts";

/** What shopper pages read: a write to any of them moves the version (settings: the footer and the returns policy). */
const CATALOGUE_TABLES = ["products", "product_images", "product_size_stock", "categories", "settings"];

/**
 * A string that changes whenever the catalogue may have changed: every write on this connection to
 * the tables shopper pages read bumps a counter (temporary triggers calling back into JavaScript),
 * and SQLite's `data_version` moves when another connection (a script, a test, a backup restore)
 * commits. Temporary triggers, because a permanent trigger calling a JavaScript function would
 * break every other client of the database file. Costs one pragma per turn of the event loop.
 */
const trackers = new WeakMap<Db["$client"], () => string>();

export function catalogueVersion(db: Db): string {
  // Keyed by the connection, not the Drizzle wrapper: the triggers and the function belong to it.
  let tracker = trackers.get(db.$client);
  if (!tracker) {
    tracker = trackCatalogue(db);
    trackers.set(db.$client, tracker);
  }
  return tracker();
}

/** The SQL function the temporary triggers call, and the prefix of the triggers' names. */
const CHANGED = "catalogue_changed";

/**
 * Registers the counter on this connection. A second copy of this module (the app loaded twice in
 * one process, from source and from the build) would replace the first's SQL function, silently
 * freezing the first copy's version; it fails here instead, the first time it asks. Except in
 * development, where Vite loads a changed module anew and the new copy takes over from the old.
 */
function trackCatalogue(db: Db) {
  let ownWrites = 0;
  const sqlite = db.$client;
  const tracked = sqlite
    .prepare("select 1 from temp.sqlite_master where type = 'trigger' and name = ?")
    .get(`${CHANGED}_${CATALOGUE_TABLES[0]}_insert`);
  if (tracked && process.env.NODE_ENV !== "development")
    throw new Error(
      "The catalogue version is already tracked on this connection by another copy of catalogue-version.server.ts: load the app once, through the build.",
    );
  sqlite.function(CHANGED, { deterministic: false }, () => {
    ownWrites += 1;
    return null;
  });
  for (const table of CATALOGUE_TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      sqlite.exec(
        `create temp trigger if not exists ${CHANGED}_${table}_${event} after ${event} on main.${table} begin select ${CHANGED}(); end`,
      );
    }
  }
  const dataVersion = sqlite.prepare("pragma data_version").pluck();
  // Another connection's commit is read once per turn of the event loop: a page asks for the version
  // a dozen times while it renders, and a commit seen a turn later is one that came a moment later.
  let otherCommits: number | undefined;
  const forget = () => {
    otherCommits = undefined;
  };
  return () => {
    if (otherCommits === undefined) {
      otherCommits = dataVersion.get() as number;
      setImmediate(forget);
    }
    return `${ownWrites}:${otherCommits}`;
  };
}

/**
 * `cachedPerCatalogueVersion` for values built with one more long-lived object besides the database
 * (the image storage, which makes the cards' image URLs): cached separately for each such object.
 */
export function cachedPerCatalogueVersionWith<With extends object, T>(
  compute: (db: Db, using: With, key: string) => T,
  limit: number,
) {
  const perObject = new WeakMap<With, (db: Db, key: string) => T>();
  return (db: Db, using: With, key: string): T => {
    let cached = perObject.get(using);
    if (!cached) {
      cached = cachedPerCatalogueVersion((db, key) => compute(db, using, key), limit);
      perObject.set(using, cached);
    }
    return cached(db, key);
  };
}

/** `compute(db)`, computed again only once the catalogue has changed: catalogue-wide data (the category tree). */
export function cachedOncePerCatalogueVersion<T>(compute: (db: Db) => T): (db: Db) => T {
  const cached = cachedPerCatalogueVersion((db) => compute(db), 1);
  return (db) => cached(db, "");
}

/**
 * `compute(db, key)`, cached for the `limit` most recently asked keys until the catalogue changes:
 * catalogue-wide values for a question with many possible values (a search's counts), where
 * popular ones are asked again and again.
 */
export function cachedPerCatalogueVersion<T>(compute: (db: Db, key: string) => T, limit: number) {
  const cache = new WeakMap<Db, { version: string; values: Map<string, T> }>();
  return (db: Db, key: string): T => {
    const version = catalogueVersion(db);
    let entry = cache.get(db);
    if (!entry || entry.version !== version) {
      entry = { version, values: new Map() };
      cache.set(db, entry);
    }
    const { values } = entry;
    const known = values.has(key);
    const value = known ? values.get(key)! : compute(db, key);
    // Re-inserted, so the first key is the least recently asked. Nothing (undefined: an unknown
    // product) is not cached, so asking for made-up keys cannot push out what is there.
    if (known) values.delete(key);
    if (value === undefined) return value;
    values.set(key, value);
    if (values.size > limit) values.delete(values.keys().next().value!);
    return value;
  };
}
