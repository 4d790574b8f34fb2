import { and, asc, count, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { categories, pendingUploads, productImages, products } from "../../db/schema/index.ts";
import { type Db, type Tx, writeTransaction } from "~/platform/db/db.server.ts";
import { deleteImageFiles, imageSources, type StoredImage } from "~/platform/files/images.server.ts";
import type { ImageSources } from "~/catalogue/views.ts";
import { toCents } from "~/utils/money.ts";
import {
  DEFAULT_GRADE,
  DEFAULT_PACKAGING,
  GRADE_INFO,
  GRADES,
  type Grade,
  PACKAGING_INFO,
  PACKAGINGS,
  type Packaging,
} from "~/catalogue/condition.ts";
import type { ProductInput } from "~/catalogue/product-schema.ts";
import { storeUploadedImages, type UploadedFile } from "~/platform/files/upload.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import { type Actor, recordActivity, rowChanges, SYSTEM_ACTOR } from "../overview/activity.server.ts";

export const ADMIN_PAGE_SIZE = 50;

export type ProductFields = {
  title: string;
  priceCents: number;
  description: string;
  /** A category value of the spec's option list, e.g. "Home Appliances". */
  category: string;
  sizes: string[];
  stock: number;
} & Partial<ProductCondition>;

/** The price new and the open-box condition; a write that leaves one out gets the contract's default. */
export type ProductCondition = {
  oldPriceCents: number | null;
  packaging: Packaging;
  grade: Grade;
  conditionNotes: string;
  inTheBox: string[];
};

/** A stored image and its caption ("" when none). */
type CaptionedImage = StoredImage & { caption?: string };

export class ProductNotFound extends Error {}
/** No image would be left; `uploadErrors` says why each file posted with the request was refused. */
export class ProductNeedsImage extends Error {
  constructor(readonly uploadErrors: string[] = []) {
    super("Product must have at least one image");
  }
}

/** LIKE treats % and _ as wildcards: escape them so a search is a plain substring match. */
function containing(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The condition values whose value or label holds the search term ("damaged", "very good"). */
function matchingValues<T extends string>(values: readonly T[], info: Record<T, { label: string }>, term: string) {
  const wanted = term.toLowerCase();
  return values.filter((value) => value.includes(wanted) || info[value].label.toLowerCase().includes(wanted));
}

/**
 * The admin table: every product (hidden too), newest first, one page at a time. The search is a
 * case-insensitive substring match on title, category, description, price ("19.99"), packaging and grade.
 */
export function listAdminProducts(
  db: Db,
  storage: Storage,
  options: { search?: string; page?: number; pageSize?: number },
) {
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  const page = Math.max(1, options.page ?? 1);
  const term = options.search?.trim();
  const pattern = term ? containing(term) : null;
  const where = pattern
    ? or(
        sql`lower(${products.title}) like ${pattern} escape '\\'`,
        sql`lower(${products.description}) like ${pattern} escape '\\'`,
        sql`lower(${categories.name}) like ${pattern} escape '\\'`,
        sql`lower(${categories.label}) like ${pattern} escape '\\'`,
        sql`printf('%.2f', ${products.priceCents} / 100.0) like ${pattern} escape '\\'`,
        inArray(products.packaging, matchingValues(PACKAGINGS, PACKAGING_INFO, term!)),
        inArray(products.grade, matchingValues(GRADES, GRADE_INFO, term!)),
      )
    : undefined;
  const rows = db
    .select({
      id: products.id,
      title: products.title,
      priceCents: products.priceCents,
      stock: products.stock,
      sizes: products.sizes,
      isHidden: products.isHidden,
      packaging: products.packaging,
      grade: products.grade,
      category: categories.name,
      categoryLabel: categories.label,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  const [{ total } = { total: 0 }] = db
    .select({ total: count() })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .all();
  const thumbs = new Map<number, ImageSources>();
  if (rows.length) {
    const images = db
      .select()
      .from(productImages)
      .where(
        inArray(
          productImages.productId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(productImages.position))
      .all();
    for (const image of images)
      if (!thumbs.has(image.productId)) thumbs.set(image.productId, imageSources(storage, image));
  }
  return { items: rows.map((row) => ({ ...row, thumb: thumbs.get(row.id) ?? null })), total, page, pageSize };
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

function categoryIdOf(tx: Tx, value: string) {
  const row = tx.select({ id: categories.id }).from(categories).where(eq(categories.name, value)).get();
  if (!row) throw new Error(`Unknown category ${value}`);
  return row.id;
}

/** The images now belong to a product: they leave the pending uploads, so the sweeper keeps their files. */
function claimUploads(tx: Tx, images: StoredImage[]) {
  if (images.length)
    tx.delete(pendingUploads)
      .where(
        inArray(
          pendingUploads.variantPrefix,
          images.map((image) => image.variantPrefix),
        ),
      )
      .run();
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
  return writeTransaction(db, (tx) => {
    const { id } = tx
      .insert(products)
      .values({
        title: fields.title,
        priceCents: fields.priceCents,
        description: fields.description,
        categoryId: categoryIdOf(tx, fields.category),
        sizes: fields.sizes,
        stock: fields.stock,
        isHidden: fields.isHidden ?? false,
        ...conditionOf(fields),
      })
      .returning({ id: products.id })
      .get();
    images.forEach((image, position) =>
      tx
        .insert(productImages)
        .values({ productId: id, position, ...image })
        .run(),
    );
    claimUploads(tx, images);
    const created = tx.select().from(products).where(eq(products.id, id)).get()!;
    recordActivity(tx, actor, {
      kind: "product.added",
      subject: created.title,
      productId: id,
      changes: [...rowChanges(null, created), { field: "images", before: null, after: images.length }],
    });
    return id;
  });
}

export function productExists(db: Db, id: number) {
  return db.select({ id: products.id }).from(products).where(eq(products.id, id)).get() !== undefined;
}

/** A product as the edit form shows it, with its images. */
export function getAdminProduct(db: Db, storage: Storage, id: number) {
  const product = db
    .select({
      id: products.id,
      title: products.title,
      priceCents: products.priceCents,
      description: products.description,
      stock: products.stock,
      sizes: products.sizes,
      isHidden: products.isHidden,
      oldPriceCents: products.oldPriceCents,
      packaging: products.packaging,
      grade: products.grade,
      conditionNotes: products.conditionNotes,
      inTheBox: products.inTheBox,
      category: categories.name,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .get();
  if (!product) return undefined;
  const images = db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position), asc(productImages.id))
    .all()
    .map((image) => ({ id: image.id, caption: image.caption, ...imageSources(storage, image) }));
  return { ...product, images };
}

/**
 * Updates a product: its fields, which existing images stay, and new ones after them (claimed from
 * the pending uploads in the same transaction). At least one image must remain. Removed images'
 * files are deleted after the change is committed.
 */
async function updateProduct(
  db: Db,
  storage: Storage,
  id: number,
  fields: ProductFields & { isHidden: boolean },
  images: { keepIds?: number[]; added: CaptionedImage[]; captionOf: (image: StoredImage) => string },
  actor: Actor,
) {
  if (!productExists(db, id)) throw new ProductNotFound(`Product ${id} not found`);
  const existing = db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position))
    .all();
  const kept = images.keepIds ? existing.filter((image) => images.keepIds!.includes(image.id)) : existing;
  const removed = existing.filter((image) => !kept.includes(image));
  if (kept.length + images.added.length === 0) throw new ProductNeedsImage();
  writeTransaction(db, (tx) => {
    const before = tx.select().from(products).where(eq(products.id, id)).get();
    const changed = tx
      .update(products)
      .set({
        title: fields.title,
        priceCents: fields.priceCents,
        description: fields.description,
        categoryId: categoryIdOf(tx, fields.category),
        sizes: fields.sizes,
        stock: fields.stock,
        isHidden: fields.isHidden,
        ...conditionOf(fields),
      })
      .where(eq(products.id, id))
      .run();
    if (changed.changes === 0) throw new ProductNotFound(`Product ${id} not found`);
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
    const changes = rowChanges(before ?? null, after);
    if (imageCount !== existing.length || removed.length || images.added.length)
      changes.push({ field: "images", before: existing.length, after: imageCount });
    if (changes.length)
      recordActivity(tx, actor, { kind: "product.edited", subject: after.title, productId: id, changes });
  });
  for (const image of removed) await deleteImageFiles(storage, image);
}

/**
 * The images of a write: stored links (`/api/upload` URLs), kept image ids (the Edit form) and posted
 * files (no JavaScript). `captions` is parallel to the links (or the kept ids), then the files.
 */
export type ProductImagesInput = { links?: string[]; keepIds?: number[]; files?: UploadedFile[]; captions?: string[] };

/**
 * Each image's caption, by its variant prefix: the captions are parallel to the named images (links
 * or kept ids, mapped to their prefixes), then to the stored files. An image without one gets "".
 */
function captionsByPrefix(named: string[], stored: StoredImage[], captions: string[] = []) {
  const byPrefix = new Map<string, string>();
  [...named, ...stored.map((image) => image.variantPrefix)].forEach((prefix, index) => {
    if (!byPrefix.has(prefix)) byPrefix.set(prefix, captions[index] ?? "");
  });
  return (image: Pick<StoredImage, "variantPrefix">) => byPrefix.get(image.variantPrefix) ?? "";
}

/** What a write did beside saving: how many images were new, and why any posted file was refused. */
export type ProductWriteOutcome = { imageCount: number; uploadErrors: string[] };

function toProductFields(input: ProductInput): ProductFields & { isHidden: boolean } {
  return {
    title: input.title,
    priceCents: toCents(input.price),
    description: input.description,
    category: input.category,
    sizes: input.size,
    stock: input.quantity,
    isHidden: input.isHidden,
    oldPriceCents: input.oldPrice === null ? null : toCents(input.oldPrice),
    packaging: input.packaging,
    grade: input.grade,
    conditionNotes: input.conditionNotes,
    inTheBox: input.inTheBox,
  };
}

/**
 * Stores the posted files, runs the write, and removes the files it stored when the write fails:
 * they would belong to no product. Links to pending uploads stay pending (the sweeper has them).
 */
async function withStoredFiles<T>(
  storage: Storage,
  files: UploadedFile[],
  write: (stored: StoredImage[], errors: string[]) => T | Promise<T>,
) {
  const { stored, errors } = await storeUploadedImages(storage, files);
  try {
    return await write(stored, errors);
  } catch (error) {
    for (const image of stored) await deleteImageFiles(storage, image);
    throw error;
  }
}

/**
 * The one way a product is added (Add form and `/api/product/addProduct`): the fields as validated
 * by `productFields`, images from links to pending uploads and from posted files. Throws
 * InvalidImageLink or ProductNeedsImage; leaves no stored file behind when it fails.
 */
export async function addProduct(
  db: Db,
  storage: Storage,
  input: ProductInput,
  images: ProductImagesInput,
  actor: Actor = SYSTEM_ACTOR,
): Promise<ProductWriteOutcome & { id: number }> {
  const linked = resolveImageLinks(db, null, images.links ?? []);
  return withStoredFiles(storage, images.files ?? [], (stored, uploadErrors) => {
    const captionOf = captionsByPrefix(linked.prefixes, stored, images.captions);
    const all = [...linked.added, ...stored].map((image) => ({ ...image, caption: captionOf(image) }));
    if (all.length === 0) throw new ProductNeedsImage(uploadErrors);
    return { id: createProduct(db, toProductFields(input), all, actor), imageCount: all.length, uploadErrors };
  });
}

/**
 * The one way a product is changed (Edit form and `/api/product/edit`). With `links`, they are the
 * product's whole image list (its own images kept, pending uploads added); otherwise `keepIds` says
 * which of its images stay. Throws ProductNotFound, InvalidImageLink or ProductNeedsImage; leaves no
 * stored file behind when it fails.
 */
export async function editProduct(
  db: Db,
  storage: Storage,
  id: number,
  input: ProductInput,
  images: ProductImagesInput,
  actor: Actor = SYSTEM_ACTOR,
): Promise<ProductWriteOutcome> {
  const linked = images.links
    ? resolveImageLinks(db, id, images.links)
    : { keepIds: images.keepIds, added: [], prefixes: keptPrefixes(db, id, images.keepIds) };
  return withStoredFiles(storage, images.files ?? [], async (stored, uploadErrors) => {
    const captionOf = captionsByPrefix(linked.prefixes, stored, images.captions);
    const added = [...linked.added, ...stored].map((image) => ({ ...image, caption: captionOf(image) }));
    try {
      await updateProduct(
        db,
        storage,
        id,
        toProductFields(input),
        { keepIds: linked.keepIds, added, captionOf },
        actor,
      );
    } catch (error) {
      if (error instanceof ProductNeedsImage) throw new ProductNeedsImage(uploadErrors);
      throw error;
    }
    return { imageCount: added.length, uploadErrors };
  });
}

/** The variant prefixes of a product's kept images, in the order of `keepIds` (all its images when absent). */
function keptPrefixes(db: Db, productId: number, keepIds: number[] | undefined) {
  const own = db
    .select({ id: productImages.id, variantPrefix: productImages.variantPrefix })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position))
    .all();
  if (!keepIds) return own.map((image) => image.variantPrefix);
  return keepIds.flatMap((id) => own.find((image) => image.id === id)?.variantPrefix ?? []);
}

/** Hides or shows products; answers how many changed and how many ids were not found. */
export function setProductsHidden(db: Db, ids: number[], hidden: boolean, actor: Actor = SYSTEM_ACTOR) {
  if (ids.length === 0) return { updated: 0, failed: 0 };
  return writeTransaction(db, (tx) => {
    const found = tx
      .select({ id: products.id, title: products.title, isHidden: products.isHidden })
      .from(products)
      .where(inArray(products.id, ids))
      .all();
    const updated = tx.update(products).set({ isHidden: hidden }).where(inArray(products.id, ids)).run().changes;
    for (const product of found) {
      recordActivity(tx, actor, {
        kind: hidden ? "product.hidden" : "product.unhidden",
        subject: product.title,
        productId: product.id,
        changes: rowChanges({ isHidden: product.isHidden }, { isHidden: hidden }),
      });
    }
    return { updated, failed: ids.length - updated };
  });
}

/** Deletes products and then their image files (a file that cannot be removed is logged). */
export async function deleteProducts(db: Db, storage: Storage, ids: number[], actor: Actor = SYSTEM_ACTOR) {
  const images = ids.length ? db.select().from(productImages).where(inArray(productImages.productId, ids)).all() : [];
  const deleted = ids.length
    ? writeTransaction(db, (tx) => {
        const found = tx
          .select({ id: products.id, title: products.title })
          .from(products)
          .where(inArray(products.id, ids))
          .all();
        for (const product of found)
          recordActivity(tx, actor, { kind: "product.deleted", subject: product.title, productId: product.id });
        return tx.delete(products).where(inArray(products.id, ids)).run().changes;
      })
    : 0;
  for (const image of images) await deleteImageFiles(storage, image);
  return { deleted, failed: ids.length - deleted };
}

/** Product titles for a confirmation ("Delete these 3 products?"). */
export function productTitles(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: products.id, title: products.title }).from(products).where(inArray(products.id, ids)).all();
}

/** Remembers images uploaded through the API until a product names them. */
export function recordPendingUploads(db: Db, images: StoredImage[]) {
  for (const image of images) db.insert(pendingUploads).values(image).run();
}

/**
 * Removes uploads that no product claimed within `maxAgeMs` (an admin picked an image, then
 * removed it or left the form), with their files. Answers how many went.
 */
export async function sweepPendingUploads(db: Db, storage: Storage, maxAgeMs: number, now = Date.now()) {
  const stale = db
    .select()
    .from(pendingUploads)
    .where(lt(pendingUploads.createdAt, new Date(now - maxAgeMs)))
    .all();
  if (stale.length === 0) return 0;
  db.delete(pendingUploads)
    .where(
      inArray(
        pendingUploads.variantPrefix,
        stale.map((image) => image.variantPrefix),
      ),
    )
    .run();
  for (const image of stale) await deleteImageFiles(storage, image);
  return stale.length;
}

export class InvalidImageLink extends Error {}

const STORED_IMAGE_PATH = /\/uploads\/(products\/[a-f0-9]{24})(?:-\d+\.webp|\.[a-z]+)$/;

/**
 * Maps `image_link` URLs back to stored images: those of the product itself (kept) and pending
 * uploads (added). A URL that is not one of ours is refused, so a product never points elsewhere.
 * An unknown product is ProductNotFound first: its links cannot be judged without it.
 * addProduct and editProduct claim the added uploads in their own transaction.
 */
export function resolveImageLinks(db: Db, productId: number | null, links: string[]) {
  if (productId !== null && !productExists(db, productId)) throw new ProductNotFound(`Product ${productId} not found`);
  const prefixes = links.map((link) => {
    let path: string;
    try {
      path = new URL(link, "http://shop.invalid").pathname;
    } catch {
      throw new InvalidImageLink(`image_link: ${link} is not a URL`);
    }
    const prefix = STORED_IMAGE_PATH.exec(path)?.[1];
    if (!prefix) throw new InvalidImageLink(`image_link: ${link} is not an image uploaded to this shop`);
    return prefix;
  });
  const unique = [...new Set(prefixes)];
  const own =
    productId === null || unique.length === 0
      ? []
      : db
          .select()
          .from(productImages)
          .where(and(eq(productImages.productId, productId), inArray(productImages.variantPrefix, unique)))
          .all();
  const pending = unique.length
    ? db.select().from(pendingUploads).where(inArray(pendingUploads.variantPrefix, unique)).all()
    : [];
  const keepIds: number[] = [];
  const added: StoredImage[] = [];
  for (const prefix of unique) {
    const kept = own.find((image) => image.variantPrefix === prefix);
    if (kept) {
      keepIds.push(kept.id);
      continue;
    }
    const upload = pending.find((image) => image.variantPrefix === prefix);
    if (!upload) throw new InvalidImageLink(`image_link: ${prefix} is not an uploaded image`);
    added.push({
      originalKey: upload.originalKey,
      variantPrefix: upload.variantPrefix,
      variantWidths: upload.variantWidths,
      width: upload.width,
      height: upload.height,
    });
  }
  return { keepIds, added, prefixes };
}

/** One page of every product's id (hidden ones too), newest first, and how many there are: the admin API's listing. */
export function pageOfProductIds(db: Db, { limit, offset }: { limit: number; offset: number }) {
  const ids = db
    .select({ id: products.id })
    .from(products)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
    .offset(offset)
    .all();
  // Not db.$count(): on better-sqlite3 it is a query builder, not a number.
  const total = db.select({ total: count() }).from(products).get()!.total;
  return { ids: ids.map((row) => row.id), total };
}
