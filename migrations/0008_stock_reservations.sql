-- Stock reservations, lapsed online payments, refunds and codes used once per customer
-- (docs/decisions/0032-stock-reservations.md).
ALTER TABLE `products` ADD `reserved` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `product_variants` ADD `reserved` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Listings rank by what can be bought (stock − reserved): the generated column and its indexes are made anew.
DROP INDEX `products_store_listing_idx`;--> statement-breakpoint
DROP INDEX `products_store_category_listing_idx`;--> statement-breakpoint
ALTER TABLE `products` DROP COLUMN `listing_rank`;--> statement-breakpoint
ALTER TABLE `products` ADD `listing_rank` integer GENERATED ALWAYS AS (case when "published" = 0 then 0 when "stock" - "reserved" > 0 then 2 else 1 end) VIRTUAL;--> statement-breakpoint
CREATE INDEX `products_store_listing_idx` ON `products` (`store_id`,`listing_rank`,`created_at`,`id`,`search_text`);--> statement-breakpoint
CREATE INDEX `products_store_category_listing_idx` ON `products` (`store_id`,`category`,`listing_rank`,`created_at`,`id`);--> statement-breakpoint
-- Reserved never above stock nor below zero: a reservation, a merchant's edit or an import that would break it
-- fails its statement, and so its whole batch (the order is not placed, the edit not saved).
CREATE TRIGGER `products_reserved_within_stock_insert` BEFORE INSERT ON `products` WHEN NEW.`reserved` < 0 OR NEW.`reserved` > NEW.`stock` BEGIN
	SELECT RAISE(ABORT, 'products_reserved_within_stock');
END;--> statement-breakpoint
CREATE TRIGGER `products_reserved_within_stock_update` BEFORE UPDATE OF `stock`, `reserved` ON `products` WHEN NEW.`reserved` < 0 OR NEW.`reserved` > NEW.`stock` BEGIN
	SELECT RAISE(ABORT, 'products_reserved_within_stock');
END;--> statement-breakpoint
CREATE TRIGGER `product_variants_reserved_within_stock_insert` BEFORE INSERT ON `product_variants` WHEN NEW.`reserved` < 0 OR NEW.`reserved` > NEW.`stock` BEGIN
	SELECT RAISE(ABORT, 'product_variants_reserved_within_stock');
END;--> statement-breakpoint
CREATE TRIGGER `product_variants_reserved_within_stock_update` BEFORE UPDATE OF `stock`, `reserved` ON `product_variants` WHEN NEW.`reserved` < 0 OR NEW.`reserved` > NEW.`stock` BEGIN
	SELECT RAISE(ABORT, 'product_variants_reserved_within_stock');
END;--> statement-breakpoint
-- A product with options keeps the sums of its enabled variants: their stock, and now their reservations.
DROP TRIGGER `product_variants_stock_after_insert`;--> statement-breakpoint
DROP TRIGGER `product_variants_stock_after_update`;--> statement-breakpoint
DROP TRIGGER `product_variants_stock_after_delete`;--> statement-breakpoint
CREATE TRIGGER `product_variants_stock_after_insert` AFTER INSERT ON `product_variants` BEGIN
	UPDATE `products` SET (`stock`, `reserved`) = (SELECT coalesce(sum(`stock`), 0), coalesce(sum(`reserved`), 0) FROM `product_variants` WHERE `product_id` = NEW.`product_id` AND `enabled` = 1) WHERE `id` = NEW.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `product_variants_stock_after_update` AFTER UPDATE ON `product_variants` BEGIN
	UPDATE `products` SET (`stock`, `reserved`) = (SELECT coalesce(sum(`stock`), 0), coalesce(sum(`reserved`), 0) FROM `product_variants` WHERE `product_id` = NEW.`product_id` AND `enabled` = 1) WHERE `id` = NEW.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `product_variants_stock_after_delete` AFTER DELETE ON `product_variants` BEGIN
	UPDATE `products` SET (`stock`, `reserved`) = (SELECT coalesce(sum(`stock`), 0), coalesce(sum(`reserved`), 0) FROM `product_variants` WHERE `product_id` = OLD.`product_id` AND `enabled` = 1) WHERE `id` = OLD.`product_id`;
END;--> statement-breakpoint
ALTER TABLE `discount_codes` ADD `once_per_customer` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `stock_state` text DEFAULT 'held' NOT NULL;--> statement-breakpoint
-- Orders placed before reservations: closed ones say what happened to their stock; pending ones wait for the
-- upkeep job, which reserves them oldest first while stock allows and marks the rest 'short'.
UPDATE `sales` SET `stock_state` = CASE `state` WHEN 'Confirmada' THEN 'taken' WHEN 'Cancelada' THEN 'released' ELSE 'unreserved' END;--> statement-breakpoint
ALTER TABLE `sales` ADD `reserved_until` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `refund_state` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `provider_refund_id` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `refunded_at` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `refund_error` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `code_returned` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `code_customer_phone` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `code_customer_email` text;--> statement-breakpoint
CREATE INDEX `sales_stock_upkeep_idx` ON `sales` (`stock_state`,`reserved_until`);--> statement-breakpoint
CREATE UNIQUE INDEX `sales_code_once_per_phone` ON `sales` (`discount_code_id`,`code_customer_phone`) WHERE "sales"."code_customer_phone" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `sales_code_once_per_email` ON `sales` (`discount_code_id`,`code_customer_email`) WHERE "sales"."code_customer_email" is not null;--> statement-breakpoint
ALTER TABLE `stores` ADD `payment_hold_minutes` integer DEFAULT 30 NOT NULL;
