CREATE TABLE `abandoned_cart_settings` (
	`store_id` text PRIMARY KEY NOT NULL,
	`after_minutes` integer DEFAULT 60 NOT NULL,
	`email_on` integer DEFAULT true NOT NULL,
	`email_hours` integer DEFAULT 6 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `cart_email_opt_outs` (
	`store_id` text NOT NULL,
	`email_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`store_id`, `email_hash`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`restore_token` text NOT NULL,
	`buyer_name` text NOT NULL,
	`buyer_phone` text,
	`contact_phone` text,
	`buyer_email` text,
	`lines` text NOT NULL,
	`total` integer NOT NULL,
	`currency` text NOT NULL,
	`source` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`emailed_at` integer,
	`recovered_sale_id` text,
	`recovered_at` integer,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "checkouts_has_contact" CHECK("checkouts"."buyer_phone" is not null or "checkouts"."buyer_email" is not null),
	CONSTRAINT "checkouts_restore_token_length" CHECK(length("checkouts"."restore_token") >= 24)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkouts_restore_token_unique` ON `checkouts` (`restore_token`);--> statement-breakpoint
CREATE INDEX `checkouts_store_updated_idx` ON `checkouts` (`store_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `checkouts_updated_idx` ON `checkouts` (`updated_at`);--> statement-breakpoint
CREATE INDEX `checkouts_email_due_idx` ON `checkouts` (`updated_at`) WHERE "checkouts"."emailed_at" is null and "checkouts"."buyer_email" is not null and "checkouts"."recovered_sale_id" is null;--> statement-breakpoint
ALTER TABLE `sales` ADD `recovered_cart` integer DEFAULT false NOT NULL;