import { asc, eq } from "drizzle-orm";
import { productImages } from "../../../db/schema/index.ts";
import type { Db, Tx } from "~/platform/db/db.server.ts";
import { deleteImageFiles, type StoredImage } from "~/platform/files/images.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import { storeUploadedImages, type UploadedFile } from "~/platform/files/upload.server.ts";
import { toCents } from "~/utils/money.ts";
import type { ProductInput } from "~/catalogue/product-schema.ts";
import { type Actor, SYSTEM_ACTOR } from "~/platform/activity/activity-log.server.ts";
import { type ImageCopies, resolveImageLinks } from "./image-links.server.ts";
import {
  changeProduct,
  createProduct,
  insertProduct,
  type ProductFields,
  ProductNeedsImage,
  type ProductWriteRules,
  updateProduct,
} from "./product-records.server.ts";

/**
 * The images of a write: stored links (`/api/upload` URLs), kept image ids (the Edit form) and posted
 * files (no JavaScript). `captions` is parallel to the links (or the kept ids), then the files.
 */
export type ProductImagesInput = {
  links?: string[];
  keepIds?: number[];
  files?: UploadedFile[];
  captions?: string[];
  /** The import: copies of other products' images the links name (see resolveImageLinks). */
  copies?: ImageCopies;
};

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

/**
 * The stock per size as the model keeps it: exactly the chosen sizes (a form may post fields of sizes
 * that are not ticked, holding nothing: validated and dropped), and none for a product without sizes.
 */
function chosenStockBySize(input: ProductInput): ProductFields["stockBySize"] {
  if (!input.stockBySize) return input.stockBySize;
  if (input.size.length === 0) return null;
  return Object.fromEntries(input.size.map((size) => [size, input.stockBySize![size] ?? 0]));
}

function toProductFields(input: ProductInput): ProductFields & { isHidden: boolean } {
  return {
    title: input.title,
    priceCents: toCents(input.price),
    description: input.description,
    category: input.category,
    sizes: input.size,
    stock: input.quantity,
    stockBySize: chosenStockBySize(input),
    isHidden: input.isHidden,
    oldPriceCents: input.oldPrice === null ? null : toCents(input.oldPrice),
    // The schema refused a third decimal, so this is exactly the cents typed.
    costCents: input.costPrice === undefined || input.costPrice === null ? input.costPrice : toCents(input.costPrice),
    packaging: input.packaging,
    grade: input.grade,
    conditionNotes: input.conditionNotes,
    inTheBox: input.inTheBox,
    titleAr: input.titleAr,
    descriptionAr: input.descriptionAr,
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

/**
 * addProduct and editProduct for a caller that writes many products in its own transaction (the
 * import): the same mapping, links and rules, images only as links. Each throws what they throw;
 * `edit` returns the images it removed, whose files the caller deletes once it has committed.
 */
export const productWritesInTransaction = {
  add(tx: Tx, db: Db, input: ProductInput, images: ProductImagesInput, actor: Actor, rules: ProductWriteRules = {}) {
    const linked = resolveImageLinks(db, null, images.links ?? [], images.copies);
    const captionOf = captionsByPrefix(linked.prefixes, [], images.captions);
    const all = linked.added.map((image) => ({ ...image, caption: captionOf(image) }));
    return insertProduct(tx, toProductFields(input), all, actor, rules);
  },
  edit(
    tx: Tx,
    db: Db,
    id: number,
    input: ProductInput,
    images: ProductImagesInput,
    actor: Actor,
    rules: ProductWriteRules = {},
  ) {
    const linked = resolveImageLinks(db, id, images.links ?? [], images.copies);
    const captionOf = captionsByPrefix(linked.prefixes, [], images.captions);
    const added = linked.added.map((image) => ({ ...image, caption: captionOf(image) }));
    return changeProduct(
      tx,
      db,
      id,
      toProductFields(input),
      { keepIds: linked.keepIds, added, captionOf },
      actor,
      rules,
    );
  },
};

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
