import path from "node:path";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { type Db, type Tx, writeTransaction } from "~/platform/db/db.server.ts";
import { readCsvFile } from "~/platform/files/csv-read.server.ts";
import { CsvFileRefused } from "~/platform/files/csv-read.server.ts";
import { deleteImageFiles } from "~/platform/files/images.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import { toCents } from "~/utils/money.ts";
import { apiProductWrite } from "~/catalogue/product-schema.ts";
import { type Actor, recordActivity } from "~/platform/activity/activity-log.server.ts";
import { copiesOfBorrowedImages, discardImageCopies, pendingPrefixes } from "./image-copies.server.ts";
import { type ImageCopies, InvalidImageLink, storedImagePrefix } from "./image-links.server.ts";
import { csvProductsByIds, type ImageUrl } from "./product-csv.server.ts";
import {
  CellRefused,
  columnNamed,
  columnOfField,
  type CsvProduct,
  importedCell,
  PRODUCT_CSV_COLUMNS,
  type ProductCsvColumn,
  type ProductPayload,
} from "./product-csv-columns.server.ts";
import { ProductNeedsImage, ProductNotFound, StockBySizeNeeded } from "./product-records.server.ts";
import { productWritesInTransaction } from "./product-writes.server.ts";

/** A products import takes at most 5 MB and 5,000 rows a file. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5_000;
export const IMPORT_TOO_LARGE = "The file is larger than 5 MB: import at most 5,000 products, 5 MB, at a time.";

export type ImportAction = "new" | "changed" | "unchanged";
/** A changed field's cell before and after, as the export writes it. */
export type ImportDifference = { field: string; before: string; after: string };
export type ImportRow = {
  row: number;
  action: ImportAction;
  changes: string[];
  differences: ImportDifference[];
  /** What the owner may want to know before importing (a title the shop has already); the row is still imported. */
  warnings: string[];
  id: number | null;
  title: string;
};
export type ImportError = { row: number; column: string | null; message: string };
export type ImportCounts = Record<ImportAction, number>;
export type ImportOutcome = {
  rows: ImportRow[];
  errors: ImportError[];
  counts: ImportCounts;
  written: boolean;
  /** The Title cell of each refused row, for the preview. */
  refusedTitles: Map<number, string>;
};

export { CsvFileRefused as ImportFileRefused };

/** Where uploaded files wait between the preview and 'Import N products': DATA_DIR/imports. */
export function importUploadDir(db: Db) {
  const name = db.$client.name;
  return path.join(name === ":memory:" || name === "" ? "/tmp" : path.dirname(name), "imports");
}

type Planned = {
  row: number;
  id: number | null;
  payload: z.output<typeof apiProductWrite>;
  action: ImportAction;
  differences: ImportDifference[];
  warnings: string[];
  copies: ImageCopies | undefined;
};

/** The header's columns, in file order; an unknown or repeated header refuses the file. */
function columnsOf(header: string[]): ProductCsvColumn[] {
  const columns = header.map((name, index) => {
    const column = columnNamed(name);
    if (!column)
      throw new CsvFileRefused(
        400,
        `Column ${index + 1} ("${name.slice(0, 40)}") is not a products CSV column. The columns are: ${PRODUCT_CSV_COLUMNS.map((known) => known.header).join(", ")}.`,
      );
    return column;
  });
  const repeated = columns.find((column, index) => columns.indexOf(column) !== index);
  if (repeated) throw new CsvFileRefused(400, `The column ${repeated.header} appears twice in the header.`);
  return columns;
}

/** What the product would be after the row, in the CSV's terms, to compare with what it is. */
function afterRow(
  before: CsvProduct,
  id: number | null,
  { fields, imageLinks, imageCaptions }: Planned["payload"],
): CsvProduct {
  const stockBySize =
    fields.size.length && fields.stockBySize
      ? Object.fromEntries(fields.size.map((size) => [size, fields.stockBySize![size] ?? 0]))
      : null;
  // Each image once, shown by the link the row gives, compared by the stored image it names.
  const linkOf = new Map<string, string>();
  for (const link of imageLinks) {
    const prefix = storedImagePrefix(link) ?? link;
    if (!linkOf.has(prefix)) linkOf.set(prefix, link);
  }
  return {
    id,
    title: fields.title,
    description: fields.description,
    category: fields.category,
    priceCents: toCents(fields.price),
    oldPriceCents: fields.oldPrice === null ? null : toCents(fields.oldPrice),
    // A file without the Cost column leaves the cost as it is.
    costCents:
      fields.costPrice === undefined ? before.costCents : fields.costPrice === null ? null : toCents(fields.costPrice),
    stock: stockBySize ? Object.values(stockBySize).reduce((sum, count) => sum + count, 0) : fields.quantity,
    sizes: fields.size,
    stockBySize,
    isHidden: fields.isHidden,
    packaging: fields.packaging,
    grade: fields.grade,
    conditionNotes: fields.conditionNotes,
    inTheBox: fields.inTheBox,
    titleAr: fields.titleAr ?? null,
    descriptionAr: fields.descriptionAr ?? null,
    images: [...linkOf].map(([prefix, url], index) => ({ prefix, url, caption: imageCaptions[index] ?? "" })),
    createdAt: null,
  };
}

function changedColumns(before: CsvProduct, after: CsvProduct): ImportDifference[] {
  return PRODUCT_CSV_COLUMNS.filter((column) => column.read)
    .filter((column) => (column.compare ?? column.cell)(before) !== (column.compare ?? column.cell)(after))
    .map((column) => ({ field: column.header, before: column.cell(before), after: column.cell(after) }));
}

/** New rows whose title a product in the shop, or an earlier new row, has already: imported all the same. */
function titleWarnings(db: Db, planned: Planned[]) {
  const fresh = planned.filter((plan) => plan.action === "new");
  if (fresh.length === 0) return;
  const key = (title: string) => title.trim().toLowerCase();
  const titles = [...new Set(fresh.map((plan) => key(plan.payload.fields.title)))];
  const existing = new Map<string, number>();
  for (const { id, title } of db.all<{ id: number; title: string }>(
    sql`select id, title from products where lower(trim(title)) in (select value from json_each(${JSON.stringify(titles)})) order by id`,
  ))
    if (!existing.has(key(title))) existing.set(key(title), id);
  const firstRow = new Map<string, number>();
  for (const plan of fresh) {
    const title = key(plan.payload.fields.title);
    const id = existing.get(title);
    if (id !== undefined) plan.warnings.push(`A product with this title already exists (ID ${id}).`);
    else if (firstRow.has(title)) plan.warnings.push(`Row ${firstRow.get(title)} has the same title.`);
    if (!firstRow.has(title)) firstRow.set(title, plan.row);
  }
}

/** Reads every row into the `/api/` write payload and validates it with apiProductWrite; errors per cell. */
function planRows(
  db: Db,
  columns: ProductCsvColumn[],
  records: { row: number; cells: string[] }[],
  imageUrl: ImageUrl,
  errors: ImportError[],
  titles: Map<number, string>,
  copies: Map<number, ImageCopies>,
): Planned[] {
  const idColumn = columns.findIndex((column) => column.header === "_id");
  const titleColumn = columns.findIndex((column) => column.header === "Title");
  const idOf = (cells: string[]) => (idColumn === -1 ? "" : (cells[idColumn] ?? "").trim());
  const named = records.map((record) => idOf(record.cells)).filter((cell) => /^\d{1,15}$/.test(cell));
  const existing = csvProductsByIds(db, [...new Set(named.map(Number))], imageUrl);
  const firstRowOf = new Map<number, number>();
  const planned: Planned[] = [];
  for (const { row, cells } of records) {
    const refuse = (column: string | null, message: string) => errors.push({ row, column, message });
    const before = errors.length;
    const idCell = idOf(cells);
    let id: number | null = null;
    if (idCell !== "") {
      id = /^\d{1,15}$/.test(idCell) ? Number(idCell) : null;
      if (id === null) refuse("_id", "must be the ID of a product in the shop, or empty for a new product");
      else if (!existing.has(id)) refuse("_id", `no product has the ID ${id}`);
      else if (firstRowOf.has(id)) refuse("_id", `the product ${id} is in row ${firstRowOf.get(id)} already`);
      else firstRowOf.set(id, row);
    }
    const current = id === null ? undefined : existing.get(id);
    const payload: ProductPayload = {};
    // A column the file leaves out keeps the product's value; a new product gets the form's default.
    if (current)
      for (const column of PRODUCT_CSV_COLUMNS)
        if (column.read && !columns.includes(column)) column.read(column.cell(current), payload);
    const refusedCells = new Set<string>();
    columns.forEach((column, index) => {
      if (!column.read) return;
      try {
        column.read(importedCell(cells[index] ?? ""), payload);
      } catch (error) {
        if (!(error instanceof CellRefused)) throw error;
        refuse(column.header, error.message);
        refusedCells.add(column.header);
      }
    });
    // Every reason the row is refused, once per column: a cell refused above is not judged again.
    const parsed = apiProductWrite.safeParse(payload);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const column = columnOfField(String(issue.path[0] ?? ""));
        if (column === null || !refusedCells.has(column)) refuse(column, issue.message);
      }
    if (!parsed.success || errors.length > before) {
      titles.set(row, titleColumn === -1 ? "" : (cells[titleColumn] ?? "").trim());
      continue;
    }
    // A new product without images is imported hidden.
    if (!current && parsed.data.imageLinks.length === 0) parsed.data.fields.isHidden = true;
    const differences = current ? changedColumns(current, afterRow(current, id, parsed.data)) : [];
    const action: ImportAction = !current ? "new" : differences.length ? "changed" : "unchanged";
    const rowCopies = copies.get(row);
    planned.push({
      row,
      id: current ? id : null,
      payload: parsed.data,
      action,
      differences,
      warnings: [],
      copies: rowCopies,
    });
  }
  titleWarnings(db, planned);
  return planned;
}

/** The message of a refusal from the write functions, on the column it concerns; other errors are thrown. */
function writeRefusal(error: unknown): { column: string; message: string } {
  if (error instanceof InvalidImageLink)
    return { column: "Images", message: error.message.replace(/^image_link: /, "") };
  if (error instanceof ProductNeedsImage) return { column: "Images", message: `${error.message} (or Hidden: yes)` };
  if (error instanceof StockBySizeNeeded) return { column: "stockBySize", message: error.message };
  if (error instanceof ProductNotFound) return { column: "_id", message: error.message };
  throw error;
}

class RolledBack extends Error {}

function writeRows(tx: Tx, db: Db, planned: Planned[], actor: Actor, errors: ImportError[]) {
  const removed: Awaited<ReturnType<typeof productWritesInTransaction.edit>> = [];
  const rules = { hiddenWithoutImages: true };
  for (const { row, id, payload, action, copies } of planned) {
    if (action === "unchanged") continue;
    const images = { links: payload.imageLinks, captions: payload.imageCaptions, copies };
    try {
      // No savepoint per row: each refusal below is thrown before its row writes anything, and any
      // refusal rolls the whole import back.
      if (id === null) productWritesInTransaction.add(tx, db, payload.fields, images, actor, rules);
      else removed.push(...productWritesInTransaction.edit(tx, db, id, payload.fields, images, actor, rules));
    } catch (error) {
      errors.push({ row, ...writeRefusal(error) });
    }
  }
  return removed;
}

/**
 * The import, for the preview (`commit` false) and for 'Import N products' alike: every row read,
 * validated and written in ONE transaction, which is kept only when `commit` is set and no row was
 * refused, else rolled back, so a dry run answers exactly what the import would do and a refusal in
 * the last row leaves nothing written. The activity log records each product and the import's counts.
 * Throws ImportFileRefused (400/413) for a file that is not a products CSV.
 */
export async function importProducts(
  db: Db,
  storage: Storage,
  file: string,
  options: { commit: boolean; actor: Actor; imageUrl: ImageUrl; fileName?: string },
): Promise<ImportOutcome> {
  const { header, records } = await readCsvFile(file, {
    maxRows: MAX_IMPORT_ROWS,
    maxColumns: 100,
    maxRecordChars: 200_000,
  });
  const columns = columnsOf(header);
  if (records.length === 0) throw new CsvFileRefused(400, "The file has no product rows below its header.");
  const errors: ImportError[] = [];
  const titles = new Map<number, string>();
  let planned: Planned[] = [];
  let removed: ReturnType<typeof writeRows> = [];
  const counts: ImportCounts = { new: 0, changed: 0, unchanged: 0 };
  let written = false;
  const copies = await copiesOfBorrowedImages(db, storage, columns, records, options.commit);
  try {
    writeTransaction(db, (tx) => {
      planned = planRows(db, columns, records, options.imageUrl, errors, titles, copies.byRow);
      removed = writeRows(tx, db, planned, options.actor, errors);
      for (const { action } of planned) counts[action] += 1;
      if (!options.commit || errors.length) throw new RolledBack();
      recordActivity(tx, options.actor, {
        kind: "product.imported",
        subject: options.fileName ? `${options.fileName} (${records.length} rows)` : `${records.length} rows`,
        changes: (["new", "changed", "unchanged"] as const).map((field) => ({
          field,
          before: null,
          after: counts[field],
        })),
      });
    });
    written = true;
  } catch (error) {
    if (!(error instanceof RolledBack)) {
      await discardImageCopies(db, storage, copies.made);
      throw error;
    }
  }
  // Copies no written row claimed (all of them when nothing was written) go at once.
  const unclaimed = written
    ? pendingPrefixes(
        db,
        copies.made.map((copy) => copy.variantPrefix),
      )
    : null;
  await discardImageCopies(
    db,
    storage,
    copies.made.filter((copy) => !unclaimed || unclaimed.has(copy.variantPrefix)),
  );
  if (written) for (const image of removed) await deleteImageFiles(storage, image);
  errors.sort((a, b) => a.row - b.row);
  const failed = new Set(errors.map((error) => error.row));
  const rows = planned
    .filter((plan) => !failed.has(plan.row))
    .map(({ row, action, differences, warnings, id, payload }) => ({
      row,
      action,
      changes: differences.map((difference) => difference.field),
      differences,
      warnings,
      id,
      title: payload.fields.title,
    }));
  const shown: ImportCounts = { new: 0, changed: 0, unchanged: 0 };
  for (const { action } of rows) shown[action] += 1;
  const refusedTitles = new Map(
    [...failed].map((row) => [
      row,
      titles.get(row) ?? planned.find((plan) => plan.row === row)?.payload.fields.title ?? "",
    ]),
  );
  return { rows, errors, counts: shown, written, refusedTitles };
}
