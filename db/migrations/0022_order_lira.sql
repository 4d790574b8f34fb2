ALTER TABLE `orders` ADD `lbp_rate` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `total_lbp` integer;