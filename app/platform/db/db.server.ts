import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../../../db/schema/index.ts";
import { noteDatabaseWritable } from "./database-faults.server.ts";
import { phoneKey } from "~/utils/phone-number.ts";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** How long a write waits for another connection's lock before giving up (SQLITE_BUSY). */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/** The handle `db.transaction` passes its callback: synchronous, so never `await` inside one. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * db/migrations, found from this module's place: the source file (app/platform/db/) and the server
 * build's bundle (build/server/) sit at different depths under the project root.
 */
function findMigrationsFolder() {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "db/migrations");
    if (fs.existsSync(path.join(candidate, "meta/_journal.json"))) return candidate;
    if (path.dirname(dir) === dir) throw new Error("db/migrations not found above " + fileURLToPath(import.meta.url));
  }
}
const migrationsFolder = findMigrationsFolder();

/**
 * Opens the database (":memory:" for tests, or a copy in memory of a serialized one) with the settings the shop relies on:
 * WAL so readers never wait for the writer, foreign keys enforced, and a busy timeout so a
 * second connection (a script, a backup) waits instead of failing.
 */
export function openDatabase(file: string | Buffer, { busyTimeoutMs = DEFAULT_BUSY_TIMEOUT_MS } = {}): Db {
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  // NORMAL in WAL mode survives a killed process (the OS has every committed page); only a
  // power cut can lose the last transactions.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  registerSqlFunctions(sqlite);
  return drizzle(sqlite, { schema }) as Db;
}

/**
 * SQL functions the migrations use: `phone_key(phone)` is `phoneKey` (app/utils/phone-number.ts), so
 * a migration that keys stored phones (0020's backfill, 0026's re-keying to E.164) keys them by the
 * same one function the models compare with.
 */
function registerSqlFunctions(sqlite: Database.Database) {
  sqlite.function("phone_key", { deterministic: true }, (phone: unknown) =>
    typeof phone === "string" ? phoneKey(phone) : null,
  );
}

/**
 * Runs `fn` as one write transaction that begins IMMEDIATE: it takes the write lock first, waiting
 * up to the busy timeout for another connection to let go. better-sqlite3's default (DEFERRED)
 * reads first and upgrades later, and SQLite refuses that upgrade at once (SQLITE_BUSY) instead of
 * waiting, to avoid a deadlock (docs/decisions/015). Every model's write transaction goes through here.
 */
export function writeTransaction<T>(db: Db, fn: (tx: Tx) => T): T {
  const result = db.transaction(fn, { behavior: "immediate" });
  noteDatabaseWritable();
  return result;
}

/**
 * A second, read-only connection to the same file for long reads such as a CSV export: while a
 * better-sqlite3 iterator is open, its connection refuses every write, so streaming from the shared
 * connection would make orders fail until the download ends. WAL gives this one a steady snapshot.
 */
export function openReadOnlyConnection(db: Db) {
  const sqlite = new Database(db.$client.name, { readonly: true, fileMustExist: true });
  sqlite.pragma("busy_timeout = 5000");
  return sqlite;
}

/**
 * A query built once per database handle and cached prepared: Drizzle builds the SQL and SQLite
 * compiles it on every call of an unprepared query (~30-60 µs), which a page running dozens of
 * the same small queries pays dozens of times. For fixed-shape queries on hot paths, with
 * `sql.placeholder()` for their values.
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let statement = prepared.get(db);
    if (statement === undefined) {
      statement = build(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}

export function migrateDatabase(db: Db) {
  registerSqlFunctions(db.$client);
  migrate(db, { migrationsFolder });
}

export function closeDatabase(db: Db) {
  if (db.$client.open) {
    db.$client.pragma("optimize");
    db.$client.close();
  }
}
