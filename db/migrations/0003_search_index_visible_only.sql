-- The search index holds only what shoppers may find: hidden products leave it and come back when
-- shown again. Counting and paging a search then needs no join with products.
DROP TRIGGER `products_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER `products_fts_after_update`;
--> statement-breakpoint
DROP TRIGGER `categories_fts_after_rename`;
--> statement-breakpoint
DELETE FROM `products_fts` WHERE rowid IN (SELECT id FROM `products` WHERE is_hidden = 1);
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_insert` AFTER INSERT ON `products` WHEN new.is_hidden = 0 BEGIN
  INSERT INTO `products_fts` (rowid, title, description, category)
    VALUES (new.id, new.title, new.description, (SELECT label FROM `categories` WHERE id = new.category_id));
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_update` AFTER UPDATE OF title, description, category_id, is_hidden ON `products` BEGIN
  DELETE FROM `products_fts` WHERE rowid = old.id;
  INSERT INTO `products_fts` (rowid, title, description, category)
    SELECT new.id, new.title, new.description, (SELECT label FROM `categories` WHERE id = new.category_id) WHERE new.is_hidden = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_fts_after_rename` AFTER UPDATE OF label ON `categories` BEGIN
  DELETE FROM `products_fts` WHERE rowid IN (SELECT id FROM `products` WHERE category_id = new.id);
  INSERT INTO `products_fts` (rowid, title, description, category)
    SELECT p.id, p.title, p.description, new.label FROM `products` p WHERE p.category_id = new.id AND p.is_hidden = 0;
END;
