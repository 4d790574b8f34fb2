CREATE TABLE `visible_product_counts` (
	`category_id` integer PRIMARY KEY NOT NULL,
	`visible` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `products_category_id_idx` ON `products` (`category_id`,`is_hidden`,`id`);--> statement-breakpoint
-- Keep visible_product_counts exact on every write to products, then fill it once.
CREATE TRIGGER `products_counts_after_insert` AFTER INSERT ON `products` WHEN new.is_hidden = 0 BEGIN
  INSERT INTO `visible_product_counts` (category_id, visible) VALUES (new.category_id, 1)
    ON CONFLICT (category_id) DO UPDATE SET visible = visible + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `products_counts_after_delete` AFTER DELETE ON `products` WHEN old.is_hidden = 0 BEGIN
  UPDATE `visible_product_counts` SET visible = visible - 1 WHERE category_id = old.category_id;
END;
--> statement-breakpoint
CREATE TRIGGER `products_counts_after_update` AFTER UPDATE OF category_id, is_hidden ON `products` BEGIN
  UPDATE `visible_product_counts` SET visible = visible - 1 WHERE category_id = old.category_id AND old.is_hidden = 0;
  INSERT INTO `visible_product_counts` (category_id, visible) SELECT new.category_id, 1 WHERE new.is_hidden = 0
    ON CONFLICT (category_id) DO UPDATE SET visible = visible + 1;
END;
--> statement-breakpoint
INSERT INTO `visible_product_counts` (category_id, visible)
  SELECT category_id, count(*) FROM `products` WHERE is_hidden = 0 GROUP BY category_id;
