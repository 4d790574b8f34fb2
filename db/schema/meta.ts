import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Small key/value facts about the database itself, e.g. that the demo catalogue was loaded. */
export const meta = sqliteTable("meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
