-- The store's customer list, built from its orders. drizzle-kit writes the new column's reference without its
-- ON DELETE rule; it is added here by hand (a deleted customer leaves their orders without one).
CREATE TABLE `customers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`store_id` text NOT NULL,
	`name` text NOT NULL,
	`phone` text,
	`email` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "customers_known_by_contact" CHECK("customers"."phone" is not null or "customers"."email" is not null)
);
--> statement-breakpoint
CREATE INDEX `customers_store_name_idx` ON `customers` (`store_id`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `customers_store_phone` ON `customers` (`store_id`,`phone`) WHERE "customers"."phone" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `customers_store_email` ON `customers` (`store_id`,`email`) WHERE "customers"."email" is not null;--> statement-breakpoint
ALTER TABLE `sales` ADD `customer_id` integer REFERENCES customers(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `sales_customer_idx` ON `sales` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sales_without_customer_idx` ON `sales` (`created_at`) WHERE "sales"."customer_id" is null and ("sales"."buyer_phone" glob '*[0-9]*' or "sales"."buyer_email" is not null);