DROP INDEX `products_store_created_idx`;--> statement-breakpoint
DROP INDEX `products_store_category_idx`;--> statement-breakpoint
CREATE INDEX `products_store_newest_idx` ON `products` (`store_id`,`created_at`,`id`,`search_text`);--> statement-breakpoint
CREATE INDEX `products_store_category_newest_idx` ON `products` (`store_id`,`category`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `sales_store_created_idx`;--> statement-breakpoint
CREATE INDEX `sales_store_newest_idx` ON `sales` (`store_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `sales_store_state_idx` ON `sales` (`store_id`,`state`);--> statement-breakpoint
ALTER TABLE `stores` ADD `catalog_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TRIGGER `products_bump_catalog_after_insert` AFTER INSERT ON `products` BEGIN
	UPDATE `stores` SET `catalog_version` = `catalog_version` + 1 WHERE `id` = NEW.`store_id`;
END;--> statement-breakpoint
CREATE TRIGGER `products_bump_catalog_after_update` AFTER UPDATE ON `products` BEGIN
	UPDATE `stores` SET `catalog_version` = `catalog_version` + 1 WHERE `id` = NEW.`store_id`;
END;--> statement-breakpoint
CREATE TRIGGER `products_bump_catalog_after_delete` AFTER DELETE ON `products` BEGIN
	UPDATE `stores` SET `catalog_version` = `catalog_version` + 1 WHERE `id` = OLD.`store_id`;
END;
