import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Db, migrateDatabase, openDatabase } from "~/platform/db/db.server.ts";
import { LocalDiskStorage } from "~/platform/files/storage.server.ts";
import { seedCategories } from "../../app/seed/seed.server.ts";

/** A fresh database built from the real migrations, in memory, with the category tree. */
export function createTestDb({ categories = true } = {}): Db {
  const db = openDatabase(":memory:");
  migrateDatabase(db);
  if (categories) seedCategories(db);
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
