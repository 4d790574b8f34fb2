import { and, eq } from "drizzle-orm";
import { products } from "../../db/schema/index.ts";
import type { Grade, Packaging } from "~/catalogue/condition.ts";
import { cachedPerCatalogueVersionWith } from "~/platform/db/catalogue-version.server.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { imageSources, shareImageKey, shareImageSize } from "~/platform/files/images.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import { shownOldPriceCents } from "~/utils/money.ts";
import type { ImageSources, StockBySize } from "~/catalogue/views.ts";
import { inventsOldPrice } from "~/settings/shop-settings.server.ts";
import { cardColumns, imagesOf, largestUrl, visible } from "./product-cards.server.ts";
import { stockBySizeOf } from "./size-stock.server.ts";

export type ProductDetail = {
  id: number;
  title: string;
  description: string;
  /** The Arabic title and description the /ar page shows instead; null: none. */
  titleAr: string | null;
  descriptionAr: string | null;
  priceCents: number;
  oldPriceCents: number | null;
  /** The total: the sum of `stockBySize` when the product keeps stock per size. */
  stock: number;
  sizes: string[];
  /** Each size's stock (keys exactly `sizes`); null: one shared stock. */
  stockBySize: StockBySize | null;
  packaging: Packaging;
  grade: Grade;
  conditionNotes: string;
  inTheBox: string[];
  categoryId: number;
  createdAt: Date;
  images: (ImageSources & { full: string; caption: string })[];
  /** The first photo's JPEG for link previews (its URL as stored: a path here, or a CDN's); null: no photo. */
  shareImage: { url: string; width: number; height: number } | null;
};

/**
 * A visible product with its gallery; undefined when unknown or hidden (a 404). The 512 most
 * recently asked are cached until the catalogue changes (a product page is asked again and again).
 */
export function getVisibleProduct(db: Db, storage: Storage, id: number): ProductDetail | undefined {
  return cachedProducts(db, storage, String(id));
}

const cachedProducts = cachedPerCatalogueVersionWith(
  (db: Db, storage: Storage, id: string) => readVisibleProduct(db, storage, Number(id)),
  512,
);

function readVisibleProduct(db: Db, storage: Storage, id: number): ProductDetail | undefined {
  const row = db
    .select({
      ...cardColumns,
      description: products.description,
      descriptionAr: products.descriptionAr,
      conditionNotes: products.conditionNotes,
      inTheBox: products.inTheBox,
      categoryId: products.categoryId,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(and(eq(products.id, id), visible))
    .get();
  if (!row) return undefined;
  const stored = imagesOf(db, [id]).get(id) ?? [];
  const first = stored[0];
  const images = stored.map((image) => ({
    ...imageSources(storage, image),
    full: largestUrl(storage, image),
    caption: image.caption,
  }));
  return {
    ...row,
    oldPriceCents: shownOldPriceCents(row.priceCents, row.oldPriceCents, inventsOldPrice(db)),
    stockBySize: stockBySizeOf(db, [row]).get(id) ?? null,
    images,
    shareImage: first ? { url: storage.url(shareImageKey(first.variantPrefix)), ...shareImageSize(first) } : null,
  };
}
