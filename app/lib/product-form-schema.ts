import { z } from "zod";
import { CATEGORY_OPTIONS, SIZES } from "./options.ts";

const CATEGORY_VALUES = CATEGORY_OPTIONS.map((option) => option.value) as [string, ...string[]];

/**
 * The fields of the Add and Edit Product forms, checked in the spec's order (§5 "Admin: add
 * product"): title, price, description, category, then images.
 */
const productFields = {
  title: z.string({ error: "Please enter a product title" }).trim().min(1, { error: "Please enter a product title" }).max(200, { error: "The title is too long" }),
  price: z
    .number({ error: "Please enter a valid price" })
    .gt(0, { error: "Please enter a valid price" })
    .max(1_000_000, { error: "Please enter a valid price" }),
  description: z
    .string({ error: "Please enter a product description" })
    .trim()
    .min(1, { error: "Please enter a product description" })
    .max(5_000, { error: "The description is too long" }),
  category: z.enum(CATEGORY_VALUES, { error: "Please select a product category" }),
  size: z.array(z.enum(SIZES)).default([]),
  quantity: z.number({ error: "Please enter a whole number of items" }).int({ error: "Please enter a whole number of items" }).min(0, { error: "Stock cannot be below 0" }).max(1_000_000).default(0),
};

export const addProductSchema = z.object({
  ...productFields,
  // Without JavaScript the images come as files; with it, each is uploaded as it is picked and
  // the form carries the stored image's URL instead.
  images: z
    .array(z.union([z.file(), z.string().max(500)]), { error: "Please select at least one image" })
    .min(1, { error: "Please select at least one image" })
    .max(10, { error: "At most 10 images at once" }),
});

export const editProductSchema = z
  .object({
    ...productFields,
    isHidden: z.boolean().default(false),
    keepImage: z.array(z.string().regex(/^\d+$/)).default([]),
    images: z.array(z.file()).default([]),
  })
  .refine((value) => value.keepImage.length + value.images.length > 0, { error: "Product must have at least one image", path: ["images"] });

/** The first message in the spec's order, for the warning alert above the form. */
export const FIELD_ORDER = ["title", "price", "description", "category", "images", "quantity", "size"] as const;
