-- The Overview's kept sums (db/schema/overview.ts): orders and revenue per UTC hour, units sold per
-- product per UTC day. created_at is milliseconds and may be stored as a REAL: cast after dividing.
INSERT INTO `sales_by_hour` (`hour`, `orders_placed`, `orders_canceled`, `revenue_cents`)
SELECT CAST(`created_at` / 3600000 AS INTEGER), count(*), sum(`status` = 'canceled'),
       sum(CASE WHEN `status` = 'canceled' THEN 0 ELSE `total_cents` END)
FROM `orders` GROUP BY 1;
--> statement-breakpoint
INSERT INTO `product_sales_by_day` (`product_id`, `day`, `quantity`, `revenue_cents`)
SELECT oi.`product_id`, CAST(o.`created_at` / 86400000 AS INTEGER), sum(oi.`quantity`), sum(oi.`quantity` * oi.`unit_price_cents`)
FROM `order_items` oi JOIN `orders` o ON o.`id` = oi.`order_id`
WHERE oi.`product_id` IS NOT NULL AND o.`status` <> 'canceled'
GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER `sales_by_hour_after_order_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `sales_by_hour` (`hour`, `orders_placed`, `orders_canceled`, `revenue_cents`)
  VALUES (CAST(new.`created_at` / 3600000 AS INTEGER), 1, new.`status` = 'canceled',
          CASE WHEN new.`status` = 'canceled' THEN 0 ELSE new.`total_cents` END)
  ON CONFLICT (`hour`) DO UPDATE SET
    `orders_placed` = `orders_placed` + 1,
    `orders_canceled` = `orders_canceled` + excluded.`orders_canceled`,
    `revenue_cents` = `revenue_cents` + excluded.`revenue_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_sales_after_item_insert` AFTER INSERT ON `order_items` WHEN new.`product_id` IS NOT NULL BEGIN
  INSERT INTO `product_sales_by_day` (`product_id`, `day`, `quantity`, `revenue_cents`)
  VALUES (new.`product_id`, (SELECT CAST(`created_at` / 86400000 AS INTEGER) FROM `orders` WHERE `id` = new.`order_id`),
          new.`quantity`, new.`quantity` * new.`unit_price_cents`)
  ON CONFLICT (`product_id`, `day`) DO UPDATE SET
    `quantity` = `quantity` + excluded.`quantity`,
    `revenue_cents` = `revenue_cents` + excluded.`revenue_cents`;
END;
--> statement-breakpoint
-- A cancel takes the order out of revenue and its units out of sales (and a reversal puts them back).
CREATE TRIGGER `sales_after_order_cancel` AFTER UPDATE OF `status` ON `orders`
WHEN (old.`status` = 'canceled') <> (new.`status` = 'canceled') BEGIN
  UPDATE `sales_by_hour` SET
    `orders_canceled` = `orders_canceled` + CASE WHEN new.`status` = 'canceled' THEN 1 ELSE -1 END,
    `revenue_cents` = `revenue_cents` + CASE WHEN new.`status` = 'canceled' THEN -new.`total_cents` ELSE new.`total_cents` END
  WHERE `hour` = CAST(new.`created_at` / 3600000 AS INTEGER);
  UPDATE `product_sales_by_day` SET
    `quantity` = `quantity` + (CASE WHEN new.`status` = 'canceled' THEN -1 ELSE 1 END) *
      (SELECT sum(oi.`quantity`) FROM `order_items` oi WHERE oi.`order_id` = new.`id` AND oi.`product_id` = `product_sales_by_day`.`product_id`),
    `revenue_cents` = `revenue_cents` + (CASE WHEN new.`status` = 'canceled' THEN -1 ELSE 1 END) *
      (SELECT sum(oi.`quantity` * oi.`unit_price_cents`) FROM `order_items` oi WHERE oi.`order_id` = new.`id` AND oi.`product_id` = `product_sales_by_day`.`product_id`)
  WHERE `day` = CAST(new.`created_at` / 86400000 AS INTEGER)
    AND `product_id` IN (SELECT `product_id` FROM `order_items` WHERE `order_id` = new.`id` AND `product_id` IS NOT NULL);
END;
--> statement-breakpoint
-- An order's time is never edited by the shop; should it be (a correction, an import), its sums move with it.
CREATE TRIGGER `sales_after_order_time_change` AFTER UPDATE OF `created_at` ON `orders`
WHEN CAST(old.`created_at` / 3600000 AS INTEGER) <> CAST(new.`created_at` / 3600000 AS INTEGER) BEGIN
  UPDATE `sales_by_hour` SET
    `orders_placed` = `orders_placed` - 1,
    `orders_canceled` = `orders_canceled` - (old.`status` = 'canceled'),
    `revenue_cents` = `revenue_cents` - CASE WHEN old.`status` = 'canceled' THEN 0 ELSE old.`total_cents` END
  WHERE `hour` = CAST(old.`created_at` / 3600000 AS INTEGER);
  INSERT INTO `sales_by_hour` (`hour`, `orders_placed`, `orders_canceled`, `revenue_cents`)
  VALUES (CAST(new.`created_at` / 3600000 AS INTEGER), 1, new.`status` = 'canceled',
          CASE WHEN new.`status` = 'canceled' THEN 0 ELSE new.`total_cents` END)
  ON CONFLICT (`hour`) DO UPDATE SET
    `orders_placed` = `orders_placed` + 1,
    `orders_canceled` = `orders_canceled` + excluded.`orders_canceled`,
    `revenue_cents` = `revenue_cents` + excluded.`revenue_cents`;
  UPDATE `product_sales_by_day` SET
    `quantity` = `quantity` - (SELECT sum(oi.`quantity`) FROM `order_items` oi WHERE oi.`order_id` = new.`id` AND oi.`product_id` = `product_sales_by_day`.`product_id`),
    `revenue_cents` = `revenue_cents` - (SELECT sum(oi.`quantity` * oi.`unit_price_cents`) FROM `order_items` oi WHERE oi.`order_id` = new.`id` AND oi.`product_id` = `product_sales_by_day`.`product_id`)
  WHERE old.`status` <> 'canceled' AND `day` = CAST(old.`created_at` / 86400000 AS INTEGER)
    AND `product_id` IN (SELECT `product_id` FROM `order_items` WHERE `order_id` = new.`id` AND `product_id` IS NOT NULL);
  INSERT INTO `product_sales_by_day` (`product_id`, `day`, `quantity`, `revenue_cents`)
  SELECT oi.`product_id`, CAST(new.`created_at` / 86400000 AS INTEGER), sum(oi.`quantity`), sum(oi.`quantity` * oi.`unit_price_cents`)
  FROM `order_items` oi WHERE oi.`order_id` = new.`id` AND oi.`product_id` IS NOT NULL AND new.`status` <> 'canceled'
  GROUP BY oi.`product_id`
  ON CONFLICT (`product_id`, `day`) DO UPDATE SET
    `quantity` = `quantity` + excluded.`quantity`,
    `revenue_cents` = `revenue_cents` + excluded.`revenue_cents`;
END;
