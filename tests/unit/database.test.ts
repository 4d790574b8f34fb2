import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/platform/security/password.server.ts";
import { CATEGORY_OPTIONS } from "~/catalogue/options.ts";
import { buildCategoryTree, listCategories } from "~/catalogue/category.server.ts";
import { countVisible } from "~/catalogue/listing.server.ts";
import { DEMO_CATALOGUE } from "~/seed/demo-catalogue.ts";
import { admins, categories, productImages, products } from "../../db/schema/index.ts";
import { seedDatabase } from "~/seed/seed.server.ts";
import { createTestDb, createTestStorage } from "../support/test-db.ts";

describe("migrations", () => {
  it("apply to an empty database with WAL-independent settings on", () => {
    const db = createTestDb({ categories: false });
    const tables = db.$client
      .prepare("select name from sqlite_master where type in ('table') order by name")
      .pluck()
      .all() as string[];
    for (const table of [
      "admins",
      "categories",
      "order_items",
      "orders",
      "product_images",
      "products",
      "products_fts",
      "sessions",
    ]) {
      expect(tables).toContain(table);
    }
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
  });

  it("keep the full-text index in sync with products", () => {
    const db = createTestDb();
    const category = db.select().from(categories).where(eq(categories.name, "Kitchen Appliances")).get()!;
    const product = db
      .insert(products)
      .values({ title: "Turbo Blender", description: "Crushes ice", priceCents: 1000, categoryId: category.id })
      .returning()
      .get();
    const search = (term: string) =>
      db.$client.prepare("select rowid from products_fts where products_fts match ?").pluck().all(term);
    expect(search("blen*")).toEqual([product.id]);
    expect(search('"Kitchen Appliances"')).toEqual([product.id]);
    db.update(products).set({ title: "Turbo Juicer" }).where(eq(products.id, product.id)).run();
    expect(search("blen*")).toEqual([]);
    expect(search("juic*")).toEqual([product.id]);
    db.delete(products).where(eq(products.id, product.id)).run();
    expect(search("juic*")).toEqual([]);
  });

  it("stamp updated_at on every update Drizzle builds, and leave created_at alone", () => {
    const db = createTestDb();
    const category = db.select().from(categories).where(eq(categories.name, "Kitchen Appliances")).get()!;
    const longAgo = new Date(1_000);
    const product = db
      .insert(products)
      .values({
        title: "Kettle",
        description: "Boils",
        priceCents: 1000,
        stock: 3,
        categoryId: category.id,
        createdAt: longAgo,
        updatedAt: longAgo,
      })
      .returning()
      .get();
    const before = Date.now();
    // Like placeOrder's stock update: a SQL expression, and no updatedAt in the set.
    db.update(products)
      .set({ stock: sql`${products.stock} - 1` })
      .where(eq(products.id, product.id))
      .run();
    const after = db.select().from(products).where(eq(products.id, product.id)).get()!;
    expect(after.stock).toBe(2);
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(after.createdAt).toEqual(longAgo);
  });

  it("keep the visible count per category exact through insert, hide, unhide, move and delete", () => {
    const db = createTestDb();
    const [kitchen, tools] = ["Kitchen Appliances", "Tools"].map((name) =>
      db.select().from(categories).where(eq(categories.name, name)).get()!,
    );
    const counted = () => ({
      kitchen: countVisible(db, [kitchen!.id]),
      tools: countVisible(db, [tools!.id]),
      all: countVisible(db),
    });
    const add = (title: string, isHidden = false) =>
      db
        .insert(products)
        .values({ title, description: "d", priceCents: 100, categoryId: kitchen!.id, isHidden })
        .returning()
        .get();
    const kettle = add("Kettle");
    add("Toaster");
    const hidden = add("Mixer", true);
    expect(counted()).toEqual({ kitchen: 2, tools: 0, all: 2 });
    db.update(products).set({ isHidden: true }).where(eq(products.id, kettle.id)).run();
    expect(counted()).toEqual({ kitchen: 1, tools: 0, all: 1 });
    db.update(products).set({ isHidden: false }).where(eq(products.id, hidden.id)).run();
    db.update(products).set({ categoryId: tools!.id }).where(eq(products.id, hidden.id)).run();
    expect(counted()).toEqual({ kitchen: 1, tools: 1, all: 2 });
    db.update(products).set({ title: "Renamed" }).where(eq(products.id, hidden.id)).run();
    db.delete(products).where(eq(products.id, hidden.id)).run();
    db.delete(products).where(eq(products.id, kettle.id)).run();
    expect(counted()).toEqual({ kitchen: 1, tools: 0, all: 1 });
    const real = db.$client.prepare("select count(*) from products where is_hidden = 0").pluck().get();
    expect(countVisible(db)).toBe(real);
  });
});

describe("seedDatabase", () => {
  it("files every category of the spec's option list under a parent", () => {
    const db = createTestDb();
    const rows = listCategories(db);
    for (const option of CATEGORY_OPTIONS) {
      const row = rows.find((r) => r.name === option.value);
      expect(row, option.value).toBeDefined();
      expect(row!.label).toBe(option.label);
      expect(row!.parentId).not.toBeNull();
    }
    const roots = buildCategoryTree(rows).map((node) => node.name);
    expect(roots).toEqual(["Fashion", "Home", "Beauty Care", "Kids", "Electronics"]);
  });

  it("is idempotent: a second start adds nothing", async () => {
    const db = createTestDb({ categories: false });
    const { storage } = createTestStorage();
    const lines: string[] = [];
    const options = { storage, demoData: true, admin: {}, log: (line: string) => lines.push(line) };
    const { generatedAdministrator } = await seedDatabase(db, options);
    const counted = () => ({
      categories: db.select({ n: count() }).from(categories).get()!.n,
      products: db.select({ n: count() }).from(products).get()!.n,
      images: db.select({ n: count() }).from(productImages).get()!.n,
      admins: db.select({ n: count() }).from(admins).get()!.n,
    });
    const first = counted();
    expect(first.products).toBe(DEMO_CATALOGUE.length);
    expect(first.products).toBeGreaterThanOrEqual(60);
    expect(first.admins).toBe(1);
    expect(generatedAdministrator?.username).toBe("admin");
    expect(generatedAdministrator?.password.length).toBeGreaterThanOrEqual(12);
    // The password is for the caller to print last, never among the seed's own lines.
    expect(lines.some((line) => line.includes(generatedAdministrator!.password))).toBe(false);

    lines.length = 0;
    expect(await seedDatabase(db, options)).toEqual({ generatedAdministrator: null });
    expect(counted()).toEqual(first);
    expect(lines).toEqual([]);
  }, 120_000);

  it("loads no demo products with DEMO_DATA=off, and keeps a configured administrator's password current", async () => {
    const db = createTestDb({ categories: false });
    const { storage } = createTestStorage();
    await seedDatabase(db, {
      storage,
      demoData: false,
      admin: { username: "owner", password: "first-password" },
      log: () => {},
    });
    expect(db.select({ n: count() }).from(products).get()!.n).toBe(0);
    await seedDatabase(db, {
      storage,
      demoData: false,
      admin: { username: "owner", password: "second-password" },
      log: () => {},
    });
    const owner = db.select().from(admins).where(eq(admins.username, "owner")).get()!;
    expect(owner.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword("second-password", owner.passwordHash)).toBe(true);
    expect(await verifyPassword("first-password", owner.passwordHash)).toBe(false);
    expect(
      db
        .select({ n: sql<number>`count(*)` })
        .from(admins)
        .get()!.n,
    ).toBe(1);
  });
});
