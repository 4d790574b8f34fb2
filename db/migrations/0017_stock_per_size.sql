CREATE TABLE `product_size_stock` (
	`product_id` integer NOT NULL,
	`size` text NOT NULL,
	`stock` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`product_id`, `size`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `product_size_stock_stock_idx` ON `product_size_stock` (`stock`,`product_id`);