import { inArray, lt } from "drizzle-orm";
import { pendingUploads } from "../../../db/schema/index.ts";
import type { Db, Tx } from "~/platform/db/db.server.ts";
import { deleteImageFiles, type StoredImage } from "~/platform/files/images.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";

/** The images now belong to a product: they leave the pending uploads, so the sweeper keeps their files. */
export function claimUploads(tx: Tx, images: StoredImage[]) {
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

/** The link a pending upload is named by in `image_link` and the forms: its largest variant. */
export function pendingUploadLink(storage: Storage, image: StoredImage) {
  return storage.url(`${image.variantPrefix}-${image.variantWidths[image.variantWidths.length - 1]}.webp`);
}

/** Remembers images uploaded through the API until a product names them. */
export function recordPendingUploads(db: Db, images: StoredImage[]) {
  for (const image of images) db.insert(pendingUploads).values(image).run();
}

/**
 * Removes uploads that no product claimed within `maxAgeMs` (an admin picked an image, then
 * removed it or left the form), with their files. Returns how many went.
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
