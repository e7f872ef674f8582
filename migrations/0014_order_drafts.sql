-- Orders built by the merchant ('Armar pedido'): a draft's address is written by the customer, so the delivery CHECK
-- changes and the sales table is rebuilt. drizzle-kit selects the new column from the old table; it is 0 (false) here
-- by hand.
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
	`payment_adjustment` integer DEFAULT 0 NOT NULL,
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
	`receipt_key` text,
	`receipt_at` integer,
	`stock_state` text DEFAULT 'held' NOT NULL,
	`reserved_until` integer,
	`refund_state` text DEFAULT 'none' NOT NULL,
	`provider_refund_id` text,
	`refunded_at` integer,
	`refund_error` text,
	`code_returned` integer DEFAULT false NOT NULL,
	`code_customer_phone` text,
	`code_customer_email` text,
	`draft` integer DEFAULT false NOT NULL,
	`customer_id` integer,
	`created_at` integer NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`discount_code_id`) REFERENCES `discount_codes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "sales_id_format" CHECK(length("__new_sales"."id") = 10 and "__new_sales"."id" not glob '*[^0-9]*'),
	CONSTRAINT "sales_total_non_negative" CHECK("__new_sales"."total" >= 0),
	CONSTRAINT "sales_total_adds_up" CHECK("__new_sales"."total" = "__new_sales"."subtotal" - "__new_sales"."discount" + "__new_sales"."payment_adjustment" + "__new_sales"."delivery_fee"),
	CONSTRAINT "sales_discount_within_subtotal" CHECK("__new_sales"."discount" between 0 and "__new_sales"."subtotal"),
	CONSTRAINT "sales_delivery_fee_non_negative" CHECK("__new_sales"."delivery_fee" >= 0),
	CONSTRAINT "sales_address_for_delivery" CHECK("__new_sales"."delivery" <> 'delivery' or coalesce("__new_sales"."address", '') <> '' or "__new_sales"."draft" = 1),
	CONSTRAINT "sales_payment_status_for_method" CHECK(case "__new_sales"."payment_method" when 'online' then "__new_sales"."payment_status" <> 'none' when 'transfer' then "__new_sales"."payment_status" in ('none', 'pending', 'approved', 'rejected') else "__new_sales"."payment_status" = 'none' end),
	CONSTRAINT "sales_access_token_length" CHECK(length("__new_sales"."access_token") >= 16)
);
--> statement-breakpoint
INSERT INTO `__new_sales`("id", "store_id", "state", "total", "subtotal", "discount", "discount_code", "discount_code_id", "delivery_fee", "payment_adjustment", "currency", "buyer_name", "buyer_phone", "buyer_email", "delivery", "delivery_zone", "pickup_point", "address", "note", "access_token", "payment_method", "payment_status", "provider_payment_id", "paid_at", "receipt_key", "receipt_at", "stock_state", "reserved_until", "refund_state", "provider_refund_id", "refunded_at", "refund_error", "code_returned", "code_customer_phone", "code_customer_email", "draft", "customer_id", "created_at", "closed_at") SELECT "id", "store_id", "state", "total", "subtotal", "discount", "discount_code", "discount_code_id", "delivery_fee", "payment_adjustment", "currency", "buyer_name", "buyer_phone", "buyer_email", "delivery", "delivery_zone", "pickup_point", "address", "note", "access_token", "payment_method", "payment_status", "provider_payment_id", "paid_at", "receipt_key", "receipt_at", "stock_state", "reserved_until", "refund_state", "provider_refund_id", "refunded_at", "refund_error", "code_returned", "code_customer_phone", "code_customer_email", 0, "customer_id", "created_at", "closed_at" FROM `sales`;--> statement-breakpoint
DROP TABLE `sales`;--> statement-breakpoint
ALTER TABLE `__new_sales` RENAME TO `sales`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `sales_store_newest_idx` ON `sales` (`store_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `sales_store_state_idx` ON `sales` (`store_id`,`state`);--> statement-breakpoint
CREATE INDEX `sales_stock_upkeep_idx` ON `sales` (`stock_state`,`reserved_until`);--> statement-breakpoint
CREATE INDEX `sales_customer_idx` ON `sales` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sales_without_customer_idx` ON `sales` (`created_at`) WHERE "sales"."customer_id" is null and ("sales"."buyer_phone" glob '*[0-9]*' or "sales"."buyer_email" is not null);--> statement-breakpoint
CREATE UNIQUE INDEX `sales_code_once_per_phone` ON `sales` (`discount_code_id`,`code_customer_phone`) WHERE "sales"."code_customer_phone" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `sales_code_once_per_email` ON `sales` (`discount_code_id`,`code_customer_email`) WHERE "sales"."code_customer_email" is not null;