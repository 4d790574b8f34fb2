import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { categories } from "./categories.ts";
import { timestamps } from "./timestamps.ts";

export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** The Arabic title and description the /ar pages show where present (null: none). */
    titleAr: text("title_ar"),
    descriptionAr: text("description_ar"),
    priceCents: integer("price_cents").notNull(),
    oldPriceCents: integer("old_price_cents"),
    /**
     * What the owner paid for the item (null: not known). The owner's and the Catalogue role's
     * alone: never on a shopper page, a public /api/ answer or anything the Orders role sees.
     */
    costCents: integer("cost_cents"),
    stock: integer("stock").notNull().default(0),
    /** JSON array of size labels, in the order the spec lists them. */
    sizes: text("sizes", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    isHidden: integer("is_hidden", { mode: "boolean" }).notNull().default(false),
    /** Open-box condition: one of PACKAGINGS and GRADES in app/catalogue/condition.ts. */
    packaging: text("packaging").notNull().default("open-box"),
    grade: text("grade").notNull().default("like-new"),
    conditionNotes: text("condition_notes").notNull().default(""),
    /** JSON array of what the shopper receives, e.g. ["Kettle", "Power base"]. */
    inTheBox: text("in_the_box", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    ...timestamps(),
  },
  (table) => [
    // One index per shopper sort, each led by the visibility flag so a page is a range scan.
    index("products_visible_latest_idx").on(table.isHidden, table.createdAt, table.id),
    index("products_visible_title_idx").on(table.isHidden, sql`${table.title} collate nocase`, table.id),
    // Sort by name on /ar: the Arabic title where there is one, the English one otherwise.
    index("products_visible_title_ar_idx").on(
      table.isHidden,
      sql`coalesce(nullif(${table.titleAr}, ''), ${table.title}) collate nocase`,
      table.id,
    ),
    index("products_visible_price_idx").on(table.isHidden, table.priceCents, table.id),
    index("products_category_latest_idx").on(table.categoryId, table.isHidden, table.createdAt, table.id),
    index("products_category_price_idx").on(table.categoryId, table.isHidden, table.priceCents, table.id),
    // The home carousels jump to a random id within a category: a seek, whatever the catalogue's size.
    index("products_category_id_idx").on(table.categoryId, table.isHidden, table.id),
    // The Overview's low stock, sold out and slow movers.
    index("products_stock_idx").on(table.stock, table.createdAt),
    index("products_created_stock_idx").on(table.createdAt, table.stock),
    // A search's Filters counts read each match's packaging and grade: from this narrow index
    // instead of the wide row (descriptions spill onto overflow pages), about twice as fast.
    index("products_condition_lookup_idx").on(table.id, table.packaging, table.grade),
  ],
);

export const productImages = sqliteTable(
  "product_images",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    /** Storage key of the stored original, e.g. "products/ab12….jpg". */
    originalKey: text("original_key").notNull(),
    /** Storage key prefix of the WebP variants: `${variantPrefix}-${width}.webp`. */
    variantPrefix: text("variant_prefix").notNull(),
    /** JSON array of the variant widths that exist, ascending. */
    variantWidths: text("variant_widths", { mode: "json" }).$type<number[]>().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** What the image shows of the item's condition, e.g. "Scuff on the left side"; its alt text. */
    caption: text("caption").notNull().default(""),
  },
  (table) => [index("product_images_product_idx").on(table.productId, table.position)],
);

/**
 * How many visible products each category holds, maintained by triggers on `products` (migration 0004),
 * so the shop's "N products" costs a few rows whatever the catalogue's size.
 */
export const visibleProductCounts = sqliteTable("visible_product_counts", {
  categoryId: integer("category_id")
    .primaryKey()
    .references(() => categories.id),
  visible: integer("visible").notNull().default(0),
});

/**
 * How many visible products each category holds per packaging and grade, maintained by triggers on
 * `products` like visible_product_counts, so the filtered "N products" and the Filters panel's
 * per-value counts are sums over a few rows whatever the catalogue's size.
 */
export const visibleConditionCounts = sqliteTable(
  "visible_condition_counts",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    packaging: text("packaging").notNull(),
    grade: text("grade").notNull(),
    visible: integer("visible").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.packaging, table.grade] })],
);

/**
 * The stock of each size of a product that keeps stock per size; a product without rows keeps one shared stock in `products.stock`. When a product has
 * rows, they are exactly its sizes and `products.stock` is their sum, written in the same
 * transaction, so listings, sold-out cards and the Overview read the product row alone. The
 * migration makes it WITHOUT ROWID (drizzle-kit cannot say so): rows live in primary-key order, so
 * a product's sizes are one B-tree search, not an index search and a row lookup per size.
 */
export const productSizeStock = sqliteTable(
  "product_size_stock",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    stock: integer("stock").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.size] }),
    // The Overview's low stock per size: one index range per stock level.
    index("product_size_stock_stock_idx").on(table.stock, table.productId),
  ],
);

export type Product = typeof products.$inferSelect;
export type ProductImage = typeof productImages.$inferSelect;
