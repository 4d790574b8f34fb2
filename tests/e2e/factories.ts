import { eq } from "drizzle-orm";
import { categories, products } from "../../db/schema/index.ts";
import type { Db } from "~/lib/db.server.ts";

let counter = 0;

/** A unique word for titles, so a test finds its own products among everyone else's. */
export function uniqueWord(prefix = "Zq") {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

/** Inserts a product through the real schema (the FTS triggers keep search in sync). */
export function createProduct(
  db: Db,
  fields: { title: string; category?: string; priceCents?: number; oldPriceCents?: number | null; stock?: number; sizes?: string[]; isHidden?: boolean; description?: string },
) {
  const category = db.select({ id: categories.id }).from(categories).where(eq(categories.name, fields.category ?? "Tools")).get()!;
  return db
    .insert(products)
    .values({
      title: fields.title,
      description: fields.description ?? `${fields.title}: open box, inspected and complete.`,
      priceCents: fields.priceCents ?? 2_500,
      oldPriceCents: fields.oldPriceCents ?? null,
      stock: fields.stock ?? 10,
      sizes: fields.sizes ?? [],
      categoryId: category.id,
      isHidden: fields.isHidden ?? false,
    })
    .returning()
    .get();
}
