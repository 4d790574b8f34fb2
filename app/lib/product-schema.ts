import { z } from "zod";
import { CATEGORY_OPTIONS, SIZES } from "./options.ts";

const CATEGORY_VALUES = CATEGORY_OPTIONS.map((option) => option.value) as [string, ...string[]];

/** 19.99 × 100 is 1998.9999999999998 in floating point: allow that much, not a third decimal. */
function hasWholeCents(dollars: number) {
  const cents = dollars * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/**
 * A product's fields and their rules, written once for the Add and Edit forms and the `/api/`
 * write payload. The messages are the ones `/api/` has always answered (after "field: "), and
 * the spec's form messages (§5 "Admin: add product") where both say the same.
 */
export const productFields = z.object({
  title: z.string({ error: "Please enter a product title" }).trim().min(1, { error: "Please enter a product title" }).max(200),
  price: z
    .number({ error: "Please enter a valid price" })
    .gt(0, { error: "Please enter a valid price" })
    .max(1_000_000, { error: "Please enter a valid price" })
    // Prices are whole cents: 19.999 is refused rather than silently stored as $20.00.
    .refine(hasWholeCents, { error: "must have at most 2 decimal places" }),
  description: z.string({ error: "Please enter a product description" }).trim().min(1, { error: "Please enter a product description" }).max(5_000),
  category: z.enum(CATEGORY_VALUES, { error: "Please select a product category" }),
  size: z.array(z.enum(SIZES, { error: `must be one of ${SIZES.join(", ")}` })).max(SIZES.length).default([]),
  quantity: z.number({ error: "must be a whole number" }).int({ error: "must be a whole number" }).min(0, { error: "cannot be below 0" }).max(1_000_000).default(0),
  isHidden: z.boolean().default(false),
});

/** What the product model takes: dollars as typed (it turns them into cents once). */
export type ProductInput = z.output<typeof productFields>;

const { title, price, description, category, size, quantity, isHidden } = productFields.shape;

/** The Add Product form (a new product is shown; it is hidden from the table afterwards). */
export const addProductSchema = productFields.omit({ isHidden: true }).extend({
  // Without JavaScript the images come as files; with it, each is uploaded as it is picked and
  // the form carries the stored image's URL instead.
  images: z
    .array(z.union([z.file(), z.string().max(500)]), { error: "Please select at least one image" })
    .min(1, { error: "Please select at least one image" })
    .max(10, { error: "At most 10 images at once" }),
});

/** The Edit Product form: the images kept (by id) and new files; together at least one. */
export const editProductSchema = productFields
  .extend({
    keepImage: z.array(z.string().regex(/^\d+$/)).default([]),
    images: z.array(z.file()).default([]),
  })
  .refine((value) => value.keepImage.length + value.images.length > 0, { error: "Product must have at least one image", path: ["images"] });

/** The first message in the spec's order, for the warning alert above a form. */
export const FIELD_ORDER = ["title", "price", "description", "category", "images", "quantity", "size"] as const;

/**
 * Spec §3 "Product write payload" for `product/addProduct` and `product/edit`: the same rules under
 * the spec's names (Title, Description, Category), plus `image_link`, answered as the model's input.
 */
export const apiProductWrite = z
  .object({
    Title: title,
    price,
    Description: description,
    Category: category,
    size,
    image_link: z.union([z.array(z.string().max(2_000)).max(20), z.string().max(2_000).transform((link) => [link])]).default([]),
    quantity,
    isHidden,
  })
  .transform(({ Title, Description, Category, image_link, ...rest }) => ({
    fields: { ...rest, title: Title, description: Description, category: Category } satisfies ProductInput,
    imageLinks: image_link,
  }));
