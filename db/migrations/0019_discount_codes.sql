CREATE TABLE `discount_uses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`discount_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`phone_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`discount_id`) REFERENCES `discounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `discount_uses_phone_idx` ON `discount_uses` (`discount_id`,`phone_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `discount_uses_order_unique` ON `discount_uses` (`order_id`);--> statement-breakpoint
CREATE TABLE `discounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`percent` integer,
	`amount_cents` integer,
	`min_subtotal_cents` integer,
	`starts_at` integer,
	`ends_at` integer,
	`max_uses` integer,
	`once_per_phone` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`uses` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discounts_code_unique` ON `discounts` (`code`);--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_coupon_created_idx` ON `orders` (`coupon_code`,`created_at`);