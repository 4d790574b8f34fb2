ALTER TABLE `admins` ADD `role` text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE `admins` ADD `must_change_password` integer DEFAULT false NOT NULL;