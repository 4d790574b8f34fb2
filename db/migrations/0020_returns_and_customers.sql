CREATE TABLE `shipments_by_hour` (
	`hour` integer PRIMARY KEY NOT NULL,
	`shipped` integer DEFAULT 0 NOT NULL,
	`returned` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blocked_phones` (
	`phone_key` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`reason` text NOT NULL,
	`blocked_by` text NOT NULL,
	`blocked_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `order_history` ADD `reason` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `phone_key` text;--> statement-breakpoint
CREATE INDEX `orders_phone_key_status_idx` ON `orders` (`phone_key`,`status`);--> statement-breakpoint
ALTER TABLE `sales_by_hour` ADD `orders_returned` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written below
-- A customer's key for every existing order: phone_key() is app/utils/phone.ts's phoneKey, which
-- openDatabase registers on every connection (the one function that compares phones).
UPDATE `orders` SET `phone_key` = phone_key(`phone`);
--> statement-breakpoint
-- Returned orders leave revenue and units sold, as canceled ones do (migration 0011's triggers,
-- redefined with `returned` beside `canceled`).
DROP TRIGGER IF EXISTS `sales_by_hour_after_order_insert`;
--> statement-breakpoint
CREATE TRIGGER `sales_by_hour_after_order_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `sales_by_hour` (`hour`, `orders_placed`, `orders_canceled`, `orders_returned`, `revenue_cents`)
  VALUES (CAST(new.`created_at` / 3600000 AS INTEGER), 1, new.`status` = 'canceled', new.`status` = 'returned',
          CASE WHEN new.`status` IN ('canceled', 'returned') THEN 0 ELSE new.`total_cents` END)
  ON CONFLICT (`hour`) DO UPDATE SET
    `orders_placed` = `orders_placed` + 1,
    `orders_canceled` = `orders_canceled` + excluded.`orders_canceled`,
    `orders_returned` = `orders_returned` + excluded.`orders_returned`,
    `revenue_cents` = `revenue_cents` + excluded.`revenue_cents`;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `sales_after_order_cancel`;
--> statement-breakpoint
CREATE TRIGGER `sales_after_order_status` AFTER UPDATE OF `status` ON `orders`
WHEN old.`status` <> new.`status` BEGIN
  UPDATE `sales_by_hour` SET
    `orders_canceled` = `orders_canceled` + (new.`status` = 'canceled') - (old.`status` = 'canceled'),
    `orders_returned` = `orders_returned` + (new.`status` = 'returned') - (old.`status` = 'returned'),
    `revenue_cents` = `revenue_cents`
      + CASE WHEN old.`status` IN ('canceled', 'returned') THEN new.`total_cents` ELSE 0 END
      - CASE WHEN new.`status` IN ('canceled', 'returned') THEN new.`total_cents` ELSE 0 END
  WHERE `hour` = CAST(new.`created_at` / 3600000 AS INTEGER);
  UPDATE `product_sales_by_day` SET
    `quantity` = `quantity` + (CASE WHEN new.`status` IN ('canceled', 'returned') THEN -1 ELSE 1 END) *
      (SELECT sum(oi.`quantity`) FROM `order_items` oi WHERE oi.`order_id` = new.`id` AND oi.`product_id` = `product_sales_by_day`.`product_id`),
    `revenue_cents` = `revenue_cents` + (CASE WHEN new.`status` IN ('canceled', 'returned') THEN -1 ELSE 1 END) *
      (SELECT sum(oi.`quantity` * oi.`unit_price_cents`) FROM `order_items` oi WHERE oi.`order_id` = new.`id` AND oi.`product_id` = `product_sales_by_day`.`product_id`)
  WHERE (old.`status` IN ('canceled', 'returned')) <> (new.`status` IN ('canceled', 'returned'))
    AND `day` = CAST(new.`created_at` / 86400000 AS INTEGER)
    AND `product_id` IN (SELECT `product_id` FROM `order_items` WHERE `order_id` = new.`id` AND `product_id` IS NOT NULL);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `sales_after_order_time_change`;
--> statement-breakpoint
CREATE TRIGGER `sales_after_order_time_change` AFTER UPDATE OF `created_at` ON `orders`
WHEN CAST(old.`created_at` / 3600000 AS INTEGER) <> CAST(new.`created_at` / 3600000 AS INTEGER) BEGIN
  UPDATE `sales_by_hour` SET
    `orders_placed` = `orders_placed` - 1,
    `orders_canceled` = `orders_canceled` - (old.`status` = 'canceled'),
    `orders_returned` = `orders_returned` - (old.`status` = 'returned'),
    `revenue_cents` = `revenue_cents` - CASE WHEN old.`status` IN ('canceled', 'returned') THEN 0 ELSE old.`total_cents` END
  WHERE `hour` = CAST(old.`created_at` / 3600000 AS INTEGER);
  INSERT INTO `sales_by_hour` (`hour`, `orders_placed`, `orders_canceled`, `orders_returned`, `revenue_cents`)
  VALUES (CAST(new.`created_at` / 3600000 AS INTEGER), 1, new.`status` = 'canceled', new.`status` = 'returned',
          CASE WHEN new.`status` IN ('canceled', 'returned') THEN 0 ELSE new.`total_cents` END)
  ON CONFLICT (`hour`) DO UPDATE SET
    `orders_placed` = `orders_placed` + 1,
    `orders_canceled` = `orders_canceled` + excluded.`orders_canceled`,
    `orders_returned` = `orders_returned` + excluded.`orders_returned`,
    `revenue_cents` = `revenue_cents` + excluded.`revenue_cents`;
  UPDATE `product_sales_by_day` SET
    `quantity` = `quantity` - (SELECT sum(oi.`quantity`) FROM `order_items` oi WHERE oi.`order_id` = new.`id` AND oi.`product_id` = `product_sales_by_day`.`product_id`),
    `revenue_cents` = `revenue_cents` - (SELECT sum(oi.`quantity` * oi.`unit_price_cents`) FROM `order_items` oi WHERE oi.`order_id` = new.`id` AND oi.`product_id` = `product_sales_by_day`.`product_id`)
  WHERE old.`status` NOT IN ('canceled', 'returned') AND `day` = CAST(old.`created_at` / 86400000 AS INTEGER)
    AND `product_id` IN (SELECT `product_id` FROM `order_items` WHERE `order_id` = new.`id` AND `product_id` IS NOT NULL);
  INSERT INTO `product_sales_by_day` (`product_id`, `day`, `quantity`, `revenue_cents`)
  SELECT oi.`product_id`, CAST(new.`created_at` / 86400000 AS INTEGER), sum(oi.`quantity`), sum(oi.`quantity` * oi.`unit_price_cents`)
  FROM `order_items` oi WHERE oi.`order_id` = new.`id` AND oi.`product_id` IS NOT NULL AND new.`status` NOT IN ('canceled', 'returned')
  GROUP BY oi.`product_id`
  ON CONFLICT (`product_id`, `day`) DO UPDATE SET
    `quantity` = `quantity` + excluded.`quantity`,
    `revenue_cents` = `revenue_cents` + excluded.`revenue_cents`;
END;
--> statement-breakpoint
-- Shipments per hour of shipping, and how many of them came back: the Overview's returned rate.
INSERT INTO `shipments_by_hour` (`hour`, `shipped`, `returned`)
SELECT CAST(`created_at` / 3600000 AS INTEGER), count(*), 0 FROM `order_history` WHERE `event` = 'shipped' GROUP BY 1;
--> statement-breakpoint
CREATE TRIGGER `shipments_after_shipped` AFTER INSERT ON `order_history` WHEN new.`event` = 'shipped' BEGIN
  INSERT INTO `shipments_by_hour` (`hour`, `shipped`) VALUES (CAST(new.`created_at` / 3600000 AS INTEGER), 1)
  ON CONFLICT (`hour`) DO UPDATE SET `shipped` = `shipped` + 1;
END;
--> statement-breakpoint
-- A return counts in the hour its order was shipped (its latest "shipped" event, by the history's index).
CREATE TRIGGER `shipments_after_returned` AFTER INSERT ON `order_history` WHEN new.`event` = 'returned' BEGIN
  UPDATE `shipments_by_hour` SET `returned` = `returned` + 1
  WHERE `hour` = (SELECT CAST(h.`created_at` / 3600000 AS INTEGER) FROM `order_history` h
                  WHERE h.`order_id` = new.`order_id` AND h.`event` = 'shipped' ORDER BY h.`id` DESC LIMIT 1);
END;
