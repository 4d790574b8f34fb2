import { asc, type Column, eq, sql } from "drizzle-orm";
import { productImages, products } from "../../db/schema/index.ts";
import type { Grade, Packaging } from "~/catalogue/condition.ts";
import { type Db, preparedOnce } from "~/platform/db/db.server.ts";
import { imageSources } from "~/platform/files/images.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import { shownOldPriceCents } from "~/utils/money.ts";
import type { ProductCardData } from "~/catalogue/views.ts";
import { inventsOldPrice } from "~/settings/shop-settings.server.ts";
import { sizesWithNoneLeft } from "./size-stock.ts";
import { stockBySizeOf } from "./size-stock.server.ts";

/** What every shopper listing shares: the card's columns, the visibility rule and the cards' images. */

export type StoredImageRow = {
  productId: number;
  variantPrefix: string;
  variantWidths: number[];
  width: number;
  height: number;
  originalKey: string;
  caption: string;
};

/** What a product card shows; the same card on the home carousels and /shop. */
export const cardColumns = {
  id: products.id,
  title: products.title,
  titleAr: products.titleAr,
  priceCents: products.priceCents,
  oldPriceCents: products.oldPriceCents,
  stock: products.stock,
  sizes: products.sizes,
  packaging: sql<Packaging>`${products.packaging}`,
  grade: sql<Grade>`${products.grade}`,
};

export type CardRow = Omit<ProductCardData, "image">;

export const visible = eq(products.isHidden, false);

/** `column in (…)` for a list passed as one JSON array: one prepared statement for any number of values. */
export const inJsonList = (column: Column, name: string) =>
  sql`${column} in (select value from json_each(${sql.placeholder(name)}))`;

/** The images of several products, in gallery order: one query, prepared once. */
const imagesOfProducts = preparedOnce((db) =>
  db
    .select({
      productId: productImages.productId,
      variantPrefix: productImages.variantPrefix,
      variantWidths: productImages.variantWidths,
      width: productImages.width,
      height: productImages.height,
      originalKey: productImages.originalKey,
      caption: productImages.caption,
    })
    .from(productImages)
    .where(inJsonList(productImages.productId, "productIds"))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id))
    .prepare(),
);

export function imagesOf(db: Db, productIds: number[]): Map<number, StoredImageRow[]> {
  const byProduct = new Map<number, StoredImageRow[]>();
  if (productIds.length === 0) return byProduct;
  for (const row of imagesOfProducts(db).all({ productIds: JSON.stringify(productIds) })) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/**
 * Card rows with their first image, the struck-through price the shop's settings decide and, for a
 * product in stock that keeps stock per size, the sizes with none left (marked on the card as on the
 * product page; absent when none, so a card without sized stock carries nothing more).
 */
export function withCardImages(db: Db, storage: Storage, rows: CardRow[]): ProductCardData[] {
  const images = imagesOf(
    db,
    rows.map((row) => row.id),
  );
  const bySize = stockBySizeOf(
    db,
    rows.filter((row) => row.stock > 0),
  );
  const invent = inventsOldPrice(db);
  return rows.map((row) => {
    const first = images.get(row.id)?.[0];
    const soldOutSizes = sizesWithNoneLeft({ ...row, stockBySize: bySize.get(row.id) });
    return {
      ...row,
      oldPriceCents: shownOldPriceCents(row.priceCents, row.oldPriceCents, invent),
      image: first ? imageSources(storage, first) : null,
      ...(soldOutSizes.length > 0 ? { soldOutSizes } : {}),
    };
  });
}

/** The URL of an image's widest variant: the gallery's full view and the API's `image_link`. */
export function largestUrl(storage: Storage, image: Pick<StoredImageRow, "variantPrefix" | "variantWidths">) {
  return storage.url(`${image.variantPrefix}-${image.variantWidths[image.variantWidths.length - 1]}.webp`);
}
