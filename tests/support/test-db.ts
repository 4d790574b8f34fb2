import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { type Db, migrateDatabase, openDatabase } from "~/platform/db/db.server.ts";
import { LocalDiskStorage } from "~/platform/files/storage.server.ts";
import { seedCategories } from "~/seed/seed.server.ts";

/** A fresh database built from the real migrations, in memory, with the category tree. */
export function createTestDb({ categories = true } = {}): Db {
  const db = openDatabase(":memory:");
  migrateDatabase(db);
  if (categories) seedCategories(db);
  return db;
}

const MIGRATIONS = fileURLToPath(new URL("../../db/migrations", import.meta.url));

/**
 * A database built from the real migrations up to and including `lastTag` (say
 * "0025_order-item-arabic-title"), in memory and without the seed: the shop as it stood before a
 * later migration, to fill with rows of that time and then bring up to date with `migrateDatabase`.
 */
export function createTestDbAtMigration(lastTag: string): Db {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`No migration ${lastTag} in db/migrations`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "shop-migrations-"));
  fs.mkdirSync(path.join(folder, "meta"));
  const entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) fs.copyFileSync(path.join(MIGRATIONS, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  const db = openDatabase(":memory:");
  try {
    migrate(db, { migrationsFolder: folder });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  return db;
}

/** A storage adapter writing to a new temporary folder. */
export function createTestStorage() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-uploads-"));
  return { root, storage: new LocalDiskStorage(root) };
}

/** A customer's delivery details as the order model takes them, for tests that place orders directly. */
export const TEST_SHIPPING = {
  name: "Nour",
  email: "nour@example.com",
  phone: "+961 71 000 000",
  district: "Nabatieh",
  city: "Nabatieh",
  street: "Souk",
  building: "3",
  address: "Next to the bakery",
};
