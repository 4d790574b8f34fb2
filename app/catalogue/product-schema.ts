import { z } from "zod";
import {
  CONDITION_NOTES_MAX,
  DEFAULT_GRADE,
  DEFAULT_PACKAGING,
  GRADES,
  IMAGE_CAPTION_MAX,
  IN_THE_BOX_ITEM_MAX,
  IN_THE_BOX_MAX_ITEMS,
  PACKAGINGS,
} from "./condition.ts";
import { CATEGORY_OPTIONS, SIZES } from "./options.ts";
import type { StockBySize } from "./views.ts";
import { westernDigits } from "~/utils/digits.ts";
import { withWesternDigits } from "~/utils/digits-schema.ts";

const CATEGORY_VALUES = CATEGORY_OPTIONS.map((option) => option.value) as [string, ...string[]];

/** 19.99 × 100 is 1998.9999999999998 in floating point: allow that much, not a third decimal. */
function hasWholeCents(dollars: number) {
  const cents = dollars * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** The English title's and description's limits, which the Arabic ones share. */
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5_000;

/**
 * An optional Arabic text: trimmed, at most `max` characters; "" and null mean none (null). Absent
 * stays undefined, which an edit over /api/ reads as "leave it as it is" (decision 045).
 */
function arabicText(max: number) {
  return z
    .string({ error: "must be text" })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .nullable()
    .optional()
    .transform((text) => (text === undefined ? undefined : text || null));
}

/**
 * A product's fields and their rules, written once for the Add and Edit forms and the `/api/`
 * write payload. The messages are the ones `/api/` has always returned (after "field: "), and
 * the Add Product form's fixed messages where both say the same.
 */
export const productFields = z.object({
  title: z
    .string({ error: "Please enter a product title" })
    .trim()
    .min(1, { error: "Please enter a product title" })
    .max(TITLE_MAX),
  price: z
    .number({ error: "Please enter a valid price" })
    .gt(0, { error: "Please enter a valid price" })
    .max(1_000_000, { error: "Please enter a valid price" })
    // Prices are whole cents: 19.999 is refused rather than silently stored as $20.00.
    .refine(hasWholeCents, { error: "must have at most 2 decimal places" }),
  description: z
    .string({ error: "Please enter a product description" })
    .trim()
    .min(1, { error: "Please enter a product description" })
    .max(DESCRIPTION_MAX),
  category: z.enum(CATEGORY_VALUES, { error: "Please select a product category" }),
  size: z
    .array(z.enum(SIZES, { error: `must be one of ${SIZES.join(", ")}` }))
    .max(SIZES.length)
    .default([]),
  quantity: z
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "cannot be below 0" })
    .max(1_000_000)
    .default(0),
  /**
   * Stock per size: `{ "S": 2, "M": 0 }`, or null/absent for
   * one shared stock. Its keys and counts are checked against `size` by withStockBySizeMatchingSizes.
   */
  stockBySize: z
    // Not z.record: it skips an own "__proto__" key, which must be refused like any other unknown size.
    .unknown()
    .refine((value) => value === undefined || value === null || (typeof value === "object" && !Array.isArray(value)), {
      error: "must be an object of each size and its stock",
    })
    .transform((value) => value as StockBySize | null | undefined)
    .optional(),
  isHidden: z.boolean().default(false),
  /** The usual price new, in dollars ("Price new"); more than the price (checked by withOldPriceAbovePrice). */
  oldPrice: z
    .number({ error: "Please enter a valid price new" })
    .gt(0, { error: "Please enter a valid price new" })
    .max(1_000_000, { error: "Please enter a valid price new" })
    .refine(hasWholeCents, { error: "must have at most 2 decimal places" })
    .nullable()
    .default(null),
  /**
   * What the owner paid for the item, in dollars, whole cents, 0 or more; null: not known. Absent
   * (an `/api/` edit or an import without the column) leaves the product's cost as it is.
   */
  costPrice: z
    .number({ error: "Please enter a valid cost" })
    .min(0, { error: "cannot be below 0" })
    .max(1_000_000, { error: "must be at most 1000000" })
    // 12.345 is refused rather than silently stored as $12.35: only what the owner typed is kept.
    .refine(hasWholeCents, { error: "must have at most 2 decimal places" })
    .nullable()
    .optional(),
  packaging: z.enum(PACKAGINGS, { error: `must be one of ${PACKAGINGS.join(", ")}` }).default(DEFAULT_PACKAGING),
  grade: z.enum(GRADES, { error: `must be one of ${GRADES.join(", ")}` }).default(DEFAULT_GRADE),
  conditionNotes: z
    .string({ error: "must be text" })
    .trim()
    .max(CONDITION_NOTES_MAX, { error: `must be at most ${CONDITION_NOTES_MAX} characters` })
    .default(""),
  inTheBox: inTheBoxList(z.array(z.string({ error: "must be a list of texts" }), { error: "must be a list of texts" })),
  /** The Arabic title and description, optional: the /ar pages show them where present. */
  titleAr: arabicText(TITLE_MAX),
  descriptionAr: arabicText(DESCRIPTION_MAX),
});

/** At most 20 items of at most 80 characters, trimmed, blank ones dropped. */
function inTheBoxList(source: z.ZodType<(string | undefined)[]>) {
  return source
    .transform((items) => items.map((item) => (item ?? "").trim()).filter(Boolean))
    .pipe(
      z
        .array(
          z.string().max(IN_THE_BOX_ITEM_MAX, { error: `each item must be at most ${IN_THE_BOX_ITEM_MAX} characters` }),
        )
        .max(IN_THE_BOX_MAX_ITEMS, { error: `at most ${IN_THE_BOX_MAX_ITEMS} items` }),
    )
    .default([]);
}

const OLD_PRICE_NOT_ABOVE = "must be more than the price";

/** "Price new" must be above the price: otherwise it would show a saving that is not one. */
function withOldPriceAbovePrice<T extends { price: number; oldPrice: number | null }>(
  value: T,
  context: z.RefinementCtx,
) {
  if (value.oldPrice !== null && value.oldPrice <= value.price)
    context.addIssue({ code: "custom", path: ["oldPrice"], message: OLD_PRICE_NOT_ABOVE });
}

const MAX_STOCK = 1_000_000;
const isStockCount = (count: unknown) =>
  typeof count === "number" && Number.isInteger(count) && count >= 0 && count <= MAX_STOCK;

/**
 * `stockBySize` holds exactly the product's sizes, each a whole number ≥ 0, and only a product with
 * sizes has it; every refusal names `stockBySize`. A form (`lenient`) posts a field for sizes it
 * shows but that are not ticked: those count only when they hold stock (a blank or 0 is dropped).
 */
function stockBySizeMatchingSizes({ lenient }: { lenient: boolean }) {
  return (value: { size: string[]; stockBySize?: Record<string, unknown> | null }, context: z.RefinementCtx) => {
    // Absent or null: shared stock. Not a plain object: refused by the field's own check already.
    if (typeof value.stockBySize !== "object" || value.stockBySize === null || Array.isArray(value.stockBySize)) return;
    const issue = (message: string) => context.addIssue({ code: "custom", path: ["stockBySize"], message });
    const entries = Object.entries(value.stockBySize).filter(
      ([size, count]) => !lenient || value.size.includes(size) || count !== 0,
    );
    if (value.size.length === 0) {
      if (entries.length || !lenient) issue("is only for a product with sizes");
      return;
    }
    const unknown = entries.find(([size]) => !value.size.includes(size));
    if (unknown) return issue(`${unknown[0]} is not one of the product's sizes`);
    const missing = value.size.filter((size) => !Object.hasOwn(value.stockBySize!, size));
    if (missing.length) return issue(`is missing the stock of size ${missing.join(", ")}`);
    const bad = entries.find(([, count]) => !isStockCount(count));
    if (bad) return issue(`the stock of size ${bad[0]} must be a whole number from 0 to ${MAX_STOCK}`);
    // The sum becomes `quantity`, which has the same ceiling.
    const total = entries.reduce((sum, [, count]) => sum + (count as number), 0);
    if (total > MAX_STOCK) issue(`the stock of all sizes together must be at most ${MAX_STOCK}`);
  };
}

/** A form's stock field as a count: blank is 0; anything but a plain number is left to be refused. */
function formStockCount(count: unknown) {
  if (count === undefined || count === null) return 0;
  if (typeof count !== "string") return count;
  const typed = westernDigits(count).trim();
  if (typed === "") return 0;
  return /^-?\d+(\.\d+)?$/.test(typed) ? Number(typed) : typed;
}

/** Conform's nested fields `stockBySize.S`, `stockBySize.M` … as an object of counts. */
const formStockBySize = z.preprocess(
  (value) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).map(([size, count]) => [size, formStockCount(count)]))
      : value,
  productFields.shape.stockBySize,
);

/** A form's repeated field or its one-per-line textarea (without JavaScript), as lines; Conform gives undefined for blanks. */
function formLines(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((entry) => (typeof entry === "string" ? entry.split(/\r?\n/) : [""]));
}

/** Image captions as a form posts them: positional (a blank line is an image without one), trailing blanks dropped. */
const formCaptions = z.preprocess(
  (value) => {
    const lines = formLines(value).map((line) => line.trim());
    while (lines.length && lines[lines.length - 1] === "") lines.pop();
    return lines;
  },
  // Conform reads a blank entry as undefined: here it is an image without a caption.
  z
    .array(
      z
        .string()
        .max(IMAGE_CAPTION_MAX, { error: `each caption must be at most ${IMAGE_CAPTION_MAX} characters` })
        .optional()
        .transform((caption) => caption ?? ""),
    )
    .max(20),
);

const formFields = productFields.extend({
  // Typed on a phone, these may hold Arabic-Indic digits ('١٩٫٩٩' is not a price, '١٩.٩٩' is).
  price: withWesternDigits(productFields.shape.price),
  oldPrice: withWesternDigits(productFields.shape.oldPrice),
  // A form posts every field: one left empty (undefined from Conform) clears the cost.
  costPrice: withWesternDigits(productFields.shape.costPrice).transform((cost) => cost ?? null),
  quantity: withWesternDigits(productFields.shape.quantity),
  inTheBox: inTheBoxList(z.preprocess(formLines, z.array(z.string().optional()))),
  stockBySize: formStockBySize,
  // A form posts every field: one left empty (undefined from Conform) clears the Arabic text.
  titleAr: productFields.shape.titleAr.transform((text) => text ?? null),
  descriptionAr: productFields.shape.descriptionAr.transform((text) => text ?? null),
});

/** What the product model takes: dollars as typed (it turns them into cents once). */
export type ProductInput = Omit<
  z.output<typeof productFields>,
  "stockBySize" | "titleAr" | "descriptionAr" | "costPrice"
> & {
  /** Absent: a new product keeps shared stock, an edit leaves the product's stock as it is. */
  stockBySize?: StockBySize | null;
  /** Null: none. Absent: a new product has none, an edit leaves the product's as it is. */
  titleAr?: string | null;
  descriptionAr?: string | null;
  /** Null: no cost known. Absent: a new product has none, an edit leaves the product's as it is. */
  costPrice?: number | null;
};

const {
  title,
  price,
  description,
  category,
  size,
  quantity,
  stockBySize,
  isHidden,
  oldPrice,
  costPrice,
  packaging,
  grade,
  conditionNotes,
  inTheBox,
  titleAr,
  descriptionAr,
} = productFields.shape;

/** The Add Product form (a new product is shown; it is hidden from the table afterwards). */
export const addProductSchema = formFields
  .omit({ isHidden: true })
  .extend({
    // Without JavaScript the images come as files; with it, each is uploaded as it is picked and
    // the form carries the stored image's URL instead.
    images: z
      .array(z.union([z.file(), z.string().max(500)]), { error: "Please select at least one image" })
      .min(1, { error: "Please select at least one image" })
      .max(10, { error: "At most 10 images at once" }),
    /** Parallel to `images`. */
    imageCaptions: formCaptions,
  })
  .superRefine(withOldPriceAbovePrice)
  .superRefine(stockBySizeMatchingSizes({ lenient: true }));

/** The Edit Product form: the images kept (by id) and new files; together at least one. */
export const editProductSchema = formFields
  .extend({
    keepImage: z.array(z.string().regex(/^\d+$/)).default([]),
    /** Every image the product had when the form was rendered, in order; `imageCaptions` is parallel to it. */
    imageId: z.array(z.string().regex(/^\d+$/)).default([]),
    imageCaptions: formCaptions,
    images: z.array(z.file()).default([]),
    /** Parallel to the new `images`, one per line. */
    newImageCaptions: formCaptions,
  })
  .refine((value) => value.keepImage.length + value.images.length > 0, {
    error: "Product must have at least one image",
    path: ["images"],
  })
  .superRefine(withOldPriceAbovePrice)
  .superRefine(stockBySizeMatchingSizes({ lenient: true }));

/** The Edit form's captions as the product model takes them: parallel to the kept images, then the new ones. */
export function editFormImages(value: z.output<typeof editProductSchema>) {
  const keepIds = value.imageId.filter((id) => value.keepImage.includes(id));
  const captions = [
    ...keepIds.map((id) => value.imageCaptions[value.imageId.indexOf(id)] ?? ""),
    ...value.newImageCaptions,
  ];
  return { keepIds: keepIds.map(Number), captions };
}

/** The first message in the spec's order, for the warning alert above a form. */
export const FIELD_ORDER = [
  "title",
  "price",
  "description",
  "category",
  "images",
  "quantity",
  "size",
  "stockBySize",
  "oldPrice",
  "costPrice",
  "packaging",
  "grade",
  "conditionNotes",
  "inTheBox",
  "titleAr",
  "descriptionAr",
  "imageCaptions",
  "newImageCaptions",
] as const;

/**
 * The product write payload for `product/addProduct` and `product/edit`: the same rules under
 * the spec's names (Title, Description, Category), plus `image_link`, returned as the model's input.
 */
export const apiProductWrite = z
  .object({
    Title: title,
    price,
    Description: description,
    Category: category,
    size,
    image_link: z
      .union([
        z.array(z.string().max(2_000)).max(20),
        z
          .string()
          .max(2_000)
          .transform((link) => [link]),
      ])
      .default([]),
    quantity,
    stockBySize,
    isHidden,
    oldPrice,
    costPrice,
    packaging,
    grade,
    conditionNotes,
    inTheBox,
    titleAr,
    descriptionAr,
    /** Parallel to `image_link`; "" (or a missing entry) is an image without a caption. */
    imageCaptions: z
      .array(
        z
          .string({ error: "must be a list of texts" })
          .trim()
          .max(IMAGE_CAPTION_MAX, { error: `each caption must be at most ${IMAGE_CAPTION_MAX} characters` }),
      )
      .max(20)
      .default([]),
  })
  .superRefine(withOldPriceAbovePrice)
  .superRefine(stockBySizeMatchingSizes({ lenient: false }))
  .superRefine((value, context) => {
    if (value.imageCaptions.length > value.image_link.length)
      context.addIssue({
        code: "custom",
        path: ["imageCaptions"],
        message: "has more captions than image_link has images",
      });
  })
  .transform(({ Title, Description, Category, image_link, imageCaptions, ...rest }) => ({
    fields: { ...rest, title: Title, description: Description, category: Category } satisfies ProductInput,
    imageLinks: image_link,
    imageCaptions,
  }));
