CREATE TABLE `product_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` text NOT NULL,
	`store_id` text NOT NULL,
	`position` integer NOT NULL,
	`key` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`filename` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_photos_product_idx` ON `product_photos` (`product_id`,`position`,`id`);--> statement-breakpoint
CREATE TABLE `product_variants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` text NOT NULL,
	`store_id` text NOT NULL,
	`position` integer NOT NULL,
	`option1` text NOT NULL,
	`option2` text DEFAULT '' NOT NULL,
	`option3` text DEFAULT '' NOT NULL,
	`price` integer,
	`sku` text,
	`stock` integer DEFAULT 0 NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`photo_id` integer,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`photo_id`) REFERENCES `product_photos`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "product_variants_stock_non_negative" CHECK("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_non_negative" CHECK("product_variants"."price" is null or "product_variants"."price" >= 0)
);
--> statement-breakpoint
CREATE INDEX `product_variants_product_idx` ON `product_variants` (`product_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_values_unique` ON `product_variants` (`product_id`,`option1`,`option2`,`option3`);--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_store_sku_unique` ON `product_variants` (`store_id`,`sku`);--> statement-breakpoint
ALTER TABLE `plans` ADD `photos_per_product` integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `options` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `sale_lines` ADD `variant_id` integer REFERENCES product_variants(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `sale_lines` ADD `variant` text;--> statement-breakpoint
UPDATE `plans` SET `photos_per_product` = 8 WHERE `id` = 'premium';--> statement-breakpoint
INSERT INTO `product_photos` (`product_id`, `store_id`, `position`, `key`, `width`, `height`, `filename`)
	SELECT `id`, `store_id`, 0, `image_key`, coalesce(`image_width`, 0), coalesce(`image_height`, 0), coalesce(`filename`, '') FROM `products` WHERE `image_key` IS NOT NULL;--> statement-breakpoint
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
	UPDATE `products` SET `stock` = (SELECT coalesce(sum(`stock`), 0) FROM `product_variants` WHERE `product_id` = NEW.`product_id` AND `enabled` = 1) WHERE `id` = NEW.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `product_variants_stock_after_update` AFTER UPDATE ON `product_variants` BEGIN
	UPDATE `products` SET `stock` = (SELECT coalesce(sum(`stock`), 0) FROM `product_variants` WHERE `product_id` = NEW.`product_id` AND `enabled` = 1) WHERE `id` = NEW.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `product_variants_stock_after_delete` AFTER DELETE ON `product_variants` BEGIN
	UPDATE `products` SET `stock` = (SELECT coalesce(sum(`stock`), 0) FROM `product_variants` WHERE `product_id` = OLD.`product_id` AND `enabled` = 1) WHERE `id` = OLD.`product_id`;
END;
