import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const categories = sqliteTable(
  "categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The value products are filed under (a name in app/catalogue/category-tree.ts), e.g. "Women". */
    name: text("name").notNull().unique(),
    /** What shoppers read, e.g. "Beauty Care Women". */
    label: text("label").notNull(),
    slug: text("slug").notNull().unique(),
    code: text("code").notNull().unique(),
    parentId: integer("parent_id").references((): AnySQLiteColumn => categories.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    index("categories_parent_idx").on(table.parentId, table.position),
    index("categories_name_nocase_idx").on(sql`${table.name} collate nocase`),
  ],
);

export type Category = typeof categories.$inferSelect;
