ALTER TABLE `order_history` ADD `notice_id` integer REFERENCES order_notices(id);--> statement-breakpoint
ALTER TABLE `order_notices` ADD `message` text;--> statement-breakpoint
ALTER TABLE `order_notices` ADD `subject` text;