CREATE TABLE `product_sales_by_day` (
	`product_id` integer NOT NULL,
	`day` integer NOT NULL,
	`quantity` integer DEFAULT 0 NOT NULL,
	`revenue_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`product_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `product_sales_by_day_day_idx` ON `product_sales_by_day` (`day`,`product_id`);--> statement-breakpoint
CREATE TABLE `sales_by_hour` (
	`hour` integer PRIMARY KEY NOT NULL,
	`orders_placed` integer DEFAULT 0 NOT NULL,
	`orders_canceled` integer DEFAULT 0 NOT NULL,
	`revenue_cents` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`actor` text NOT NULL,
	`address` text,
	`kind` text NOT NULL,
	`product_id` integer,
	`order_id` text,
	`subject` text DEFAULT '' NOT NULL,
	`changes` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `activity_kind_idx` ON `activity` (`kind`,`id`);--> statement-breakpoint
CREATE INDEX `activity_product_idx` ON `activity` (`product_id`,`id`);--> statement-breakpoint
CREATE INDEX `activity_order_idx` ON `activity` (`order_id`,`id`);--> statement-breakpoint
CREATE INDEX `orders_status_total_idx` ON `orders` (`status`,`total_cents`);--> statement-breakpoint
CREATE INDEX `products_stock_idx` ON `products` (`stock`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_created_stock_idx` ON `products` (`created_at`,`stock`);