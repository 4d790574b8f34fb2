import { count, eq } from "drizzle-orm";
import { type Db, writeTransaction } from "~/platform/db/db.server.ts";
import { type StoredImage, storeImage } from "~/platform/files/images.server.ts";
import { toCents } from "~/utils/money.ts";
import { generatePassword, hashPassword, verifyPassword } from "~/platform/security/password.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import { type CategoryNode, CATEGORY_TREE, slugify } from "~/catalogue/category-tree.ts";
import { DEMO_CATALOGUE } from "./demo-catalogue.ts";
import { renderDemoProductImage } from "./demo-images.server.ts";
import { admins, categories, meta, productImages, products } from "../../db/schema/index.ts";

type Log = (line: string) => void;

/** Inserts the category tree; existing categories (matched by name) are left as they are. */
export function seedCategories(db: Db) {
  writeTransaction(db, (tx) => {
    const insert = (nodes: CategoryNode[], parentId: number | null) => {
      nodes.forEach((node, position) => {
        tx.insert(categories)
          .values({
            name: node.name,
            label: node.label ?? node.name,
            slug: slugify(node.label ?? node.name),
            code: node.code,
            parentId,
            position,
          })
          .onConflictDoNothing({ target: categories.name })
          .run();
        const row = tx.select({ id: categories.id }).from(categories).where(eq(categories.name, node.name)).get();
        if (node.children && row) insert(node.children, row.id);
      });
    };
    insert(CATEGORY_TREE, null);
  });
}

const DEMO_MARK = "demo_catalogue_loaded";

/**
 * Loads the demo catalogue once: only into an empty catalogue, and never again after it was
 * loaded (a shop owner who deletes the demo products does not get them back on restart).
 */
export async function seedDemoCatalogue(db: Db, storage: Storage, log: Log) {
  const alreadyLoaded = db.select().from(meta).where(eq(meta.key, DEMO_MARK)).get();
  const [{ productCount } = { productCount: 0 }] = db.select({ productCount: count() }).from(products).all();
  if (alreadyLoaded || productCount > 0) return 0;

  const categoryIds = new Map(
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .all()
      .map((c) => [c.name, c.id]),
  );
  // Images are made before the transaction: better-sqlite3 transactions must stay synchronous.
  const imagesByProduct: StoredImage[][] = new Array(DEMO_CATALOGUE.length);
  const makeImages = async (index: number) => {
    const item = DEMO_CATALOGUE[index]!;
    const stored: StoredImage[] = [];
    for (let view = 0; view < item.images; view++) {
      stored.push(await storeImage(storage, await renderDemoProductImage(item.title, item.category, view)));
    }
    imagesByProduct[index] = stored;
  };
  // A few at a time: sharp works off the main thread, so this keeps both cores busy.
  let next = 0;
  const worker = async () => {
    while (next < DEMO_CATALOGUE.length) await makeImages(next++);
  };
  await Promise.all(Array.from({ length: 4 }, worker));

  const start = Date.now() - DEMO_CATALOGUE.length * 3_600_000;
  writeTransaction(db, (tx) => {
    DEMO_CATALOGUE.forEach((item, index) => {
      const categoryId = categoryIds.get(item.category);
      if (!categoryId) throw new Error(`Demo product ${item.title} names unknown category ${item.category}`);
      // Spread creation times an hour apart so "Latest" has a real order.
      const createdAt = new Date(start + index * 3_600_000);
      const product = tx
        .insert(products)
        .values({
          title: item.title,
          description: item.description,
          priceCents: toCents(item.price),
          oldPriceCents: item.oldPrice === null ? null : toCents(item.oldPrice),
          stock: item.stock,
          sizes: item.sizes,
          packaging: item.packaging,
          grade: item.grade,
          conditionNotes: item.conditionNotes,
          inTheBox: item.inTheBox,
          categoryId,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: products.id })
        .get();
      imagesByProduct[index]!.forEach((image, position) => {
        const caption = position === 0 ? item.firstImageCaption : "";
        tx.insert(productImages)
          .values({ productId: product.id, position, ...image, caption })
          .run();
      });
    });
    tx.insert(meta).values({ key: DEMO_MARK, value: new Date().toISOString() }).run();
  });
  log(`Loaded the demo catalogue: ${DEMO_CATALOGUE.length} products.`);
  return DEMO_CATALOGUE.length;
}

export type GeneratedAdministrator = { username: string; password: string };

/**
 * With ADMIN_USERNAME and ADMIN_PASSWORD set, that account exists with that password.
 * With neither set and no administrator at all, create `admin` with a random password and return
 * it, for the caller to print once, last, where it cannot be missed.
 */
export async function ensureAdministrator(
  db: Db,
  credentials: { username?: string; password?: string },
  log: Log,
): Promise<GeneratedAdministrator | null> {
  const { username, password } = credentials;
  if (username && password) {
    const existing = db.select().from(admins).where(eq(admins.username, username)).get();
    if (!existing) {
      db.insert(admins)
        .values({ username, role: "owner", passwordHash: await hashPassword(password) })
        .run();
      log(`Created administrator "${username}" from ADMIN_USERNAME.`);
    } else if (!(await verifyPassword(password, existing.passwordHash))) {
      db.update(admins)
        .set({ passwordHash: await hashPassword(password), mustChangePassword: false })
        .where(eq(admins.id, existing.id))
        .run();
      log(`Updated the password of administrator "${username}" from ADMIN_PASSWORD.`);
    }
    return null;
  }
  const [{ adminCount } = { adminCount: 0 }] = db.select({ adminCount: count() }).from(admins).all();
  if (adminCount > 0) return null;
  const generated = { username: "admin", password: generatePassword() };
  db.insert(admins)
    .values({ username: generated.username, role: "owner", passwordHash: await hashPassword(generated.password) })
    .run();
  return generated;
}

/** The one-time password notice, framed, so it stands out as the last thing a first start prints. */
export function administratorNotice({ username, password }: GeneratedAdministrator, adminUrl: string) {
  const lines = [
    `Administrator created: sign in at ${adminUrl}`,
    `  username: ${username}`,
    `  password: ${password}`,
    "This password is shown only once: keep it now.",
    "Set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own.",
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${"-".repeat(width + 2)}+`;
  return [rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule].join("\n");
}

export async function seedDatabase(
  db: Db,
  options: { storage: Storage; demoData: boolean; admin: { username?: string; password?: string }; log?: Log },
) {
  const log = options.log ?? ((line: string) => console.log(line));
  seedCategories(db);
  if (options.demoData) await seedDemoCatalogue(db, options.storage, log);
  return { generatedAdministrator: await ensureAdministrator(db, options.admin, log) };
}
