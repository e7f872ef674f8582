DROP INDEX `products_store_category_newest_idx`;--> statement-breakpoint
ALTER TABLE `products` ADD `compare_at_price` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `published` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `listing_rank` integer GENERATED ALWAYS AS (case when "published" = 0 then 0 when "stock" > 0 then 2 else 1 end) VIRTUAL;--> statement-breakpoint
CREATE INDEX `products_store_listing_idx` ON `products` (`store_id`,`listing_rank`,`created_at`,`id`,`search_text`);--> statement-breakpoint
CREATE INDEX `products_store_category_listing_idx` ON `products` (`store_id`,`category`,`listing_rank`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `stores` ADD `hide_sold_out` integer DEFAULT false NOT NULL;