import crypto from "node:crypto";
import { inArray } from "drizzle-orm";
import { pendingUploads, productImages } from "../../../db/schema/index.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { deleteImageFiles, imageFileKeys, type StoredImage } from "~/platform/files/images.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import type { ImageCopies } from "./image-links.server.ts";
import { storedImagePrefix } from "./image-links.server.ts";
import { recordPendingUploads } from "./pending-uploads.server.ts";
import { CellRefused, importedCell, type ProductCsvColumn, type ProductPayload } from "./product-csv-columns.server.ts";

/** The stored images of these prefixes that belong to some product, with the products that hold each. */
export function productImagesByPrefix(db: Db, prefixes: string[]) {
  const found = new Map<string, { image: StoredImage; owners: Set<number> }>();
  if (prefixes.length === 0) return found;
  const rows = db.select().from(productImages).where(inArray(productImages.variantPrefix, prefixes)).all();
  for (const row of rows) {
    const entry = found.get(row.variantPrefix) ?? {
      image: {
        originalKey: row.originalKey,
        variantPrefix: row.variantPrefix,
        variantWidths: row.variantWidths,
        width: row.width,
        height: row.height,
      },
      owners: new Set<number>(),
    };
    entry.owners.add(row.productId);
    found.set(row.variantPrefix, entry);
  }
  return found;
}

/** The prefixes among these that are pending uploads (not yet any product's). */
export function pendingPrefixes(db: Db, prefixes: string[]) {
  if (prefixes.length === 0) return new Set<string>();
  const rows = db
    .select({ prefix: pendingUploads.variantPrefix })
    .from(pendingUploads)
    .where(inArray(pendingUploads.variantPrefix, prefixes))
    .all();
  return new Set(rows.map((row) => row.prefix));
}

/**
 * A copy of a stored image's files under a new random name, recorded as a pending upload (so the
 * sweeper removes it if no product claims it). A variant that is missing is left out of the copy.
 */
export async function copyStoredImage(db: Db, storage: Storage, source: StoredImage): Promise<StoredImage> {
  const prefix = `products/${crypto.randomBytes(12).toString("hex")}`;
  const renamed = (key: string) => prefix + key.slice(source.variantPrefix.length);
  const copy: StoredImage = { ...source, variantPrefix: prefix, originalKey: renamed(source.originalKey) };
  const written: string[] = [];
  try {
    for (const key of imageFileKeys(source)) {
      const bytes = await storage.get(key);
      if (!bytes) continue;
      await storage.put(renamed(key), bytes);
      written.push(key);
    }
  } catch (error) {
    for (const key of written) await storage.delete(renamed(key)).catch(() => {});
    throw error;
  }
  recordPendingUploads(db, [copy]);
  return copy;
}

/** Removes copies no product claimed (a refused import): their pending rows and their files. */
export async function discardImageCopies(db: Db, storage: Storage, copies: StoredImage[]) {
  if (copies.length === 0) return;
  db.delete(pendingUploads)
    .where(
      inArray(
        pendingUploads.variantPrefix,
        copies.map((copy) => copy.variantPrefix),
      ),
    )
    .run();
  for (const copy of copies) await deleteImageFiles(storage, copy);
}

/**
 * Images a row names that belong to another product (the shop's own image URLs, e.g. copied from
 * another row of the export): the product the row writes gets its own copy, so deleting either
 * product leaves the other's image. Made before the write's transaction (copying files cannot wait
 * inside it), as pending uploads the write claims; a dry run copies nothing and lets the write take
 * the source image itself, which its rollback undoes. By row.
 */
export async function copiesOfBorrowedImages(
  db: Db,
  storage: Storage,
  columns: ProductCsvColumn[],
  records: { row: number; cells: string[] }[],
  commit: boolean,
) {
  const imagesColumn = columns.findIndex((column) => column.fields?.includes("image_link"));
  const idColumn = columns.findIndex((column) => column.header === "_id");
  const byRow = new Map<number, ImageCopies>();
  const made: StoredImage[] = [];
  if (imagesColumn === -1) return { byRow, made };
  const named = records.map(({ row, cells }) => {
    const payload: ProductPayload = {};
    try {
      columns[imagesColumn]!.read?.(importedCell(cells[imagesColumn] ?? ""), payload);
    } catch (error) {
      if (!(error instanceof CellRefused)) throw error;
    }
    const links = Array.isArray(payload.image_link) ? (payload.image_link as unknown[]) : [];
    const prefixes = links.flatMap((link) => (typeof link === "string" ? (storedImagePrefix(link) ?? []) : []));
    const idCell = idColumn === -1 ? "" : (cells[idColumn] ?? "").trim();
    return { row, id: /^\d{1,15}$/.test(idCell) ? Number(idCell) : null, prefixes: [...new Set(prefixes)] };
  });
  const all = [...new Set(named.flatMap((entry) => entry.prefixes))];
  const stored = productImagesByPrefix(db, all);
  const pending = pendingPrefixes(db, all);
  try {
    for (const { row, id, prefixes } of named)
      for (const prefix of prefixes) {
        const source = stored.get(prefix);
        if (!source || pending.has(prefix) || (id !== null && source.owners.has(id))) continue;
        const copy = commit ? await copyStoredImage(db, storage, source.image) : source.image;
        if (commit) made.push(copy);
        byRow.set(row, (byRow.get(row) ?? new Map()).set(prefix, copy));
      }
  } catch (error) {
    await discardImageCopies(db, storage, made);
    throw error;
  }
  return { byRow, made };
}
