CREATE TABLE `low_stock_alerts` (
	`product_id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`available` integer NOT NULL,
	`crossed_at` integer NOT NULL,
	`notified_at` integer,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `low_stock_alerts_due_idx` ON `low_stock_alerts` (`crossed_at`) WHERE "low_stock_alerts"."notified_at" is null;--> statement-breakpoint
CREATE TABLE `product_stock_thresholds` (
	`product_id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`threshold` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "product_stock_thresholds_threshold" CHECK("product_stock_thresholds"."threshold" between 0 and 9999999)
);
--> statement-breakpoint
CREATE INDEX `product_stock_thresholds_store_idx` ON `product_stock_thresholds` (`store_id`);--> statement-breakpoint
CREATE TABLE `stock_alert_settings` (
	`store_id` text PRIMARY KEY NOT NULL,
	`threshold` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "stock_alert_settings_threshold" CHECK("stock_alert_settings"."threshold" between 0 and 9999999)
);
--> statement-breakpoint
-- A product's available units (stock − reserved) crossing its threshold (its own, else its store's) from above
-- makes one alert row; going back above deletes it, so the next crossing alerts again (app/stock-alerts).
CREATE TRIGGER `low_stock_crossing` AFTER UPDATE OF `stock`, `reserved` ON `products`
WHEN (NEW.`stock` - NEW.`reserved`) <> (OLD.`stock` - OLD.`reserved`)
BEGIN
	INSERT OR IGNORE INTO `low_stock_alerts` (`product_id`, `store_id`, `available`, `crossed_at`)
	SELECT NEW.`id`, NEW.`store_id`, NEW.`stock` - NEW.`reserved`, CAST(unixepoch('subsec') * 1000 AS INTEGER)
	FROM (SELECT coalesce(
		(SELECT `threshold` FROM `product_stock_thresholds` WHERE `product_id` = NEW.`id`),
		(SELECT `threshold` FROM `stock_alert_settings` WHERE `store_id` = NEW.`store_id`)) AS `threshold`) AS `t`
	WHERE `t`.`threshold` IS NOT NULL AND NEW.`stock` - NEW.`reserved` <= `t`.`threshold` AND OLD.`stock` - OLD.`reserved` > `t`.`threshold`;
	DELETE FROM `low_stock_alerts` WHERE `product_id` = NEW.`id` AND NEW.`stock` - NEW.`reserved` > coalesce(
		(SELECT `threshold` FROM `product_stock_thresholds` WHERE `product_id` = NEW.`id`),
		(SELECT `threshold` FROM `stock_alert_settings` WHERE `store_id` = NEW.`store_id`), 9999999);
END;
