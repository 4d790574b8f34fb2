-- Keep visible_condition_counts exact on every write to products (as 0004 does for
-- visible_product_counts, per category), then fill it once from the existing rows.
CREATE TRIGGER `products_condition_counts_after_insert` AFTER INSERT ON `products` WHEN new.is_hidden = 0 BEGIN
  INSERT INTO `visible_condition_counts` (category_id, packaging, grade, visible) VALUES (new.category_id, new.packaging, new.grade, 1)
    ON CONFLICT (category_id, packaging, grade) DO UPDATE SET visible = visible + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `products_condition_counts_after_delete` AFTER DELETE ON `products` WHEN old.is_hidden = 0 BEGIN
  UPDATE `visible_condition_counts` SET visible = visible - 1
    WHERE category_id = old.category_id AND packaging = old.packaging AND grade = old.grade;
END;
--> statement-breakpoint
CREATE TRIGGER `products_condition_counts_after_update` AFTER UPDATE OF category_id, is_hidden, packaging, grade ON `products` BEGIN
  UPDATE `visible_condition_counts` SET visible = visible - 1
    WHERE category_id = old.category_id AND packaging = old.packaging AND grade = old.grade AND old.is_hidden = 0;
  INSERT INTO `visible_condition_counts` (category_id, packaging, grade, visible)
    SELECT new.category_id, new.packaging, new.grade, 1 WHERE new.is_hidden = 0
    ON CONFLICT (category_id, packaging, grade) DO UPDATE SET visible = visible + 1;
END;
--> statement-breakpoint
INSERT INTO `visible_condition_counts` (category_id, packaging, grade, visible)
  SELECT category_id, packaging, grade, count(*) FROM `products` WHERE is_hidden = 0 GROUP BY category_id, packaging, grade;
