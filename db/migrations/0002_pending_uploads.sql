CREATE TABLE `pending_uploads` (
	`variant_prefix` text PRIMARY KEY NOT NULL,
	`original_key` text NOT NULL,
	`variant_widths` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
