import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./timestamps.ts";

/**
 * Images stored by `POST /api/upload` and not yet attached to a product. `product/addProduct` and
 * `product/edit` name them by URL (`image_link`) and move them to product_images.
 */
export const pendingUploads = sqliteTable("pending_uploads", {
  variantPrefix: text("variant_prefix").primaryKey(),
  originalKey: text("original_key").notNull(),
  variantWidths: text("variant_widths", { mode: "json" }).$type<number[]>().notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  createdAt: createdAt(),
});
