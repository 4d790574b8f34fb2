-- Search also matches a product's condition notes ("charger", "scratch"): the FTS table gains a
-- condition_notes column. An FTS5 table cannot add a column, so it is rebuilt with the tokenizer
-- and prefixes of 0001, filled with the visible products (0003), and its triggers are recreated
-- with the column (updates of condition_notes now re-index the row too).
DROP TRIGGER `products_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER `products_fts_after_update`;
--> statement-breakpoint
DROP TRIGGER `products_fts_after_delete`;
--> statement-breakpoint
DROP TRIGGER `categories_fts_after_rename`;
--> statement-breakpoint
DROP TABLE `products_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_fts` USING fts5(
  title,
  description,
  category,
  condition_notes,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
INSERT INTO `products_fts` (rowid, title, description, category, condition_notes)
  SELECT p.id, p.title, p.description, c.label, p.condition_notes FROM `products` p JOIN `categories` c ON c.id = p.category_id WHERE p.is_hidden = 0;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_insert` AFTER INSERT ON `products` WHEN new.is_hidden = 0 BEGIN
  INSERT INTO `products_fts` (rowid, title, description, category, condition_notes)
    VALUES (new.id, new.title, new.description, (SELECT label FROM `categories` WHERE id = new.category_id), new.condition_notes);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_update` AFTER UPDATE OF title, description, category_id, is_hidden, condition_notes ON `products` BEGIN
  DELETE FROM `products_fts` WHERE rowid = old.id;
  INSERT INTO `products_fts` (rowid, title, description, category, condition_notes)
    SELECT new.id, new.title, new.description, (SELECT label FROM `categories` WHERE id = new.category_id), new.condition_notes WHERE new.is_hidden = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_delete` AFTER DELETE ON `products` BEGIN
  DELETE FROM `products_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_fts_after_rename` AFTER UPDATE OF label ON `categories` BEGIN
  DELETE FROM `products_fts` WHERE rowid IN (SELECT id FROM `products` WHERE category_id = new.id);
  INSERT INTO `products_fts` (rowid, title, description, category, condition_notes)
    SELECT p.id, p.title, p.description, new.label, p.condition_notes FROM `products` p WHERE p.category_id = new.id AND p.is_hidden = 0;
END;
