ALTER TABLE `order_history` ADD `notice_id` integer REFERENCES order_notices(id);--> statement-breakpoint
ALTER TABLE `order_notices` ADD `message` text;--> statement-breakpoint
ALTER TABLE `order_notices` ADD `subject` text;--> statement-breakpoint
CREATE INDEX `order_notices_order_idx` ON `order_notices` (`order_id`,`id`);