import { and, asc, eq, gt, lte, max } from "drizzle-orm";
import { meta, pendingUploads, productImages } from "../../db/schema/index.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { ensureShareImage } from "~/platform/files/images.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";

/** `meta` row: the highest product_images id known to have its share JPEG, so a restart resumes there. */
export const SHARE_IMAGES_THROUGH = "share-images-through";

/** Rows read per query: the pass holds one batch of rows and one image's bytes at a time. */
const BATCH = 100;

/**
 * Gives every image stored before the shop made share JPEGs (decision 051) its JPEG, once, at
 * start and in the background: one image at a time, from its stored original (local disk or S3),
 * so at most one decode runs and a page never waits for it. Images stored since are made with it
 * (`storeImage`); the pass skips one whose JPEG is there (a cheap `exists`, a HEAD on S3).
 *
 * Which images are left is kept in `meta` (`SHARE_IMAGES_THROUGH`), advanced after each batch: a
 * restart goes on where the last pass stopped, and after a finished pass a start looks only at
 * images added since. Uploads not yet claimed by a product are looked at every start (a day's worth
 * at most: the sweeper removes older ones); a claimed one keeps its files under the same keys.
 */
export async function makeMissingShareImages(
  db: Db,
  storage: Storage,
  options: { signal?: AbortSignal; onError?: (key: string, error: unknown) => void } = {},
) {
  let made = 0;
  const make = async (image: Parameters<typeof ensureShareImage>[1]) => {
    try {
      if (await ensureShareImage(storage, image)) made += 1;
    } catch (error) {
      // An image that will not decode or a storage hiccup: the others still get theirs.
      options.onError?.(image.originalKey, error);
    }
  };

  const pending = db
    .select({
      originalKey: pendingUploads.originalKey,
      variantPrefix: pendingUploads.variantPrefix,
      width: pendingUploads.width,
      height: pendingUploads.height,
    })
    .from(pendingUploads)
    .all();
  for (const image of pending) {
    if (options.signal?.aborted) return made;
    await make(image);
  }

  // Up to the images there are now: any added later was stored with its JPEG.
  const last =
    db
      .select({ id: max(productImages.id) })
      .from(productImages)
      .get()?.id ?? 0;
  let through = Number(
    db.select({ value: meta.value }).from(meta).where(eq(meta.key, SHARE_IMAGES_THROUGH)).get()?.value ?? 0,
  );
  while (through < last && !options.signal?.aborted) {
    const batch = db
      .select({
        id: productImages.id,
        originalKey: productImages.originalKey,
        variantPrefix: productImages.variantPrefix,
        width: productImages.width,
        height: productImages.height,
      })
      .from(productImages)
      .where(and(gt(productImages.id, through), lte(productImages.id, last)))
      .orderBy(asc(productImages.id))
      .limit(BATCH)
      .all();
    if (batch.length === 0) break;
    for (const image of batch) {
      if (options.signal?.aborted) return made;
      await make(image);
      through = image.id;
    }
    saveThrough(db, through);
  }
  if (through < last && !options.signal?.aborted) saveThrough(db, last);
  return made;
}

function saveThrough(db: Db, through: number) {
  db.insert(meta)
    .values({ key: SHARE_IMAGES_THROUGH, value: String(through) })
    .onConflictDoUpdate({ target: meta.key, set: { value: String(through) } })
    .run();
}
