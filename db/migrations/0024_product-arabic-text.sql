ALTER TABLE `products` ADD `title_ar` text;--> statement-breakpoint
ALTER TABLE `products` ADD `description_ar` text;--> statement-breakpoint
-- hand-written below
-- Search matches the Arabic title and description too (CONTRACT "For Lebanese shoppers"): the FTS
-- table gains title_ar and description_ar. An FTS5 table cannot add a column, so it is rebuilt with
-- the columns, tokenizer and prefixes of 0016 plus the two, filled with the visible products (0003),
-- and 0014's triggers are recreated with them (an edit of either Arabic text re-indexes the row).
-- unicode61 keeps Arabic letters as token characters; a null Arabic text indexes as nothing.
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
  title_ar,
  description_ar,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
INSERT INTO `products_fts` (rowid, title, description, category, condition_notes, title_ar, description_ar)
  SELECT p.id, p.title, p.description, c.label, p.condition_notes, p.title_ar, p.description_ar FROM `products` p JOIN `categories` c ON c.id = p.category_id WHERE p.is_hidden = 0;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_insert` AFTER INSERT ON `products` WHEN new.is_hidden = 0 BEGIN
  INSERT INTO `products_fts` (rowid, title, description, category, condition_notes, title_ar, description_ar)
    VALUES (new.id, new.title, new.description, (SELECT label FROM `categories` WHERE id = new.category_id), new.condition_notes, new.title_ar, new.description_ar);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_update` AFTER UPDATE OF title, description, category_id, is_hidden, condition_notes, title_ar, description_ar ON `products` BEGIN
  DELETE FROM `products_fts` WHERE rowid = old.id;
  INSERT INTO `products_fts` (rowid, title, description, category, condition_notes, title_ar, description_ar)
    SELECT new.id, new.title, new.description, (SELECT label FROM `categories` WHERE id = new.category_id), new.condition_notes, new.title_ar, new.description_ar WHERE new.is_hidden = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_delete` AFTER DELETE ON `products` BEGIN
  DELETE FROM `products_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_fts_after_rename` AFTER UPDATE OF label ON `categories` BEGIN
  DELETE FROM `products_fts` WHERE rowid IN (SELECT id FROM `products` WHERE category_id = new.id);
  INSERT INTO `products_fts` (rowid, title, description, category, condition_notes, title_ar, description_ar)
    SELECT p.id, p.title, p.description, new.label, p.condition_notes, p.title_ar, p.description_ar FROM `products` p WHERE p.category_id = new.id AND p.is_hidden = 0;
END;
