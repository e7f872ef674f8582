CREATE TABLE `platform_texts` (
	`key` text PRIMARY KEY NOT NULL,
	`body` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `withdrawal_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`sale_id` text NOT NULL,
	`contact` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "withdrawal_requests_id_format" CHECK(length("withdrawal_requests"."id") = 10 and "withdrawal_requests"."id" not glob '*[^0-9]*')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawal_requests_sale_unique` ON `withdrawal_requests` (`sale_id`);--> statement-breakpoint
CREATE INDEX `withdrawal_requests_store_idx` ON `withdrawal_requests` (`store_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `stores` ADD `returns_policy` text;--> statement-breakpoint
ALTER TABLE `stores` ADD `shipping_policy` text;--> statement-breakpoint
ALTER TABLE `stores` ADD `privacy_policy` text;--> statement-breakpoint
ALTER TABLE `stores` ADD `tax_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `stores` ADD `legal_name` text DEFAULT '' NOT NULL;