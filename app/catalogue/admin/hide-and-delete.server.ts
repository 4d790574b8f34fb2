import { inArray } from "drizzle-orm";
import { productImages, products } from "../../../db/schema/index.ts";
import { type Db, writeTransaction } from "~/platform/db/db.server.ts";
import { deleteImageFiles } from "~/platform/files/images.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import { type Actor, recordActivity, rowChanges, SYSTEM_ACTOR } from "~/platform/activity/activity-log.server.ts";

/** Hides or shows products; returns how many changed and how many ids were not found. */
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
