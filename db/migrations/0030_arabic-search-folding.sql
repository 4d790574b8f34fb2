-- Arabic search forgives how people type on phones: the index holds each text with alef's
-- hamza forms (أ إ آ ٱ) as ا, taa marbuta (ة) as ه, alef maqsura (ى) as ي and no tatweel (ـ), and the
-- search folds what was typed the same way (app/catalogue/arabic-search.ts), so «الاصلية» finds
-- «الأصلية». Written with replace() so the triggers need no function of the application's.
DROP TRIGGER `products_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER `products_fts_after_update`;
--> statement-breakpoint
DROP TRIGGER `categories_fts_after_rename`;
--> statement-breakpoint
DELETE FROM `products_fts`;
--> statement-breakpoint
INSERT INTO `products_fts` (rowid, title, description, category, condition_notes, title_ar, description_ar)
  SELECT p.id, replace(replace(replace(replace(replace(replace(replace(p.title, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(p.description, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(c.label, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(p.condition_notes, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(p.title_ar, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(p.description_ar, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', '') FROM `products` p JOIN `categories` c ON c.id = p.category_id WHERE p.is_hidden = 0;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_insert` AFTER INSERT ON `products` WHEN new.is_hidden = 0 BEGIN
  INSERT INTO `products_fts` (rowid, title, description, category, condition_notes, title_ar, description_ar)
    VALUES (new.id, replace(replace(replace(replace(replace(replace(replace(new.title, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(new.description, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace((SELECT label FROM `categories` WHERE id = new.category_id), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(new.condition_notes, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(new.title_ar, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(new.description_ar, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_update` AFTER UPDATE OF title, description, category_id, is_hidden, condition_notes, title_ar, description_ar ON `products` BEGIN
  DELETE FROM `products_fts` WHERE rowid = old.id;
  INSERT INTO `products_fts` (rowid, title, description, category, condition_notes, title_ar, description_ar)
    SELECT new.id, replace(replace(replace(replace(replace(replace(replace(new.title, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(new.description, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace((SELECT label FROM `categories` WHERE id = new.category_id), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(new.condition_notes, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(new.title_ar, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(new.description_ar, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', '') WHERE new.is_hidden = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_fts_after_rename` AFTER UPDATE OF label ON `categories` BEGIN
  DELETE FROM `products_fts` WHERE rowid IN (SELECT id FROM `products` WHERE category_id = new.id);
  INSERT INTO `products_fts` (rowid, title, description, category, condition_notes, title_ar, description_ar)
    SELECT p.id, replace(replace(replace(replace(replace(replace(replace(p.title, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(p.description, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.label, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(p.condition_notes, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(p.title_ar, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', ''), replace(replace(replace(replace(replace(replace(replace(p.description_ar, 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'), 'ـ', '') FROM `products` p WHERE p.category_id = new.id AND p.is_hidden = 0;
END;
