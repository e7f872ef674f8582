CREATE TABLE `store_orders_daily` (
	`store_id` text NOT NULL,
	`day` text NOT NULL,
	`source` text NOT NULL,
	`orders` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL,
	`paid` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`store_id`, `day`, `source`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `store_product_sales_daily` (
	`store_id` text NOT NULL,
	`day` text NOT NULL,
	`product_id` text NOT NULL,
	`units` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`store_id`, `day`, `product_id`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `store_product_sales_monthly` (
	`store_id` text NOT NULL,
	`month` text NOT NULL,
	`product_id` text NOT NULL,
	`units` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`store_id`, `month`, `product_id`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `sales` ADD `day` text;--> statement-breakpoint
-- Each sale's day in its store's zone. SQLite knows no time zones: the platform's zones at their standard offset
-- (Argentina's every zone at -3), any other zone as UTC; a sale placed from now on gets its day from the app (Intl).
WITH `zone_hours` (`zone_name`, `offset_hours`) AS (VALUES
    ('America/Noronha', -2),
    ('America/Buenos_Aires', -3),
    ('America/Punta_Arenas', -3),
    ('America/Asuncion', -3),
    ('America/Montevideo', -3),
    ('America/Sao_Paulo', -3),
    ('America/Bahia', -3),
    ('America/Fortaleza', -3),
    ('America/Recife', -3),
    ('America/Belem', -3),
    ('America/Maceio', -3),
    ('America/Araguaina', -3),
    ('America/Santarem', -3),
    ('America/La_Paz', -4),
    ('America/Santiago', -4),
    ('America/Santo_Domingo', -4),
    ('America/Puerto_Rico', -4),
    ('America/Caracas', -4),
    ('America/Manaus', -4),
    ('America/Cuiaba', -4),
    ('America/Campo_Grande', -4),
    ('America/Porto_Velho', -4),
    ('America/Boa_Vista', -4),
    ('America/Bogota', -5),
    ('America/Havana', -5),
    ('America/Guayaquil', -5),
    ('America/Panama', -5),
    ('America/Lima', -5),
    ('America/Rio_Branco', -5),
    ('America/Eirunepe', -5),
    ('America/Cancun', -5),
    ('America/New_York', -5),
    ('America/Detroit', -5),
    ('America/Indiana/Indianapolis', -5),
    ('America/Kentucky/Louisville', -5),
    ('Pacific/Easter', -6),
    ('America/Costa_Rica', -6),
    ('Pacific/Galapagos', -6),
    ('America/El_Salvador', -6),
    ('America/Guatemala', -6),
    ('America/Tegucigalpa', -6),
    ('America/Managua', -6),
    ('America/Mexico_City', -6),
    ('America/Merida', -6),
    ('America/Monterrey', -6),
    ('America/Matamoros', -6),
    ('America/Chihuahua', -6),
    ('America/Ojinaga', -6),
    ('America/Bahia_Banderas', -6),
    ('America/Chicago', -6),
    ('America/Menominee', -6),
    ('America/Ciudad_Juarez', -7),
    ('America/Mazatlan', -7),
    ('America/Hermosillo', -7),
    ('America/Denver', -7),
    ('America/Boise', -7),
    ('America/Phoenix', -7),
    ('America/Tijuana', -8),
    ('America/Los_Angeles', -8),
    ('America/Anchorage', -9),
    ('America/Juneau', -9),
    ('America/Sitka', -9),
    ('America/Nome', -9),
    ('America/Adak', -10),
    ('Pacific/Honolulu', -10),
    ('Atlantic/Canary', 0),
    ('UTC', 0),
    ('Etc/UTC', 0),
    ('Europe/Madrid', 1)
)
UPDATE `sales` SET `day` = strftime('%Y-%m-%d', `created_at` / 1000 + 3600 * coalesce((
  SELECT `offset_hours` FROM `stores` JOIN `zone_hours` ON `zone_name` = `stores`.`time_zone` OR (`zone_name` = 'America/Buenos_Aires' AND `stores`.`time_zone` LIKE 'America/Argentina/%')
  WHERE `stores`.`id` = `sales`.`store_id`
), 0), 'unixepoch');
--> statement-breakpoint
INSERT INTO `store_orders_daily` (`store_id`, `day`, `source`, `orders`, `revenue`, `paid`)
SELECT `store_id`, `day`, coalesce(`source`, ''), count(*), sum(`total`), sum((`sales`.`payment_status` = 'approved' OR `sales`.`state` = 'Confirmada'))
FROM `sales` WHERE `sales`.`draft` = 0 AND `sales`.`state` <> 'Cancelada'
GROUP BY `store_id`, `day`, coalesce(`source`, '');
--> statement-breakpoint
INSERT INTO `store_product_sales_daily` (`store_id`, `day`, `product_id`, `units`, `revenue`, `name`)
SELECT `s`.`store_id`, `s`.`day`, coalesce(`l`.`product_id`, ''), sum(`l`.`quantity`), sum(`l`.`quantity` * `l`.`unit_price`), max(`l`.`name`)
FROM `sale_lines` `l` JOIN `sales` `s` ON `s`.`id` = `l`.`sale_id`
WHERE `s`.`draft` = 0 AND `s`.`state` <> 'Cancelada'
GROUP BY `s`.`store_id`, `s`.`day`, coalesce(`l`.`product_id`, '');
--> statement-breakpoint
INSERT INTO `store_product_sales_monthly` (`store_id`, `month`, `product_id`, `units`, `revenue`, `name`)
SELECT `store_id`, substr(`day`, 1, 7), `product_id`, sum(`units`), sum(`revenue`), max(`name`)
FROM `store_product_sales_daily`
GROUP BY `store_id`, substr(`day`, 1, 7), `product_id`;
--> statement-breakpoint
-- A placed order (not a draft) counts from the statement that saves it; its lines below, as they go in.
CREATE TRIGGER `sales_stats_placed` AFTER INSERT ON `sales` WHEN NEW.`draft` = 0 AND NEW.`state` <> 'Cancelada' BEGIN
  INSERT INTO `store_orders_daily` (`store_id`, `day`, `source`, `orders`, `revenue`, `paid`)
  SELECT NEW.`store_id`, coalesce(NEW.`day`, strftime('%Y-%m-%d', NEW.`created_at` / 1000, 'unixepoch')), coalesce(NEW.`source`, ''), 1, NEW.`total`, (NEW.`payment_status` = 'approved' OR NEW.`state` = 'Confirmada')
  WHERE NEW.`draft` = 0 AND NEW.`state` <> 'Cancelada'
  ON CONFLICT (`store_id`, `day`, `source`) DO UPDATE SET `orders` = `orders` + excluded.`orders`, `revenue` = `revenue` + excluded.`revenue`, `paid` = `paid` + excluded.`paid`;
END;
--> statement-breakpoint
-- A change of what counts (a draft confirmed, 'Cancelar', a refund, the payment approved, 'Completar'): the order's
-- old figures out, its new ones in; its lines only when it starts or stops counting.
CREATE TRIGGER `sales_stats_changed` AFTER UPDATE OF `draft`, `state`, `total`, `payment_status`, `source`, `day`, `created_at`, `store_id` ON `sales`
WHEN (OLD.`draft` = 0 AND OLD.`state` <> 'Cancelada') OR (NEW.`draft` = 0 AND NEW.`state` <> 'Cancelada') BEGIN
  INSERT INTO `store_orders_daily` (`store_id`, `day`, `source`, `orders`, `revenue`, `paid`)
  SELECT OLD.`store_id`, coalesce(OLD.`day`, strftime('%Y-%m-%d', OLD.`created_at` / 1000, 'unixepoch')), coalesce(OLD.`source`, ''), -1, -OLD.`total`, -(OLD.`payment_status` = 'approved' OR OLD.`state` = 'Confirmada')
  WHERE OLD.`draft` = 0 AND OLD.`state` <> 'Cancelada'
  ON CONFLICT (`store_id`, `day`, `source`) DO UPDATE SET `orders` = `orders` + excluded.`orders`, `revenue` = `revenue` + excluded.`revenue`, `paid` = `paid` + excluded.`paid`;
  INSERT INTO `store_orders_daily` (`store_id`, `day`, `source`, `orders`, `revenue`, `paid`)
  SELECT NEW.`store_id`, coalesce(NEW.`day`, strftime('%Y-%m-%d', NEW.`created_at` / 1000, 'unixepoch')), coalesce(NEW.`source`, ''), 1, NEW.`total`, (NEW.`payment_status` = 'approved' OR NEW.`state` = 'Confirmada')
  WHERE NEW.`draft` = 0 AND NEW.`state` <> 'Cancelada'
  ON CONFLICT (`store_id`, `day`, `source`) DO UPDATE SET `orders` = `orders` + excluded.`orders`, `revenue` = `revenue` + excluded.`revenue`, `paid` = `paid` + excluded.`paid`;
  INSERT INTO `store_product_sales_daily` (`store_id`, `day`, `product_id`, `units`, `revenue`, `name`)
  SELECT OLD.`store_id`, coalesce(OLD.`day`, strftime('%Y-%m-%d', OLD.`created_at` / 1000, 'unixepoch')), coalesce(`product_id`, ''), -sum(`quantity`), -sum(`quantity` * `unit_price`), max(`name`)
  FROM `sale_lines` WHERE `sale_id` = OLD.`id` AND OLD.`draft` = 0 AND OLD.`state` <> 'Cancelada' AND NOT (NEW.`draft` = 0 AND NEW.`state` <> 'Cancelada' AND NOT (OLD.`day` IS NOT NEW.`day` OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`store_id` IS NOT NEW.`store_id`))
  GROUP BY coalesce(`product_id`, '')
  ON CONFLICT (`store_id`, `day`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
  INSERT INTO `store_product_sales_monthly` (`store_id`, `month`, `product_id`, `units`, `revenue`, `name`)
  SELECT OLD.`store_id`, substr(coalesce(OLD.`day`, strftime('%Y-%m-%d', OLD.`created_at` / 1000, 'unixepoch')), 1, 7), coalesce(`product_id`, ''), -sum(`quantity`), -sum(`quantity` * `unit_price`), max(`name`)
  FROM `sale_lines` WHERE `sale_id` = OLD.`id` AND OLD.`draft` = 0 AND OLD.`state` <> 'Cancelada' AND NOT (NEW.`draft` = 0 AND NEW.`state` <> 'Cancelada' AND NOT (OLD.`day` IS NOT NEW.`day` OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`store_id` IS NOT NEW.`store_id`))
  GROUP BY coalesce(`product_id`, '')
  ON CONFLICT (`store_id`, `month`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
  INSERT INTO `store_product_sales_daily` (`store_id`, `day`, `product_id`, `units`, `revenue`, `name`)
  SELECT NEW.`store_id`, coalesce(NEW.`day`, strftime('%Y-%m-%d', NEW.`created_at` / 1000, 'unixepoch')), coalesce(`product_id`, ''), sum(`quantity`), sum(`quantity` * `unit_price`), max(`name`)
  FROM `sale_lines` WHERE `sale_id` = NEW.`id` AND NEW.`draft` = 0 AND NEW.`state` <> 'Cancelada' AND NOT (OLD.`draft` = 0 AND OLD.`state` <> 'Cancelada' AND NOT (OLD.`day` IS NOT NEW.`day` OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`store_id` IS NOT NEW.`store_id`))
  GROUP BY coalesce(`product_id`, '')
  ON CONFLICT (`store_id`, `day`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
  INSERT INTO `store_product_sales_monthly` (`store_id`, `month`, `product_id`, `units`, `revenue`, `name`)
  SELECT NEW.`store_id`, substr(coalesce(NEW.`day`, strftime('%Y-%m-%d', NEW.`created_at` / 1000, 'unixepoch')), 1, 7), coalesce(`product_id`, ''), sum(`quantity`), sum(`quantity` * `unit_price`), max(`name`)
  FROM `sale_lines` WHERE `sale_id` = NEW.`id` AND NEW.`draft` = 0 AND NEW.`state` <> 'Cancelada' AND NOT (OLD.`draft` = 0 AND OLD.`state` <> 'Cancelada' AND NOT (OLD.`day` IS NOT NEW.`day` OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`store_id` IS NOT NEW.`store_id`))
  GROUP BY coalesce(`product_id`, '')
  ON CONFLICT (`store_id`, `month`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `sale_lines_stats_placed` AFTER INSERT ON `sale_lines` BEGIN
  INSERT INTO `store_product_sales_daily` (`store_id`, `day`, `product_id`, `units`, `revenue`, `name`)
  SELECT `sales`.`store_id`, coalesce(`sales`.`day`, strftime('%Y-%m-%d', `sales`.`created_at` / 1000, 'unixepoch')), coalesce(NEW.`product_id`, ''), NEW.`quantity`, NEW.`quantity` * NEW.`unit_price`, NEW.`name`
  FROM `sales` WHERE `sales`.`id` = NEW.`sale_id` AND `sales`.`draft` = 0 AND `sales`.`state` <> 'Cancelada'
    AND EXISTS (SELECT 1 FROM `stores` WHERE `stores`.`id` = `sales`.`store_id`)
  ON CONFLICT (`store_id`, `day`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
  INSERT INTO `store_product_sales_monthly` (`store_id`, `month`, `product_id`, `units`, `revenue`, `name`)
  SELECT `sales`.`store_id`, substr(coalesce(`sales`.`day`, strftime('%Y-%m-%d', `sales`.`created_at` / 1000, 'unixepoch')), 1, 7), coalesce(NEW.`product_id`, ''), NEW.`quantity`, NEW.`quantity` * NEW.`unit_price`, NEW.`name`
  FROM `sales` WHERE `sales`.`id` = NEW.`sale_id` AND `sales`.`draft` = 0 AND `sales`.`state` <> 'Cancelada'
    AND EXISTS (SELECT 1 FROM `stores` WHERE `stores`.`id` = `sales`.`store_id`)
  ON CONFLICT (`store_id`, `month`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
END;
--> statement-breakpoint
-- A product deleted: its lines lose it, and their units move to '' (shown by the line's name), as the lines read.
-- Not while its store is being deleted (the rollups go with it).
CREATE TRIGGER `sale_lines_stats_product_gone` AFTER UPDATE OF `product_id` ON `sale_lines` WHEN OLD.`product_id` IS NOT NEW.`product_id` BEGIN
  INSERT INTO `store_product_sales_daily` (`store_id`, `day`, `product_id`, `units`, `revenue`, `name`)
  SELECT `sales`.`store_id`, coalesce(`sales`.`day`, strftime('%Y-%m-%d', `sales`.`created_at` / 1000, 'unixepoch')), coalesce(OLD.`product_id`, ''), -OLD.`quantity`, -OLD.`quantity` * OLD.`unit_price`, OLD.`name`
  FROM `sales` WHERE `sales`.`id` = OLD.`sale_id` AND `sales`.`draft` = 0 AND `sales`.`state` <> 'Cancelada'
    AND EXISTS (SELECT 1 FROM `stores` WHERE `stores`.`id` = `sales`.`store_id`)
  ON CONFLICT (`store_id`, `day`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
  INSERT INTO `store_product_sales_monthly` (`store_id`, `month`, `product_id`, `units`, `revenue`, `name`)
  SELECT `sales`.`store_id`, substr(coalesce(`sales`.`day`, strftime('%Y-%m-%d', `sales`.`created_at` / 1000, 'unixepoch')), 1, 7), coalesce(OLD.`product_id`, ''), -OLD.`quantity`, -OLD.`quantity` * OLD.`unit_price`, OLD.`name`
  FROM `sales` WHERE `sales`.`id` = OLD.`sale_id` AND `sales`.`draft` = 0 AND `sales`.`state` <> 'Cancelada'
    AND EXISTS (SELECT 1 FROM `stores` WHERE `stores`.`id` = `sales`.`store_id`)
  ON CONFLICT (`store_id`, `month`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
  INSERT INTO `store_product_sales_daily` (`store_id`, `day`, `product_id`, `units`, `revenue`, `name`)
  SELECT `sales`.`store_id`, coalesce(`sales`.`day`, strftime('%Y-%m-%d', `sales`.`created_at` / 1000, 'unixepoch')), coalesce(NEW.`product_id`, ''), NEW.`quantity`, NEW.`quantity` * NEW.`unit_price`, NEW.`name`
  FROM `sales` WHERE `sales`.`id` = NEW.`sale_id` AND `sales`.`draft` = 0 AND `sales`.`state` <> 'Cancelada'
    AND EXISTS (SELECT 1 FROM `stores` WHERE `stores`.`id` = `sales`.`store_id`)
  ON CONFLICT (`store_id`, `day`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
  INSERT INTO `store_product_sales_monthly` (`store_id`, `month`, `product_id`, `units`, `revenue`, `name`)
  SELECT `sales`.`store_id`, substr(coalesce(`sales`.`day`, strftime('%Y-%m-%d', `sales`.`created_at` / 1000, 'unixepoch')), 1, 7), coalesce(NEW.`product_id`, ''), NEW.`quantity`, NEW.`quantity` * NEW.`unit_price`, NEW.`name`
  FROM `sales` WHERE `sales`.`id` = NEW.`sale_id` AND `sales`.`draft` = 0 AND `sales`.`state` <> 'Cancelada'
    AND EXISTS (SELECT 1 FROM `stores` WHERE `stores`.`id` = `sales`.`store_id`)
  ON CONFLICT (`store_id`, `month`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
END;
