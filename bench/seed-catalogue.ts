import { GRADES, PACKAGINGS } from "../app/catalogue/condition.ts";
import { type StoredImage, storeImage } from "../app/platform/files/images.server.ts";
import type { Db } from "../app/platform/db/db.server.ts";
import type { Storage } from "../app/platform/files/storage.server.ts";
import { listCategories } from "../app/catalogue/category.server.ts";
import { renderDemoProductImage } from "../app/seed/demo-images.server.ts";

const ADJECTIVES = [
  "Compact",
  "Classic",
  "Smart",
  "Deluxe",
  "Portable",
  "Quiet",
  "Wireless",
  "Premium",
  "Slim",
  "Heavy-Duty",
];
const NOUNS = [
  "Blender",
  "Kettle",
  "Backpack",
  "Sneakers",
  "Jacket",
  "Vacuum",
  "Monitor",
  "Trimmer",
  "Drill",
  "Scarf",
  "Heater",
  "Mixer",
];

/** Every third product comes in sizes, each size with its own stock (decision 035). */
const SIZED = ["S", "M", "L"];

/**
 * Fills the catalogue with `count` visible products spread over every leaf category, in one
 * transaction with prepared statements (100,000 rows take a few seconds). Each product points at
 * one of a handful of real stored images, so pages render like the real shop. With `sizedThird`, a
 * third come in sizes, with stock per size when the schema has it. Returns the ids.
 */
export async function seedLargeCatalogue(
  db: Db,
  count: number,
  storage?: Storage,
  { sizedThird = false }: { sizedThird?: boolean } = {},
) {
  const rows = listCategories(db);
  const leaves = rows.filter((row) => !rows.some((other) => other.parentId === row.id));
  const images: StoredImage[] = [];
  if (storage) {
    for (let i = 0; i < 4; i++)
      images.push(await storeImage(storage, await renderDemoProductImage(`Sample ${i + 1}`, "Bench", i)));
  }
  const sqlite = db.$client;
  const insertProduct = sqlite.prepare(
    "insert into products (title, description, price_cents, old_price_cents, stock, sizes, category_id, packaging, grade, is_hidden, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)",
  );
  const insertImage = sqlite.prepare(
    "insert into product_images (product_id, position, original_key, variant_prefix, variant_widths, width, height) values (?, 0, ?, ?, ?, ?, ?)",
  );
  const hasStockPerSize = sqlite
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'product_size_stock'")
    .get();
  const insertSizeStock =
    sizedThird && hasStockPerSize
      ? sqlite.prepare("insert into product_size_stock (product_id, size, stock) values (?, ?, ?)")
      : null;
  const start = Date.now() - count * 1000;
  const ids: number[] = [];
  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const category = leaves[i % leaves.length]!;
      const title = `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[(i * 7) % NOUNS.length]} ${i + 1}`;
      const price = 500 + ((i * 7919) % 20000);
      const created = start + i * 1000;
      const sized = sizedThird && i % 3 === 1;
      // A sized product's stock is its sizes' sum: S gets none every fifth product, M and L the rest.
      const sizeStock = sized ? [i % 5 === 0 ? 0 : 1 + (i % 4), 1 + (i % 7), i % 11 === 0 ? 0 : 2] : [];
      const stock = sized ? sizeStock.reduce((sum, n) => sum + n, 0) : i % 11 === 0 ? 0 : 1 + (i % 40);
      const { lastInsertRowid } = insertProduct.run(
        title,
        `${title} in ${category.label}, inspected and complete.`,
        price,
        i % 3 === 0 ? null : Math.round(price * 1.3),
        stock,
        sized ? JSON.stringify(SIZED) : "[]",
        category.id,
        // Every packaging meets every grade, each pair on a ninth of the catalogue.
        PACKAGINGS[i % 3],
        GRADES[Math.floor(i / 3) % 3],
        created,
        created,
      );
      ids.push(Number(lastInsertRowid));
      if (sized && insertSizeStock)
        SIZED.forEach((size, n) => insertSizeStock.run(lastInsertRowid, size, sizeStock[n]));
      const image = images[i % Math.max(images.length, 1)];
      if (image)
        insertImage.run(
          lastInsertRowid,
          image.originalKey,
          image.variantPrefix,
          JSON.stringify(image.variantWidths),
          image.width,
          image.height,
        );
    }
  })();
  return ids;
}
