import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../../db/schema/index.ts";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** The handle `db.transaction` passes its callback: synchronous, so never `await` inside one. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../db/migrations");

/**
 * Opens the database (":memory:" for tests) with the settings the shop relies on:
 * WAL so readers never wait for the writer, foreign keys enforced, and a busy timeout so a
 * second connection (a script, a backup) waits instead of failing.
 */
export function openDatabase(file: string): Db {
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  // NORMAL in WAL mode survives a killed process (the OS has every committed page); only a
  // power cut can lose the last transactions.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return drizzle(sqlite, { schema }) as Db;
}

export function migrateDatabase(db: Db) {
  migrate(db, { migrationsFolder });
}

export function closeDatabase(db: Db) {
  if (db.$client.open) {
    db.$client.pragma("optimize");
    db.$client.close();
  }
}
