ALTER TABLE `order_items` ADD `unit_cost_cents` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `cost_cents` integer;--> statement-breakpoint
ALTER TABLE `sales_by_hour` ADD `cost_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales_by_hour` ADD `units_without_cost` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written below
-- The cost of the goods within each hour's revenue, and the units sold without a known cost, for the
-- Overview's gross profit (decision 052). Orders placed before this migration carry no cost: their
-- units are counted as sold without one. Kept in step like `revenue_cents` (0011, 0020, 0023), by
-- triggers of their own beside those, each reading one order's items (an index range) at most.
UPDATE `sales_by_hour` SET `units_without_cost` = u.`units`
FROM (SELECT CAST(o.`created_at` / 3600000 AS INTEGER) AS `hour`, sum(oi.`quantity`) AS `units`
      FROM `order_items` oi JOIN `orders` o ON o.`id` = oi.`order_id`
      WHERE o.`status` NOT IN ('canceled', 'returned') GROUP BY 1) AS u
WHERE `sales_by_hour`.`hour` = u.`hour`;
--> statement-breakpoint
-- An item's cost joins its order's hour, unless the order is already out of revenue.
CREATE TRIGGER `sales_cost_after_item_insert` AFTER INSERT ON `order_items` BEGIN
  INSERT INTO `sales_by_hour` (`hour`, `cost_cents`, `units_without_cost`)
  SELECT CAST(o.`created_at` / 3600000 AS INTEGER),
         coalesce(new.`quantity` * new.`unit_cost_cents`, 0),
         CASE WHEN new.`unit_cost_cents` IS NULL THEN new.`quantity` ELSE 0 END
  FROM `orders` o WHERE o.`id` = new.`order_id` AND o.`status` NOT IN ('canceled', 'returned')
  ON CONFLICT (`hour`) DO UPDATE SET
    `cost_cents` = `cost_cents` + excluded.`cost_cents`,
    `units_without_cost` = `units_without_cost` + excluded.`units_without_cost`;
END;
--> statement-breakpoint
-- Canceled or returned: the order's goods leave revenue and so does their cost (a reversal puts both back).
CREATE TRIGGER `sales_cost_after_order_status` AFTER UPDATE OF `status` ON `orders`
WHEN (old.`status` IN ('canceled', 'returned')) <> (new.`status` IN ('canceled', 'returned')) BEGIN
  UPDATE `sales_by_hour` SET
    `cost_cents` = `cost_cents` + (CASE WHEN new.`status` IN ('canceled', 'returned') THEN -1 ELSE 1 END) *
      (SELECT coalesce(sum(oi.`quantity` * oi.`unit_cost_cents`), 0) FROM `order_items` oi WHERE oi.`order_id` = new.`id`),
    `units_without_cost` = `units_without_cost` + (CASE WHEN new.`status` IN ('canceled', 'returned') THEN -1 ELSE 1 END) *
      (SELECT coalesce(sum(oi.`quantity`), 0) FROM `order_items` oi WHERE oi.`order_id` = new.`id` AND oi.`unit_cost_cents` IS NULL)
  WHERE `hour` = CAST(new.`created_at` / 3600000 AS INTEGER);
END;
--> statement-breakpoint
-- An order moved to another hour (never by the shop; a correction, an import) takes its cost with it.
-- The new hour's row is upserted: the revenue trigger on the same change may not have made it yet.
CREATE TRIGGER `sales_cost_after_order_time_change` AFTER UPDATE OF `created_at` ON `orders`
WHEN CAST(old.`created_at` / 3600000 AS INTEGER) <> CAST(new.`created_at` / 3600000 AS INTEGER) BEGIN
  UPDATE `sales_by_hour` SET
    `cost_cents` = `cost_cents` -
      (SELECT coalesce(sum(oi.`quantity` * oi.`unit_cost_cents`), 0) FROM `order_items` oi WHERE oi.`order_id` = new.`id`),
    `units_without_cost` = `units_without_cost` -
      (SELECT coalesce(sum(oi.`quantity`), 0) FROM `order_items` oi WHERE oi.`order_id` = new.`id` AND oi.`unit_cost_cents` IS NULL)
  WHERE old.`status` NOT IN ('canceled', 'returned') AND `hour` = CAST(old.`created_at` / 3600000 AS INTEGER);
  INSERT INTO `sales_by_hour` (`hour`, `cost_cents`, `units_without_cost`)
  SELECT CAST(new.`created_at` / 3600000 AS INTEGER),
         coalesce(sum(oi.`quantity` * oi.`unit_cost_cents`), 0),
         coalesce(sum(CASE WHEN oi.`unit_cost_cents` IS NULL THEN oi.`quantity` ELSE 0 END), 0)
  FROM `order_items` oi WHERE oi.`order_id` = new.`id` AND new.`status` NOT IN ('canceled', 'returned')
  HAVING count(*) > 0
  ON CONFLICT (`hour`) DO UPDATE SET
    `cost_cents` = `cost_cents` + excluded.`cost_cents`,
    `units_without_cost` = `units_without_cost` + excluded.`units_without_cost`;
END;
