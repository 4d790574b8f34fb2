import { z } from "zod";
import { CATEGORY_OPTIONS, SIZES } from "./options.ts";

const CATEGORY_VALUES = CATEGORY_OPTIONS.map((option) => option.value) as [string, ...string[]];

/** 19.99 × 100 is 1998.9999999999998 in floating point: allow that much, not a third decimal. */
function hasWholeCents(dollars: number) {
  const cents = dollars * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** Spec §3 "Product write payload" for `product/addProduct` and `product/edit`. */
export const apiProductWrite = z.object({
  Title: z.string({ error: "Please enter a product title" }).trim().min(1, { error: "Please enter a product title" }).max(200),
  price: z
    .number({ error: "Please enter a valid price" })
    .gt(0, { error: "Please enter a valid price" })
    .max(1_000_000, { error: "Please enter a valid price" })
    // Prices are whole cents: 1.005 is refused rather than silently rounded to a price nobody sent.
    .refine(hasWholeCents, { error: "must have at most 2 decimal places" }),
  Description: z.string({ error: "Please enter a product description" }).trim().min(1, { error: "Please enter a product description" }).max(5_000),
  Category: z.enum(CATEGORY_VALUES, { error: "Please select a product category" }),
  size: z.array(z.enum(SIZES, { error: `must be one of ${SIZES.join(", ")}` })).max(SIZES.length).default([]),
  image_link: z.union([z.array(z.string().max(2_000)).max(20), z.string().max(2_000).transform((link) => [link])]).default([]),
  quantity: z.number({ error: "must be a whole number" }).int({ error: "must be a whole number" }).min(0, { error: "cannot be below 0" }).max(1_000_000).default(0),
  isHidden: z.boolean().default(false),
});
