-- A product may have no category (-1, the new default), so a new product shows none instead of 'Servicio'.
-- SQLite changes a CHECK only by copying the table; the copy keeps every row, id and value (the full-text
-- index is keyed by the product's id, so it stays valid), and the triggers on products are made again below.
-- Foreign keys are off while it runs (the migrator's own pragma), so no photo or variant is cascaded away.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
-- The triggers of photos and variants that write products go while the table is copied, and come back below.
DROP TRIGGER `product_photos_cover_after_insert`;--> statement-breakpoint
DROP TRIGGER `product_photos_cover_after_update`;--> statement-breakpoint
DROP TRIGGER `product_photos_cover_after_delete`;--> statement-breakpoint
DROP TRIGGER `product_variants_stock_after_insert`;--> statement-breakpoint
DROP TRIGGER `product_variants_stock_after_update`;--> statement-breakpoint
DROP TRIGGER `product_variants_stock_after_delete`;--> statement-breakpoint
CREATE TABLE `__new_products` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`name` text NOT NULL,
	`search_text` text NOT NULL,
	`price` integer NOT NULL,
	`compare_at_price` integer,
	`stock` integer NOT NULL,
	`reserved` integer DEFAULT 0 NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category` integer DEFAULT -1 NOT NULL,
	`image_key` text,
	`image_width` integer,
	`image_height` integer,
	`filename` text,
	`created_at` integer NOT NULL,
	`published` integer DEFAULT true NOT NULL,
	`options` text DEFAULT '[]' NOT NULL,
	`listing_rank` integer GENERATED ALWAYS AS (case when "published" = 0 then 0 when "stock" - "reserved" > 0 then 2 else 1 end) VIRTUAL,
	`search_name` text DEFAULT '' NOT NULL,
	`search_body` text DEFAULT '' NOT NULL,
	`search_fuzzy` text DEFAULT '' NOT NULL,
	`search_version` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "products_id_format" CHECK(length("__new_products"."id") = 7 and "__new_products"."id" not glob '*[^0-9]*'),
	CONSTRAINT "products_stock_non_negative" CHECK("__new_products"."stock" >= 0),
	CONSTRAINT "products_price_non_negative" CHECK("__new_products"."price" >= 0),
	CONSTRAINT "products_category_range" CHECK("__new_products"."category" between -1 and 15)
);
--> statement-breakpoint
INSERT INTO `__new_products`("id", "store_id", "name", "search_text", "price", "compare_at_price", "stock", "reserved", "description", "category", "image_key", "image_width", "image_height", "filename", "created_at", "published", "options", "search_name", "search_body", "search_fuzzy", "search_version") SELECT "id", "store_id", "name", "search_text", "price", "compare_at_price", "stock", "reserved", "description", "category", "image_key", "image_width", "image_height", "filename", "created_at", "published", "options", "search_name", "search_body", "search_fuzzy", "search_version" FROM `products`;--> statement-breakpoint
DROP TABLE `products`;--> statement-breakpoint
ALTER TABLE `__new_products` RENAME TO `products`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `products_search_version_idx` ON `products` (`search_version`);--> statement-breakpoint
CREATE INDEX `products_store_newest_idx` ON `products` (`store_id`,`created_at`,`id`,`search_text`);--> statement-breakpoint
CREATE INDEX `products_store_listing_idx` ON `products` (`store_id`,`listing_rank`,`created_at`,`id`,`search_text`);--> statement-breakpoint
CREATE INDEX `products_store_category_listing_idx` ON `products` (`store_id`,`category`,`listing_rank`,`created_at`,`id`);--> statement-breakpoint
-- The triggers of products, photos and variants, as they were.
CREATE TRIGGER `product_photos_cover_after_insert` AFTER INSERT ON `product_photos` BEGIN
	UPDATE `products` SET (`image_key`, `image_width`, `image_height`, `filename`) = (SELECT `key`, `width`, `height`, `filename` FROM `product_photos` WHERE `product_id` = NEW.`product_id` ORDER BY `position`, `id` LIMIT 1) WHERE `id` = NEW.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `product_photos_cover_after_update` AFTER UPDATE ON `product_photos` BEGIN
	UPDATE `products` SET (`image_key`, `image_width`, `image_height`, `filename`) = (SELECT `key`, `width`, `height`, `filename` FROM `product_photos` WHERE `product_id` = NEW.`product_id` ORDER BY `position`, `id` LIMIT 1) WHERE `id` = NEW.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `product_photos_cover_after_delete` AFTER DELETE ON `product_photos` BEGIN
	UPDATE `products` SET (`image_key`, `image_width`, `image_height`, `filename`) = (SELECT `key`, `width`, `height`, `filename` FROM `product_photos` WHERE `product_id` = OLD.`product_id` ORDER BY `position`, `id` LIMIT 1) WHERE `id` = OLD.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `product_variants_stock_after_insert` AFTER INSERT ON `product_variants` BEGIN
	UPDATE `products` SET (`stock`, `reserved`) = (SELECT coalesce(sum(`stock`), 0), coalesce(sum(`reserved`), 0) FROM `product_variants` WHERE `product_id` = NEW.`product_id` AND `enabled` = 1) WHERE `id` = NEW.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `product_variants_stock_after_update` AFTER UPDATE ON `product_variants` BEGIN
	UPDATE `products` SET (`stock`, `reserved`) = (SELECT coalesce(sum(`stock`), 0), coalesce(sum(`reserved`), 0) FROM `product_variants` WHERE `product_id` = NEW.`product_id` AND `enabled` = 1) WHERE `id` = NEW.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `product_variants_stock_after_delete` AFTER DELETE ON `product_variants` BEGIN
	UPDATE `products` SET (`stock`, `reserved`) = (SELECT coalesce(sum(`stock`), 0), coalesce(sum(`reserved`), 0) FROM `product_variants` WHERE `product_id` = OLD.`product_id` AND `enabled` = 1) WHERE `id` = OLD.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `products_bump_catalog_after_insert` AFTER INSERT ON `products` BEGIN
	UPDATE `stores` SET `catalog_version` = `catalog_version` + 1 WHERE `id` = NEW.`store_id`;
END;--> statement-breakpoint
CREATE TRIGGER `products_bump_catalog_after_update` AFTER UPDATE ON `products` BEGIN
	UPDATE `stores` SET `catalog_version` = `catalog_version` + 1 WHERE `id` = NEW.`store_id`;
END;--> statement-breakpoint
CREATE TRIGGER `products_bump_catalog_after_delete` AFTER DELETE ON `products` BEGIN
	UPDATE `stores` SET `catalog_version` = `catalog_version` + 1 WHERE `id` = OLD.`store_id`;
END;--> statement-breakpoint
CREATE TRIGGER `products_reserved_within_stock_insert` BEFORE INSERT ON `products` WHEN NEW.`reserved` < 0 OR NEW.`reserved` > NEW.`stock` BEGIN
	SELECT RAISE(ABORT, 'products_reserved_within_stock');
END;--> statement-breakpoint
CREATE TRIGGER `products_reserved_within_stock_update` BEFORE UPDATE OF `stock`, `reserved` ON `products` WHEN NEW.`reserved` < 0 OR NEW.`reserved` > NEW.`stock` BEGIN
	SELECT RAISE(ABORT, 'products_reserved_within_stock');
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_after_insert` AFTER INSERT ON `products` BEGIN
	INSERT INTO `products_fts`(rowid, search_name, search_body, search_fuzzy) VALUES (CAST(NEW.id AS INTEGER), NEW.search_name, NEW.search_body, NEW.search_fuzzy);
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_after_delete` AFTER DELETE ON `products` BEGIN
	INSERT INTO `products_fts`(`products_fts`, rowid, search_name, search_body, search_fuzzy) VALUES ('delete', CAST(OLD.id AS INTEGER), OLD.search_name, OLD.search_body, OLD.search_fuzzy);
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_after_update` AFTER UPDATE OF `search_name`, `search_body`, `search_fuzzy` ON `products` BEGIN
	INSERT INTO `products_fts`(`products_fts`, rowid, search_name, search_body, search_fuzzy) VALUES ('delete', CAST(OLD.id AS INTEGER), OLD.search_name, OLD.search_body, OLD.search_fuzzy);
	INSERT INTO `products_fts`(rowid, search_name, search_body, search_fuzzy) VALUES (CAST(NEW.id AS INTEGER), NEW.search_name, NEW.search_body, NEW.search_fuzzy);
END;--> statement-breakpoint
CREATE TRIGGER `products_search_stale` AFTER UPDATE OF `name`, `description`, `category` ON `products`
WHEN NEW.search_name = OLD.search_name AND NEW.search_body = OLD.search_body AND NEW.search_fuzzy = OLD.search_fuzzy
	AND NEW.search_version > 0
	AND (NEW.name IS NOT OLD.name OR NEW.description IS NOT OLD.description OR NEW.category IS NOT OLD.category) BEGIN
	UPDATE `products` SET `search_version` = 0 WHERE `id` = NEW.id;
END;
