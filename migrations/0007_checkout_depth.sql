CREATE TABLE `delivery_zones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`store_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`fee` integer NOT NULL,
	`min_order` integer,
	`free_from` integer,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "delivery_zones_amounts" CHECK("delivery_zones"."fee" >= 0 and coalesce("delivery_zones"."min_order", 0) >= 0 and coalesce("delivery_zones"."free_from", 1) > 0)
);
--> statement-breakpoint
CREATE INDEX `delivery_zones_store_idx` ON `delivery_zones` (`store_id`,`position`);--> statement-breakpoint
CREATE TABLE `discount_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`store_id` text NOT NULL,
	`code` text NOT NULL,
	`code_key` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`min_purchase` integer,
	`starts_on` text,
	`ends_on` text,
	`max_uses` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "discount_codes_uses_within_limit" CHECK("discount_codes"."uses" >= 0 and ("discount_codes"."max_uses" is null or "discount_codes"."uses" <= "discount_codes"."max_uses")),
	CONSTRAINT "discount_codes_value_range" CHECK(("discount_codes"."kind" = 'percent' and "discount_codes"."value" between 1 and 100) or ("discount_codes"."kind" = 'amount' and "discount_codes"."value" > 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_codes_store_code_unique` ON `discount_codes` (`store_id`,`code_key`);--> statement-breakpoint
CREATE TABLE `pickup_points` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`store_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`hours` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pickup_points_store_idx` ON `pickup_points` (`store_id`,`position`);--> statement-breakpoint
CREATE TABLE `sandbox_store_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`external_reference` text NOT NULL,
	`title` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`back_url` text NOT NULL,
	`notification_url` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `store_payment_accounts` (
	`store_id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`account_id` text NOT NULL,
	`access_token_enc` text NOT NULL,
	`refresh_token_enc` text NOT NULL,
	`public_key` text,
	`expires_at` integer NOT NULL,
	`linked_at` integer NOT NULL,
	`refreshed_at` integer,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_sales` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`state` text DEFAULT 'Pendiente' NOT NULL,
	`total` integer NOT NULL,
	`subtotal` integer NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`discount_code` text,
	`discount_code_id` integer,
	`delivery_fee` integer DEFAULT 0 NOT NULL,
	`currency` text NOT NULL,
	`buyer_name` text NOT NULL,
	`buyer_phone` text,
	`buyer_email` text,
	`delivery` text NOT NULL,
	`delivery_zone` text,
	`pickup_point` text,
	`address` text,
	`note` text,
	`access_token` text DEFAULT (lower(hex(randomblob(16)))) NOT NULL,
	`payment_method` text DEFAULT 'on_delivery' NOT NULL,
	`payment_status` text DEFAULT 'none' NOT NULL,
	`provider_payment_id` text,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`discount_code_id`) REFERENCES `discount_codes`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "sales_id_format" CHECK(length("__new_sales"."id") = 10 and "__new_sales"."id" not glob '*[^0-9]*'),
	CONSTRAINT "sales_total_non_negative" CHECK("__new_sales"."total" >= 0),
	CONSTRAINT "sales_total_adds_up" CHECK("__new_sales"."total" = "__new_sales"."subtotal" - "__new_sales"."discount" + "__new_sales"."delivery_fee"),
	CONSTRAINT "sales_discount_within_subtotal" CHECK("__new_sales"."discount" between 0 and "__new_sales"."subtotal"),
	CONSTRAINT "sales_delivery_fee_non_negative" CHECK("__new_sales"."delivery_fee" >= 0),
	CONSTRAINT "sales_address_for_delivery" CHECK("__new_sales"."delivery" <> 'delivery' or coalesce("__new_sales"."address", '') <> ''),
	CONSTRAINT "sales_payment_status_for_method" CHECK(("__new_sales"."payment_method" = 'on_delivery') = ("__new_sales"."payment_status" = 'none')),
	CONSTRAINT "sales_access_token_length" CHECK(length("__new_sales"."access_token") >= 16)
);
--> statement-breakpoint
INSERT INTO `__new_sales`("id", "store_id", "state", "total", "subtotal", "currency", "buyer_name", "buyer_phone", "delivery", "address", "note", "created_at", "closed_at") SELECT "id", "store_id", "state", "total", "total", "currency", "buyer_name", "buyer_phone", "delivery", "address", "note", "created_at", "closed_at" FROM `sales`;--> statement-breakpoint
DROP TABLE `sales`;--> statement-breakpoint
ALTER TABLE `__new_sales` RENAME TO `sales`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `sales_store_newest_idx` ON `sales` (`store_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `sales_store_state_idx` ON `sales` (`store_id`,`state`);--> statement-breakpoint
ALTER TABLE `stores` ADD `pickup_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `stores` ADD `home_delivery_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `stores` ADD `arrange_enabled` integer DEFAULT false NOT NULL;