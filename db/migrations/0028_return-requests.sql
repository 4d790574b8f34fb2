CREATE TABLE `return_request_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`return_request_id` integer NOT NULL,
	`order_item_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`restocked` integer DEFAULT 0 NOT NULL,
	`restocked_grade` text,
	FOREIGN KEY (`return_request_id`) REFERENCES `return_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_item_id`) REFERENCES `order_items`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "return_request_items_quantity_check" CHECK("return_request_items"."quantity" > 0),
	CONSTRAINT "return_request_items_restocked_check" CHECK("return_request_items"."restocked" >= 0 and "return_request_items"."restocked" <= "return_request_items"."quantity")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `return_request_items_line_idx` ON `return_request_items` (`return_request_id`,`order_item_id`);--> statement-breakpoint
CREATE TABLE `return_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`refusal_note` text,
	`refund_cents` integer,
	`decided_by` text,
	`decided_at` integer,
	`received_by` text,
	`received_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "return_requests_refund_check" CHECK("return_requests"."refund_cents" is null or "return_requests"."refund_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `return_requests_order_idx` ON `return_requests` (`order_id`);--> statement-breakpoint
ALTER TABLE `sales_by_hour` ADD `refunds` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales_by_hour` ADD `refund_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales_by_hour` ADD `returned_cost_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written below
-- A return after delivery, once received, enters the Overview's hourly sums at the hour it was
-- received (a refund is money paid back then; past hours keep what they said): one more refund, its
-- amount (the Overview's revenue is revenue_cents less refund_cents) and the cost of the units that
-- went back to stock (no longer sold: gross profit takes their cost out; a written-off unit's cost
-- stays, the shop bore it). The order's own sums (0011, 0027) do not move: it stays delivered.
CREATE TRIGGER `sales_refund_after_return_received` AFTER UPDATE OF `status` ON `return_requests`
WHEN new.`status` = 'received' AND old.`status` <> 'received' BEGIN
  INSERT INTO `sales_by_hour` (`hour`, `refunds`, `refund_cents`, `returned_cost_cents`)
  VALUES (
    CAST(coalesce(new.`received_at`, unixepoch('subsec') * 1000) / 3600000 AS INTEGER),
    1,
    coalesce(new.`refund_cents`, 0),
    (SELECT coalesce(sum(ri.`restocked` * oi.`unit_cost_cents`), 0)
     FROM `return_request_items` ri JOIN `order_items` oi ON oi.`id` = ri.`order_item_id`
     WHERE ri.`return_request_id` = new.`id`)
  )
  ON CONFLICT (`hour`) DO UPDATE SET
    `refunds` = `refunds` + excluded.`refunds`,
    `refund_cents` = `refund_cents` + excluded.`refund_cents`,
    `returned_cost_cents` = `returned_cost_cents` + excluded.`returned_cost_cents`;
END;
