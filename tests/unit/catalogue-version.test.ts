import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { describe, expect, it, vi } from "vitest";
import { catalogueVersion } from "~/platform/db/catalogue-version.server.ts";
import { type Db, migrateDatabase, openDatabase } from "~/platform/db/db.server.ts";
import { createTestDb, createTestStorage } from "../support/test-db.ts";

const triggers = (db: Db) =>
  db.$client
    .prepare("select name from temp.sqlite_master where type = 'trigger' order by name")
    .pluck()
    .all() as string[];

describe("catalogueVersion", () => {
  it("tracks a connection with plainly named triggers, once however often it is asked", () => {
    const db = createTestDb();
    const registered = vi.spyOn(db.$client, "function");
    const first = catalogueVersion(db);
    expect(catalogueVersion(db)).toBe(first);
    // Another Drizzle handle on the same connection reuses its tracker too.
    expect(catalogueVersion(drizzle(db.$client) as unknown as Db)).toBe(first);
    expect(registered).toHaveBeenCalledTimes(1);
    expect(registered).toHaveBeenCalledWith("catalogue_changed", expect.anything(), expect.any(Function));
    expect(triggers(db)).toHaveLength(15);
    expect(triggers(db)).toContain("catalogue_changed_products_insert");
    expect(triggers(db)).toContain("catalogue_changed_settings_delete");
  });

  it("moves on a write to a catalogue table on this connection, and not on reads", () => {
    const db = createTestDb();
    const before = catalogueVersion(db);
    db.$client.prepare("select count(*) from products").get();
    expect(catalogueVersion(db)).toBe(before);
    db.$client.prepare("update categories set label = label || '!' where id = (select min(id) from categories)").run();
    expect(catalogueVersion(db)).not.toBe(before);
  });

  it("moves when another connection commits, from the next turn of the event loop", async () => {
    const file = path.join(createTestStorage().root, "shop.db");
    const db = openDatabase(file);
    migrateDatabase(db);
    const before = catalogueVersion(db);
    const other = new Database(file);
    other.prepare("insert into settings (key, value) values ('test', '1')").run();
    other.close();
    // Read once per turn: within the turn that asked, the other connection's commit is not seen yet.
    expect(catalogueVersion(db)).toBe(before);
    await new Promise((resolve) => setImmediate(resolve));
    expect(catalogueVersion(db)).not.toBe(before);
    db.$client.close();
  });

  it("refuses a second copy of the module on the same connection, rather than freezing the first's version", async () => {
    const db = createTestDb();
    catalogueVersion(db);
    vi.resetModules();
    const copy = await import("~/platform/db/catalogue-version.server.ts");
    expect(copy.catalogueVersion).not.toBe(catalogueVersion);
    expect(() => copy.catalogueVersion(db)).toThrow(/load the app once/);
  });
});
