CREATE TABLE `attempt_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`window_started_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`sale_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_store_idx` ON `idempotency_keys` (`store_id`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_resets_user_idx` ON `password_resets` (`user_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`plan` text,
	`billing_period` text,
	`stores_quantity` integer,
	`provider` text NOT NULL,
	`preference_id` text,
	`provider_payment_id` text,
	`provider_data` text,
	`created_at` integer NOT NULL,
	`applied_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payments_id_format" CHECK(length("payments"."id") = 10 and "payments"."id" not glob '*[^0-9]*'),
	CONSTRAINT "payments_amount_positive" CHECK("payments"."amount" > 0),
	CONSTRAINT "payments_applied_only_when_approved" CHECK("payments"."applied_at" is null or "payments"."status" = 'approved')
);
--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_payment_unique` ON `payments` (`provider`,`provider_payment_id`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`products` integer,
	`banner` integer NOT NULL,
	`sections` integer NOT NULL,
	`items_per_section` integer NOT NULL,
	`price_monthly` integer NOT NULL,
	`price_biannual` integer NOT NULL,
	`price_annually` integer NOT NULL,
	`currency` text NOT NULL,
	CONSTRAINT "plans_prices_positive" CHECK("plans"."price_monthly" > 0 and "plans"."price_biannual" > 0 and "plans"."price_annually" > 0)
);
--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`name` text NOT NULL,
	`search_text` text NOT NULL,
	`price` integer NOT NULL,
	`stock` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category` integer DEFAULT 0 NOT NULL,
	`image_key` text,
	`image_width` integer,
	`image_height` integer,
	`filename` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "products_id_format" CHECK(length("products"."id") = 7 and "products"."id" not glob '*[^0-9]*'),
	CONSTRAINT "products_stock_non_negative" CHECK("products"."stock" >= 0),
	CONSTRAINT "products_price_non_negative" CHECK("products"."price" >= 0),
	CONSTRAINT "products_category_range" CHECK("products"."category" between 0 and 15)
);
--> statement-breakpoint
CREATE INDEX `products_store_created_idx` ON `products` (`store_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_store_category_idx` ON `products` (`store_id`,`category`,`created_at`);--> statement-breakpoint
CREATE TABLE `registrations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`lastname` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`store_name` text,
	`store_url` text,
	`store_category` integer,
	`time_zone` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `registrations_email_idx` ON `registrations` (`email`);--> statement-breakpoint
CREATE TABLE `sale_lines` (
	`sale_id` text NOT NULL,
	`position` integer NOT NULL,
	`product_id` text,
	`name` text NOT NULL,
	`image_key` text,
	`unit_price` integer NOT NULL,
	`quantity` integer NOT NULL,
	PRIMARY KEY(`sale_id`, `position`),
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "sale_lines_quantity_positive" CHECK("sale_lines"."quantity" >= 1),
	CONSTRAINT "sale_lines_price_non_negative" CHECK("sale_lines"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE INDEX `sale_lines_product_idx` ON `sale_lines` (`product_id`);--> statement-breakpoint
CREATE TABLE `sales` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`state` text DEFAULT 'Pendiente' NOT NULL,
	`total` integer NOT NULL,
	`currency` text NOT NULL,
	`buyer_name` text NOT NULL,
	`buyer_phone` text,
	`delivery` text NOT NULL,
	`address` text,
	`note` text,
	`created_at` integer NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sales_id_format" CHECK(length("sales"."id") = 10 and "sales"."id" not glob '*[^0-9]*'),
	CONSTRAINT "sales_total_non_negative" CHECK("sales"."total" >= 0),
	CONSTRAINT "sales_address_for_delivery" CHECK("sales"."delivery" = 'pickup' or coalesce("sales"."address", '') <> '')
);
--> statement-breakpoint
CREATE INDEX `sales_store_created_idx` ON `sales` (`store_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `section_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`section_id` text NOT NULL,
	`position` integer NOT NULL,
	`type` text NOT NULL,
	`product_id` text,
	`file_key` text,
	`thumb_key` text,
	`width` integer,
	`height` integer,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "section_items_shape" CHECK(("section_items"."type" = 'product' and "section_items"."product_id" is not null and "section_items"."file_key" is null)
        or ("section_items"."type" in ('image', 'video') and "section_items"."file_key" is not null and "section_items"."product_id" is null))
);
--> statement-breakpoint
CREATE INDEX `section_items_section_idx` ON `section_items` (`section_id`,`position`);--> statement-breakpoint
CREATE INDEX `section_items_product_idx` ON `section_items` (`product_id`);--> statement-breakpoint
CREATE TABLE `sections` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`title` text NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sections_id_format" CHECK(length("sections"."id") = 7 and "sections"."id" not glob '*[^0-9]*')
);
--> statement-breakpoint
CREATE INDEX `sections_store_idx` ON `sections` (`store_id`,`position`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`kind` text DEFAULT 'merchant' NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sessions_merchant_has_user" CHECK("sessions"."kind" = 'admin' or "sessions"."user_id" is not null)
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `store_banners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`store_id` text NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `store_banners_store_idx` ON `store_banners` (`store_id`,`position`);--> statement-breakpoint
CREATE TABLE `store_slug_history` (
	`slug` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`replaced_at` integer NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `store_slug_history_store_idx` ON `store_slug_history` (`store_id`);--> statement-breakpoint
CREATE TABLE `stores` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`category` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`logo_key` text,
	`qr_png_key` text,
	`qr_svg_key` text,
	`active` integer DEFAULT true NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`main_title` text DEFAULT '' NOT NULL,
	`store_title` text DEFAULT '' NOT NULL,
	`sale_number` text DEFAULT '' NOT NULL,
	`attention_number` text DEFAULT '' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`time_zone` text DEFAULT 'America/Bogota' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "stores_id_format" CHECK(length("stores"."id") = 10 and "stores"."id" not glob '*[^0-9]*'),
	CONSTRAINT "stores_url_format" CHECK(length("stores"."url") between 3 and 40 and "stores"."url" not glob '*[^a-z0-9-]*' and "stores"."url" not like '-%' and "stores"."url" not like '%-'),
	CONSTRAINT "stores_category_range" CHECK("stores"."category" between 1 and 11)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stores_url_unique` ON `stores` (`url`);--> statement-breakpoint
CREATE INDEX `stores_owner_created_idx` ON `stores` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`lastname` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`account_created` integer DEFAULT true NOT NULL,
	`profile_picture` text,
	`trial_started` integer DEFAULT false NOT NULL,
	`plan` text DEFAULT 'standard' NOT NULL,
	`billing_period` text DEFAULT 'monthly' NOT NULL,
	`stores_limit` integer DEFAULT 1 NOT NULL,
	`bill_total` integer DEFAULT 0 NOT NULL,
	`bill_due_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`plan`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "users_stores_limit_positive" CHECK("users"."stores_limit" >= 1),
	CONSTRAINT "users_bill_total_non_negative" CHECK("users"."bill_total" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `verification_codes` (
	`email` text PRIMARY KEY NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`sent_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
