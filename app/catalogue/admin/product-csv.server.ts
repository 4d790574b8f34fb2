import type { Database } from "better-sqlite3";
import { type Db, openReadOnlyConnection } from "~/platform/db/db.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import { type CsvProduct, PRODUCT_CSV_COLUMNS } from "./product-csv-columns.server.ts";

/** Every product the way the CSV sees it, in one statement (`where` narrows it to some ids). */
const PRODUCTS_SQL = `
  select p.id, p.title, p.description, c.name, p.price_cents, p.old_price_cents, p.stock, p.sizes,
    p.is_hidden, p.packaging, p.grade, p.condition_notes, p.in_the_box, p.created_at,
    (select json_group_object(s.size, s.stock) from product_size_stock s where s.product_id = p.id having count(*) > 0),
    (select json_group_array(json_array(i.variant_prefix, json(i.variant_widths), i.caption))
       from (select * from product_images where product_id = p.id order by position) i),
    p.title_ar, p.description_ar, p.cost_cents
  from products p join categories c on c.id = p.category_id`;

type Row = [
  number,
  string,
  string,
  string,
  number,
  number | null,
  number,
  string,
  number,
  string,
  string,
  string,
  string,
  number,
  string | null,
  string,
  string | null,
  string | null,
  number | null,
];

/** Where an image is linked from: the largest variant, as `/api/` links it. */
export type ImageUrl = (prefix: string, widths: number[]) => string;

function toCsvProduct(row: Row, imageUrl: ImageUrl): CsvProduct {
  const [id, title, description, category, priceCents, oldPriceCents, stock, sizes, isHidden] = row;
  const [, , , , , , , , , packaging, grade, conditionNotes, inTheBox, createdAt, stockJson, imagesJson] = row;
  const [titleAr, descriptionAr, costCents] = row.slice(16) as [string | null, string | null, number | null];
  const sizeList = JSON.parse(sizes) as string[];
  const stockBySize = stockJson === null ? null : (JSON.parse(stockJson) as Record<string, number>);
  const images = JSON.parse(imagesJson) as [string, number[], string][];
  return {
    id,
    title,
    description,
    category,
    priceCents,
    oldPriceCents,
    costCents,
    stock,
    sizes: sizeList,
    // Keys in the order of the product's sizes.
    stockBySize: stockBySize && Object.fromEntries(sizeList.map((size) => [size, stockBySize[size] ?? 0])),
    isHidden: isHidden === 1,
    packaging,
    grade,
    conditionNotes,
    inTheBox: JSON.parse(inTheBox) as string[],
    titleAr,
    descriptionAr,
    images: images.map(([prefix, widths, caption]) => ({ prefix, url: imageUrl(prefix, widths), caption })),
    createdAt: new Date(createdAt),
  };
}

/** The products with these ids (on the shop's connection, inside a transaction if there is one), by id. */
export function csvProductsByIds(db: Db, ids: number[], imageUrl: ImageUrl): Map<number, CsvProduct> {
  const found = new Map<number, CsvProduct>();
  if (ids.length === 0) return found;
  const rows = db.$client
    .prepare(`${PRODUCTS_SQL} where p.id in (select value from json_each(?))`)
    .raw(true)
    .all(JSON.stringify(ids)) as Row[];
  for (const row of rows) found.set(row[0], toCsvProduct(row, imageUrl));
  return found;
}

export type ProductCsvRow = Record<string, string>;

/** The CSV's columns as csvResponse takes them: keyed by header. */
export const PRODUCT_CSV_HEADERS = PRODUCT_CSV_COLUMNS.map((column) => ({ key: column.header, header: column.header }));

/** A product's cells, by header. */
export function productCsvRow(product: CsvProduct): ProductCsvRow {
  const row: ProductCsvRow = {};
  for (const column of PRODUCT_CSV_COLUMNS) row[column.header] = column.cell(product);
  return row;
}

/**
 * Every product, hidden ones too, by id, one CSV row at a time, read on a read-only connection of
 * its own (decision 018) that closes when the rows run out or the caller stops early.
 */
export function* exportProducts(db: Db, imageUrl: ImageUrl): Generator<ProductCsvRow> {
  const connection: Database = openReadOnlyConnection(db);
  try {
    const rows = connection.prepare(`${PRODUCTS_SQL} order by p.id`).raw(true).iterate() as IterableIterator<Row>;
    for (const row of rows) yield productCsvRow(toCsvProduct(row, imageUrl));
  } finally {
    connection.close();
  }
}

/** Image links as the export writes them (and `/api/` gives them): absolute, the largest variant. */
export function productImageUrl(origin: string, storage: Storage): ImageUrl {
  return (prefix, widths) => origin + storage.url(`${prefix}-${widths[widths.length - 1]}.webp`);
}
