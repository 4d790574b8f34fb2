ALTER TABLE `orders` ADD `driver_note` text;--> statement-breakpoint
ALTER TABLE `sales_by_hour` ADD `delivery_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written below
-- The delivery fees inside each hour's revenue (the driver's money), for the Overview's goods / fees split:
-- backfilled from the orders revenue counts, then kept in step by 0020's three sales triggers, redefined
-- with `delivery_cents` beside `revenue_cents` wherever that changes.
UPDATE `sales_by_hour` SET `delivery_cents` = f.`fees`
FROM (SELECT CAST(`created_at` / 3600000 AS INTEGER) AS `hour`, sum(`delivery_fee_cents`) AS `fees`
      FROM `orders` WHERE `status` NOT IN ('canceled', 'returned') GROUP BY 1) AS f
WHERE `sales_by_hour`.`hour` = f.`hour`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `sales_by_hour_after_order_insert`;
--> statement-breakpoint
CREATE TRIGGER `sales_by_hour_after_order_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `sales_by_hour` (`hour`, `orders_placed`, `orders_canceled`, `orders_returned`, `revenue_cents`, `delivery_cents`)
  VALUES (CAST(new.`created_at` / 3600000 AS INTEGER), 1, new.`status` = 'canceled', new.`status` = 'returned',
          CASE WHEN new.`status` IN ('canceled', 'returned') THEN 0 ELSE new.`total_cents` END,
          CASE WHEN new.`status` IN ('canceled', 'returned') THEN 0 ELSE new.`delivery_fee_cents` END)
  ON CONFLICT (`hour`) DO UPDATE SET
    `orders_placed` = `orders_placed` + 1,
    `orders_canceled` = `orders_canceled` + excluded.`orders_canceled`,
    `orders_returned` = `orders_returned` + excluded.`orders_returned`,
    `revenue_cents` = `revenue_cents` + excluded.`revenue_cents`,
    `delivery_cents` = `delivery_cents` + excluded.`delivery_cents`;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `sales_after_order_status`;
--> statement-breakpoint
CREATE TRIGGER `sales_after_order_status` AFTER UPDATE OF `status` ON `orders`
WHEN old.`status` <> new.`status` BEGIN
  UPDATE `sales_by_hour` SET
    `orders_canceled` = `orders_canceled` + (new.`status` = 'canceled') - (old.`status` = 'canceled'),
    `orders_returned` = `orders_returned` + (new.`status` = 'returned') - (old.`status` = 'returned'),
    `revenue_cents` = `revenue_cents`
      + CASE WHEN old.`status` IN ('canceled', 'returned') THEN new.`total_cents` ELSE 0 END
      - CASE WHEN new.`status` IN ('canceled', 'returned') THEN new.`total_cents` ELSE 0 END,
    `delivery_cents` = `delivery_cents`
      + CASE WHEN old.`status` IN ('canceled', 'returned') THEN new.`delivery_fee_cents` ELSE 0 END
      - CASE WHEN new.`status` IN ('canceled', 'returned') THEN new.`delivery_fee_cents` ELSE 0 END
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
    `revenue_cents` = `revenue_cents` - CASE WHEN old.`status` IN ('canceled', 'returned') THEN 0 ELSE old.`total_cents` END,
    `delivery_cents` = `delivery_cents` - CASE WHEN old.`status` IN ('canceled', 'returned') THEN 0 ELSE old.`delivery_fee_cents` END
  WHERE `hour` = CAST(old.`created_at` / 3600000 AS INTEGER);
  INSERT INTO `sales_by_hour` (`hour`, `orders_placed`, `orders_canceled`, `orders_returned`, `revenue_cents`, `delivery_cents`)
  VALUES (CAST(new.`created_at` / 3600000 AS INTEGER), 1, new.`status` = 'canceled', new.`status` = 'returned',
          CASE WHEN new.`status` IN ('canceled', 'returned') THEN 0 ELSE new.`total_cents` END,
          CASE WHEN new.`status` IN ('canceled', 'returned') THEN 0 ELSE new.`delivery_fee_cents` END)
  ON CONFLICT (`hour`) DO UPDATE SET
    `orders_placed` = `orders_placed` + 1,
    `orders_canceled` = `orders_canceled` + excluded.`orders_canceled`,
    `orders_returned` = `orders_returned` + excluded.`orders_returned`,
    `revenue_cents` = `revenue_cents` + excluded.`revenue_cents`,
    `delivery_cents` = `delivery_cents` + excluded.`delivery_cents`;
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
