import { eq, inArray } from "drizzle-orm";
import { categories, products } from "../../db/schema/index.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { absoluteUrl, type Storage } from "~/platform/files/storage.server.ts";
import { toDollars } from "~/utils/money.ts";
import { imagesOf, largestUrl, type StoredImageRow } from "./product-cards.server.ts";
import { stockBySizeOf } from "./size-stock.server.ts";
import type { StockBySize } from "./views.ts";

/** The /api/ shape of a product, shared by the public and the administrator calls. */

export type ApiProduct = {
  _id: string;
  Title: string;
  Description: string;
  /** The Arabic title and description; null when the product has none. */
  titleAr: string | null;
  descriptionAr: string | null;
  price: number;
  oldPrice: number | null;
  /** The stock; the sum of `stockBySize` when the product keeps stock per size. */
  quantity: number;
  size: string[];
  /** Each size's stock, keys exactly `size`; null: one shared stock. */
  stockBySize: StockBySize | null;
  image_link: string[];
  thumbnail: string | null;
  Category: string;
  createdAt: string;
  isHidden?: boolean;
  packaging: string;
  grade: string;
  conditionNotes: string;
  inTheBox: string[];
  /** Parallel to image_link; "" for an image without a caption. */
  imageCaptions: string[];
  /** What the owner paid, in dollars (null: not known): only in the products area's own calls. */
  costPrice?: number | null;
};

const apiColumns = {
  id: products.id,
  title: products.title,
  description: products.description,
  titleAr: products.titleAr,
  descriptionAr: products.descriptionAr,
  priceCents: products.priceCents,
  oldPriceCents: products.oldPriceCents,
  stock: products.stock,
  sizes: products.sizes,
  isHidden: products.isHidden,
  createdAt: products.createdAt,
  category: categories.name,
  packaging: products.packaging,
  grade: products.grade,
  conditionNotes: products.conditionNotes,
  inTheBox: products.inTheBox,
};

type ApiRow = {
  id: number;
  title: string;
  description: string;
  titleAr: string | null;
  descriptionAr: string | null;
  priceCents: number;
  oldPriceCents: number | null;
  stock: number;
  sizes: string[];
  isHidden: boolean;
  createdAt: Date;
  /** The category value, e.g. "Home Appliances". */
  category: string;
  packaging: string;
  grade: string;
  conditionNotes: string;
  inTheBox: string[];
  stockBySize: StockBySize | null;
  costCents?: number | null;
};

/**
 * `admin`: with `isHidden` (any signed-in staff member). `cost`: with `costPrice`, for the calls of
 * the products area alone (the owner and the Catalogue role); no other answer reads the column.
 */
export type ApiProductOptions = { admin?: boolean; cost?: boolean };

/** Reads products by id (in the given order) in the API's shape; absolute image URLs. */
export function apiProductsByIds(
  db: Db,
  storage: Storage,
  origin: string,
  ids: number[],
  options: ApiProductOptions = {},
): ApiProduct[] {
  if (ids.length === 0) return [];
  const rows: Omit<ApiRow, "stockBySize">[] = db
    .select(options.cost ? { ...apiColumns, costCents: products.costCents } : apiColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, ids))
    .all();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const images = imagesOf(db, ids);
  const stock = stockBySizeOf(db, rows);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      toApiProduct({ ...row, stockBySize: stock.get(id) ?? null }, images.get(id) ?? [], storage, origin, options),
    ];
  });
}

export function toApiProduct(
  row: ApiRow,
  images: Pick<StoredImageRow, "variantPrefix" | "variantWidths" | "caption">[],
  storage: Storage,
  origin: string,
  options: ApiProductOptions = {},
): ApiProduct {
  const links = images.map((image) => absoluteUrl(origin, largestUrl(storage, image)));
  const first = images[0];
  return {
    _id: String(row.id),
    Title: row.title,
    Description: row.description,
    titleAr: row.titleAr,
    descriptionAr: row.descriptionAr,
    price: toDollars(row.priceCents),
    oldPrice: row.oldPriceCents === null ? null : toDollars(row.oldPriceCents),
    quantity: row.stock,
    size: row.sizes,
    stockBySize: row.stockBySize,
    image_link: links,
    thumbnail: first ? absoluteUrl(origin, storage.url(`${first.variantPrefix}-${first.variantWidths[0]}.webp`)) : null,
    Category: row.category,
    createdAt: row.createdAt.toISOString(),
    ...(options.admin ? { isHidden: row.isHidden } : {}),
    packaging: row.packaging,
    grade: row.grade,
    conditionNotes: row.conditionNotes,
    inTheBox: row.inTheBox,
    imageCaptions: images.map((image) => image.caption),
    ...(options.cost ? { costPrice: row.costCents == null ? null : toDollars(row.costCents) } : {}),
  };
}
