-- Full-text search over product title, description and category label (SQLite FTS5).
-- The rowid is the product id. Triggers keep it in sync with products and with category renames.
CREATE VIRTUAL TABLE `products_fts` USING fts5(
  title,
  description,
  category,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
INSERT INTO `products_fts` (rowid, title, description, category)
  SELECT p.id, p.title, p.description, c.label FROM `products` p JOIN `categories` c ON c.id = p.category_id;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `products_fts` (rowid, title, description, category)
    VALUES (new.id, new.title, new.description, (SELECT label FROM `categories` WHERE id = new.category_id));
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_update` AFTER UPDATE OF title, description, category_id ON `products` BEGIN
  DELETE FROM `products_fts` WHERE rowid = old.id;
  INSERT INTO `products_fts` (rowid, title, description, category)
    VALUES (new.id, new.title, new.description, (SELECT label FROM `categories` WHERE id = new.category_id));
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_delete` AFTER DELETE ON `products` BEGIN
  DELETE FROM `products_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_fts_after_rename` AFTER UPDATE OF label ON `categories` BEGIN
  DELETE FROM `products_fts` WHERE rowid IN (SELECT id FROM `products` WHERE category_id = new.id);
  INSERT INTO `products_fts` (rowid, title, description, category)
    SELECT p.id, p.title, p.description, new.label FROM `products` p WHERE p.category_id = new.id;
END;
