import { asc, eq, inArray } from "drizzle-orm";
import { categories, productImages, products } from "../../../db/schema/index.ts";
import { type Db, type Tx, writeTransaction } from "~/platform/db/db.server.ts";
import { deleteImageFiles, type StoredImage } from "~/platform/files/images.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import { DEFAULT_GRADE, DEFAULT_PACKAGING, type Grade, type Packaging } from "~/catalogue/condition.ts";
import { type Actor, recordActivity, rowChanges, SYSTEM_ACTOR } from "~/platform/activity/activity-log.server.ts";
import type { StockBySize } from "~/catalogue/views.ts";
import { replaceStockBySize, stockBySizeOf, totalStock } from "../size-stock.server.ts";
import { claimUploads } from "./pending-uploads.server.ts";
import { watchStockBack } from "../stock-alerts.server.ts";

export type ProductFields = {
  title: string;
  priceCents: number;
  description: string;
  /** A category value of the spec's option list, e.g. "Home Appliances". */
  category: string;
  sizes: string[];
  /** The shared stock; ignored when the product keeps stock per size (its total is the sum). */
  stock: number;
  /**
   * Stock per size, keys exactly `sizes`; null: one shared stock. Absent: a new product keeps shared
   * stock and an edit leaves the product's as it is (StockBySizeNeeded when its sizes change).
   */
  stockBySize?: StockBySize | null;
  /** The Arabic title and description; null: none. Absent: a new product has none, an edit keeps them. */
  titleAr?: string | null;
  descriptionAr?: string | null;
  /** What the owner paid, in cents; null: not known. Absent: a new product has none, an edit keeps it. */
  costCents?: number | null;
} & Partial<ProductCondition>;

/** The price new and the open-box condition; a write that leaves one out gets the shop's default. */
export type ProductCondition = {
  oldPriceCents: number | null;
  packaging: Packaging;
  grade: Grade;
  conditionNotes: string;
  inTheBox: string[];
};

/** A stored image and its caption ("" when none). */
export type CaptionedImage = StoredImage & { caption?: string };

export class ProductNotFound extends Error {}
/** An edit changed the sizes of a product that keeps stock per size without giving the new sizes' stock. */
export class StockBySizeNeeded extends Error {
  constructor() {
    super("must give the stock of each size when the sizes of a product with stock per size change");
  }
}
/** No image would be left; `uploadErrors` says why each file posted with the request was refused. */
export class ProductNeedsImage extends Error {
  constructor(readonly uploadErrors: string[] = []) {
    super("Product must have at least one image");
  }
}

function conditionOf(fields: ProductFields): ProductCondition {
  return {
    oldPriceCents: fields.oldPriceCents ?? null,
    packaging: fields.packaging ?? DEFAULT_PACKAGING,
    grade: fields.grade ?? DEFAULT_GRADE,
    conditionNotes: fields.conditionNotes ?? "",
    inTheBox: fields.inTheBox ?? [],
  };
}

/** Category ids by value, per transaction: an import of thousands of rows asks for the same few. */
const categoryIds = new WeakMap<Tx, Map<string, number>>();

function categoryIdOf(tx: Tx, value: string) {
  const known = categoryIds.get(tx) ?? new Map<string, number>();
  categoryIds.set(tx, known);
  const cached = known.get(value);
  if (cached !== undefined) return cached;
  const row = tx.select({ id: categories.id }).from(categories).where(eq(categories.name, value)).get();
  if (!row) throw new Error(`Unknown category ${value}`);
  known.set(value, row.id);
  return row.id;
}

/**
 * Adds a product with its images in one transaction, which also claims the images that were
 * pending uploads: a failure leaves no product and the uploads still pending, never half of it.
 */
export function createProduct(
  db: Db,
  fields: ProductFields & { isHidden?: boolean },
  images: CaptionedImage[],
  actor: Actor = SYSTEM_ACTOR,
): number {
  if (images.length === 0) throw new ProductNeedsImage();
  return writeTransaction(db, (tx) => insertProduct(tx, fields, images, actor));
}

/**
 * What a write may allow beyond the forms: the products import keeps
 * a hidden product without images, so a product it added without any can be exported and imported
 * again unchanged. A product that is shown always needs one.
 */
export type ProductWriteRules = { hiddenWithoutImages?: boolean };

function needsImage(fields: { isHidden?: boolean }, imageCount: number, rules: ProductWriteRules) {
  return imageCount === 0 && !(rules.hiddenWithoutImages && fields.isHidden);
}

/** createProduct's write, inside the caller's transaction (the import writes many in one). */
export function insertProduct(
  tx: Tx,
  fields: ProductFields & { isHidden?: boolean },
  images: CaptionedImage[],
  actor: Actor,
  rules: ProductWriteRules = {},
): number {
  if (needsImage(fields, images.length, rules)) throw new ProductNeedsImage();
  const created = tx
    .insert(products)
    .values({
      title: fields.title,
      priceCents: fields.priceCents,
      description: fields.description,
      categoryId: categoryIdOf(tx, fields.category),
      sizes: fields.sizes,
      stock: fields.stockBySize ? totalStock(fields.stockBySize) : fields.stock,
      isHidden: fields.isHidden ?? false,
      titleAr: fields.titleAr ?? null,
      descriptionAr: fields.descriptionAr ?? null,
      costCents: fields.costCents ?? null,
      ...conditionOf(fields),
    })
    .returning()
    .get();
  const id = created.id;
  if (fields.stockBySize) replaceStockBySize(tx, id, fields.stockBySize);
  images.forEach((image, position) =>
    tx
      .insert(productImages)
      .values({ productId: id, position, ...image })
      .run(),
  );
  claimUploads(tx, images);
  recordActivity(tx, actor, {
    kind: "product.added",
    subject: created.title,
    productId: id,
    changes: [
      ...rowChanges(null, created),
      ...stockBySizeChange(null, fields.stockBySize ?? null),
      { field: "images", before: null, after: images.length },
    ],
  });
  return id;
}

/** The activity log's entry for a change of the stock per size (null: shared stock). */
function stockBySizeChange(before: StockBySize | null, after: StockBySize | null) {
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: "stockBySize", before, after }];
}

const sameSizes = (a: string[], b: string[]) => a.length === b.length && a.every((size) => b.includes(size));

/**
 * The stock per size an edit leaves (null: shared stock), from what it was and what the edit gives:
 * given, it replaces; absent, it stays while the sizes stay, and ends when the sizes are cleared.
 */
function stockBySizeAfterEdit(before: StockBySize | null, fields: ProductFields): StockBySize | null {
  if (fields.stockBySize !== undefined) return fields.stockBySize;
  if (!before || fields.sizes.length === 0) return null;
  if (!sameSizes(Object.keys(before), fields.sizes)) throw new StockBySizeNeeded();
  return before;
}

export function productExists(db: Db, id: number) {
  return db.select({ id: products.id }).from(products).where(eq(products.id, id)).get() !== undefined;
}

/** What updateProduct is given about images: which existing ones stay, new ones after them, the captions. */
export type ProductUpdateImages = {
  keepIds?: number[];
  added: CaptionedImage[];
  captionOf: (image: StoredImage) => string;
};

/**
 * Updates a product: its fields, which existing images stay, and new ones after them (claimed from
 * the pending uploads in the same transaction). At least one image must remain. Removed images'
 * files are deleted after the change is committed.
 */
export async function updateProduct(
  db: Db,
  storage: Storage,
  id: number,
  fields: ProductFields & { isHidden: boolean },
  images: ProductUpdateImages,
  actor: Actor,
) {
  if (!productExists(db, id)) throw new ProductNotFound(`Product ${id} not found`);
  const removed = writeTransaction(db, (tx) => changeProduct(tx, db, id, fields, images, actor));
  for (const image of removed) await deleteImageFiles(storage, image);
}

/**
 * updateProduct's write, inside the caller's transaction (`db` is the same connection, for its raw
 * reads). Returns the images it removed: their files are deleted once the transaction is committed.
 */
export function changeProduct(
  tx: Tx,
  db: Db,
  id: number,
  fields: ProductFields & { isHidden: boolean },
  images: ProductUpdateImages,
  actor: Actor,
  rules: ProductWriteRules = {},
) {
  // Stock an edit brings back from none tells the shoppers waiting for it (stock-alerts.server.ts).
  return watchStockBack(tx, id, () => writeProductChange(tx, db, id, fields, images, actor, rules));
}

function writeProductChange(
  tx: Tx,
  db: Db,
  id: number,
  fields: ProductFields & { isHidden: boolean },
  images: ProductUpdateImages,
  actor: Actor,
  rules: ProductWriteRules,
) {
  const existing = tx
    .select()
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position))
    .all();
  const kept = images.keepIds ? existing.filter((image) => images.keepIds!.includes(image.id)) : existing;
  const removed = existing.filter((image) => !kept.includes(image));
  if (needsImage(fields, kept.length + images.added.length, rules)) throw new ProductNeedsImage();
  const before = tx.select().from(products).where(eq(products.id, id)).get();
  // A raw read on the same connection, inside this transaction: it sees what the transaction sees.
  const stockBefore = before ? (stockBySizeOf(db, [before]).get(id) ?? null) : null;
  const stockBySize = stockBySizeAfterEdit(stockBefore, fields);
  const changed = tx
    .update(products)
    .set({
      title: fields.title,
      priceCents: fields.priceCents,
      description: fields.description,
      categoryId: categoryIdOf(tx, fields.category),
      sizes: fields.sizes,
      stock: stockBySize ? totalStock(stockBySize) : fields.stock,
      isHidden: fields.isHidden,
      // Undefined (absent) leaves the column as it is: drizzle skips undefined values.
      titleAr: fields.titleAr,
      descriptionAr: fields.descriptionAr,
      costCents: fields.costCents,
      ...conditionOf(fields),
    })
    .where(eq(products.id, id))
    .run();
  if (changed.changes === 0) throw new ProductNotFound(`Product ${id} not found`);
  if (stockBySize !== stockBefore) replaceStockBySize(tx, id, stockBySize);
  if (removed.length)
    tx.delete(productImages)
      .where(
        inArray(
          productImages.id,
          removed.map((image) => image.id),
        ),
      )
      .run();
  kept.forEach((image, position) =>
    tx
      .update(productImages)
      .set({ position, caption: images.captionOf(image) })
      .where(eq(productImages.id, image.id))
      .run(),
  );
  images.added.forEach((image, index) =>
    tx
      .insert(productImages)
      .values({ productId: id, position: kept.length + index, ...image })
      .run(),
  );
  claimUploads(tx, images.added);
  const after = tx.select().from(products).where(eq(products.id, id)).get()!;
  const imageCount = kept.length + images.added.length;
  const changes = [...rowChanges(before ?? null, after), ...stockBySizeChange(stockBefore, stockBySize)];
  if (imageCount !== existing.length || removed.length || images.added.length)
    changes.push({ field: "images", before: existing.length, after: imageCount });
  if (changes.length)
    recordActivity(tx, actor, { kind: "product.edited", subject: after.title, productId: id, changes });
  return removed;
}
