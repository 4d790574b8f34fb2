import { and, eq, inArray } from "drizzle-orm";
import { pendingUploads, productImages } from "../../../db/schema/index.ts";
import type { Db } from "~/platform/db/db.server.ts";
import type { StoredImage } from "~/platform/files/images.server.ts";
import { productExists, ProductNotFound } from "./product-records.server.ts";

export class InvalidImageLink extends Error {}

/** Another product's image a write names: the copy the product gets in its place, by the source's prefix. */
export type ImageCopies = Map<string, StoredImage>;

/** `/uploads/products/<random>…` on this shop, or `<S3_PUBLIC_URL path>/products/<random>…` on a CDN. */
const STORED_IMAGE_PATH = /\/(products\/[a-f0-9]{24})(?:-\d+\.webp|\.[a-z]+)$/;

/** The stored image a link names (its variant prefix), or null when it is not one of the shop's. */
export function storedImagePrefix(link: string): string | null {
  try {
    return STORED_IMAGE_PATH.exec(new URL(link, "http://shop.invalid").pathname)?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * Maps `image_link` URLs back to stored images: those of the product itself (kept) and pending
 * uploads (added). A URL that is not one of ours is refused, so a product never points elsewhere.
 * An unknown product is ProductNotFound first: its links cannot be judged without it.
 * addProduct and editProduct claim the added uploads in their own transaction. `copies` (the
 * import) stand for other products' images the write names: the product gets its own copy.
 */
export function resolveImageLinks(db: Db, productId: number | null, links: string[], copies?: ImageCopies) {
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
  const copied = new Map<string, string>();
  for (const prefix of unique) {
    const kept = own.find((image) => image.variantPrefix === prefix);
    if (kept) {
      keepIds.push(kept.id);
      continue;
    }
    const upload = pending.find((image) => image.variantPrefix === prefix);
    const copy = upload ? undefined : copies?.get(prefix);
    if (copy) {
      added.push(copy);
      copied.set(prefix, copy.variantPrefix);
      continue;
    }
    if (!upload) throw new InvalidImageLink(`image_link: ${prefix} is not an uploaded image`);
    added.push({
      originalKey: upload.originalKey,
      variantPrefix: upload.variantPrefix,
      variantWidths: upload.variantWidths,
      width: upload.width,
      height: upload.height,
    });
  }
  // The captions follow each image by its prefix: a copy's, where the link named another product's.
  return { keepIds, added, prefixes: prefixes.map((prefix) => copied.get(prefix) ?? prefix) };
}
