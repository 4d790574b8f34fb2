import { FORMULA_START } from "~/platform/files/csv.server.ts";
import { formatShopDateTime } from "~/utils/shop-time.ts";
import type { StockBySize } from "~/catalogue/views.ts";

/**
 * The products CSV: one product a row, its columns defined
 * once below for the export (`cell`) and the import (`read`, into the `/api/` write payload that
 * `apiProductWrite` validates, so a row is refused for the reasons a form or `/api/` would refuse
 * it). A new product field is one entry here.
 */

/** A product as the CSV sees it: read from the database for the export and to compare an import with. */
export type CsvProduct = {
  id: number | null;
  title: string;
  description: string;
  /** The category value, e.g. "Home Appliances". */
  category: string;
  priceCents: number;
  oldPriceCents: number | null;
  /** What the owner paid; null: not known (an empty cell). */
  costCents: number | null;
  stock: number;
  sizes: string[];
  stockBySize: StockBySize | null;
  isHidden: boolean;
  packaging: string;
  grade: string;
  conditionNotes: string;
  inTheBox: string[];
  /** The Arabic title and description; null: none (an empty cell). */
  titleAr: string | null;
  descriptionAr: string | null;
  /** In order; `prefix` names the stored image, `url` is the link the export writes. */
  images: { prefix: string; url: string; caption: string }[];
  createdAt: Date | null;
};

/** The `/api/` write payload a row is read into (apiProductWrite's names). */
export type ProductPayload = Record<string, unknown>;

/** A cell that cannot be read as its column's kind of value; the message names why. */
export class CellRefused extends Error {}

export type ProductCsvColumn = {
  header: string;
  /** Other headers a file may use for it (older exports). */
  aliases?: string[];
  /** The cell as exported. */
  cell: (product: CsvProduct) => string;
  /** Sets the cell's value on the payload; absent for a column only exported (the product's ID, its date). */
  read?: (cell: string, payload: ProductPayload) => void;
  /** What counts for "changed" when it is not the cell itself. */
  compare?: (product: CsvProduct) => string;
  /** The payload fields whose refusals belong to this column. */
  fields?: string[];
};

/**
 * Lists in one cell: "S | M | L". An item's own "|" is written "\|" (and its "\" as "\\"), so a
 * caption such as "Scuff | left side" comes back as one item.
 */
const joinList = (items: string[]) => items.map((item) => item.replace(/[\\|]/g, "\\$&")).join(" | ");
function splitList(cell: string) {
  if (cell.trim() === "") return [];
  const items: string[] = [];
  let item = "";
  for (let index = 0; index < cell.length; index++) {
    const char = cell[index]!;
    if (char === "\\" && index + 1 < cell.length) item += cell[++index];
    else if (char === "|") {
      items.push(item.trim());
      item = "";
    } else item += char;
  }
  return [...items, item.trim()];
}

/** Money as the spreadsheet should see it: "12.50", never rounded or grouped. */
const amount = (cents: number) => (cents / 100).toFixed(2);

/** A plain number as typed is a number; anything else stays text for the schema to refuse with its message. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const numberOrText = (cell: string) => (PLAIN_NUMBER.test(cell.trim()) ? Number(cell.trim()) : cell);

function yesNo(cell: string) {
  const value = cell.trim().toLowerCase();
  if (value === "" || value === "no" || value === "false" || value === "0") return false;
  if (value === "yes" || value === "true" || value === "1") return true;
  throw new CellRefused("must be yes or no");
}

function stockBySizeOf(cell: string): unknown {
  if (cell.trim() === "") return null;
  try {
    return JSON.parse(cell) as unknown;
  } catch {
    throw new CellRefused('must be each size and its stock, e.g. {"S":2,"M":0}, or empty for one shared stock');
  }
}

/** A text column; with `optional`, an empty cell is the form's default (a new product's packaging, grade…). */
const text = (field: string, header: string, key: keyof CsvProduct, optional = false): ProductCsvColumn => ({
  header,
  cell: (product) => String(product[key] ?? ""),
  read: (cell, payload) => {
    payload[field] = optional && cell.trim() === "" ? undefined : cell;
  },
  fields: [field],
});

export const PRODUCT_CSV_COLUMNS: ProductCsvColumn[] = [
  // Rows that name an ID update that product; rows without one are new.
  { header: "_id", aliases: ["ID"], cell: (product) => (product.id === null ? "" : String(product.id)) },
  text("Title", "Title", "title"),
  text("Description", "Description", "description"),
  text("Category", "Category", "category"),
  {
    header: "Price",
    cell: (product) => amount(product.priceCents),
    read: (cell, payload) => {
      payload.price = cell.trim() === "" ? undefined : numberOrText(cell);
    },
    fields: ["price"],
  },
  {
    header: "Price new",
    aliases: ["Old price"],
    cell: (product) => (product.oldPriceCents === null ? "" : amount(product.oldPriceCents)),
    read: (cell, payload) => {
      payload.oldPrice = cell.trim() === "" ? null : numberOrText(cell);
    },
    fields: ["oldPrice"],
  },
  {
    // What the owner paid: an empty cell is none (it clears the product's); a file without the column keeps it.
    header: "Cost",
    aliases: ["costPrice"],
    cell: (product) => (product.costCents === null ? "" : amount(product.costCents)),
    read: (cell, payload) => {
      payload.costPrice = cell.trim() === "" ? null : numberOrText(cell);
    },
    fields: ["costPrice"],
  },
  {
    // With stock per size this is their sum, and what the file says is ignored (as `/api/` does).
    header: "Stock",
    cell: (product) => String(product.stock),
    read: (cell, payload) => {
      payload.quantity = cell.trim() === "" ? 0 : numberOrText(cell);
    },
    fields: ["quantity"],
  },
  {
    header: "Sizes",
    cell: (product) => joinList(product.sizes),
    read: (cell, payload) => {
      payload.size = splitList(cell);
    },
    fields: ["size"],
  },
  {
    // Stock per size: JSON such as {"S":0,"M":2}, empty for one shared stock.
    header: "stockBySize",
    cell: (product) => (product.stockBySize ? JSON.stringify(product.stockBySize) : ""),
    read: (cell, payload) => {
      payload.stockBySize = stockBySizeOf(cell);
    },
    fields: ["stockBySize"],
  },
  {
    header: "Hidden",
    cell: (product) => (product.isHidden ? "yes" : "no"),
    read: (cell, payload) => {
      payload.isHidden = yesNo(cell);
    },
    fields: ["isHidden"],
  },
  text("packaging", "Packaging", "packaging", true),
  text("grade", "Grade", "grade", true),
  text("conditionNotes", "Condition notes", "conditionNotes", true),
  {
    header: "In the box",
    cell: (product) => joinList(product.inTheBox),
    read: (cell, payload) => {
      payload.inTheBox = splitList(cell);
    },
    fields: ["inTheBox"],
  },
  {
    // The shop's own image URLs only (`/api/upload`'s, or the product's own as exported).
    header: "Images",
    cell: (product) => joinList(product.images.map((image) => image.url)),
    compare: (product) => joinList(product.images.map((image) => image.prefix)),
    read: (cell, payload) => {
      payload.image_link = splitList(cell);
    },
    fields: ["image_link"],
  },
  {
    // Parallel to Images; empty when no image has a caption.
    header: "Image captions",
    cell: (product) =>
      product.images.some((image) => image.caption) ? joinList(product.images.map((image) => image.caption)) : "",
    read: (cell, payload) => {
      payload.imageCaptions = splitList(cell);
    },
    fields: ["imageCaptions"],
  },
  // Optional: an empty cell is none (it clears the product's); a file without the column keeps them.
  { ...text("titleAr", "Arabic title", "titleAr"), aliases: ["titleAr"] },
  { ...text("descriptionAr", "Arabic description", "descriptionAr"), aliases: ["descriptionAr"] },
  { header: "Created (Beirut)", cell: (product) => (product.createdAt ? formatShopDateTime(product.createdAt) : "") },
];

/**
 * A cell as the import reads it. The export writes a cell that a spreadsheet would run as a formula
 * with an apostrophe before it (`'=…`): that apostrophe is removed, so the cell comes back as typed.
 * A cell that would run as a formula without one is refused (decision 040): the owner adds the
 * apostrophe, or removes the formula. A plain number such as -5 is not a formula.
 */
export function importedCell(cell: string): string {
  if (/^'+[=+\-@\t\r]/.test(cell)) return cell.slice(1);
  if (FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell))
    throw new CellRefused("looks like a spreadsheet formula: start it with an apostrophe (') to keep it as text");
  return cell;
}

/** The column a header names (its header or an alias, any case), if any. */
export function columnNamed(header: string): ProductCsvColumn | undefined {
  const wanted = header.trim().toLowerCase();
  return PRODUCT_CSV_COLUMNS.find(
    (column) =>
      column.header.toLowerCase() === wanted || column.aliases?.some((alias) => alias.toLowerCase() === wanted),
  );
}

/** The column a payload field's refusal belongs to. */
export function columnOfField(field: string): string | null {
  return PRODUCT_CSV_COLUMNS.find((column) => column.fields?.includes(field))?.header ?? null;
}
