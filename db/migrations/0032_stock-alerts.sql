CREATE TABLE `stock_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`size` text DEFAULT '' NOT NULL,
	`email` text,
	`phone` text,
	`contact_key` text NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`notified_at` integer,
	`email_sent_at` integer,
	`email_attempts` integer DEFAULT 0 NOT NULL,
	`email_next_attempt_at` integer,
	`email_last_error` text,
	`done_at` integer,
	`done_by` text,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_alerts_waiting_contact_idx` ON `stock_alerts` (`product_id`,`size`,`contact_key`) WHERE notified_at is null and done_at is null;--> statement-breakpoint
CREATE INDEX `stock_alerts_waiting_product_idx` ON `stock_alerts` (`product_id`) WHERE notified_at is null and done_at is null;--> statement-breakpoint
CREATE INDEX `stock_alerts_email_due_idx` ON `stock_alerts` (`email_next_attempt_at`) WHERE notified_at is not null and email_sent_at is null;