CREATE TABLE `promotions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`store_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`scope` text NOT NULL,
	`product_ids` text DEFAULT '[]' NOT NULL,
	`category` integer,
	`percent` integer,
	`amount` integer,
	`buy_quantity` integer,
	`pay_quantity` integer,
	`min_quantity` integer,
	`zone_ids` text DEFAULT '[]' NOT NULL,
	`starts_on` text,
	`ends_on` text,
	`enabled` integer DEFAULT true NOT NULL,
	`orders` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "promotions_percent_range" CHECK("promotions"."percent" is null or "promotions"."percent" between 1 and 100),
	CONSTRAINT "promotions_amounts" CHECK(coalesce("promotions"."amount", 0) >= 0 and "promotions"."orders" >= 0)
);
--> statement-breakpoint
CREATE INDEX `promotions_store_idx` ON `promotions` (`store_id`,`enabled`,`id`);--> statement-breakpoint
ALTER TABLE `sale_lines` ADD `promotion_id` integer;--> statement-breakpoint
ALTER TABLE `sale_lines` ADD `promotion_name` text;--> statement-breakpoint
ALTER TABLE `sale_lines` ADD `promotion_saving` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `free_delivery_promotion_id` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `free_delivery_promotion` text;