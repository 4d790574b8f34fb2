CREATE TABLE `visible_condition_counts` (
	`category_id` integer NOT NULL,
	`packaging` text NOT NULL,
	`grade` text NOT NULL,
	`visible` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`category_id`, `packaging`, `grade`),
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `product_images` ADD `caption` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `packaging` text DEFAULT 'open-box' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `grade` text DEFAULT 'like-new' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `condition_notes` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `in_the_box` text DEFAULT '[]' NOT NULL;