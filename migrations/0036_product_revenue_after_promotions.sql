-- A product's revenue in the statistics is what its lines were paid: after a promotion's saving (the promotions
-- came after the rollups). The rollup triggers are made again with it; no line had a saving before.
DROP TRIGGER IF EXISTS `sales_stats_changed`;
--> statement-breakpoint
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
  SELECT OLD.`store_id`, coalesce(OLD.`day`, strftime('%Y-%m-%d', OLD.`created_at` / 1000, 'unixepoch')), coalesce(`product_id`, ''), -sum(`quantity`), -sum(`quantity` * `unit_price` - `promotion_saving`), max(`name`)
  FROM `sale_lines` WHERE `sale_id` = OLD.`id` AND OLD.`draft` = 0 AND OLD.`state` <> 'Cancelada' AND NOT (NEW.`draft` = 0 AND NEW.`state` <> 'Cancelada' AND NOT (OLD.`day` IS NOT NEW.`day` OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`store_id` IS NOT NEW.`store_id`))
  GROUP BY coalesce(`product_id`, '')
  ON CONFLICT (`store_id`, `day`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
  INSERT INTO `store_product_sales_monthly` (`store_id`, `month`, `product_id`, `units`, `revenue`, `name`)
  SELECT OLD.`store_id`, substr(coalesce(OLD.`day`, strftime('%Y-%m-%d', OLD.`created_at` / 1000, 'unixepoch')), 1, 7), coalesce(`product_id`, ''), -sum(`quantity`), -sum(`quantity` * `unit_price` - `promotion_saving`), max(`name`)
  FROM `sale_lines` WHERE `sale_id` = OLD.`id` AND OLD.`draft` = 0 AND OLD.`state` <> 'Cancelada' AND NOT (NEW.`draft` = 0 AND NEW.`state` <> 'Cancelada' AND NOT (OLD.`day` IS NOT NEW.`day` OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`store_id` IS NOT NEW.`store_id`))
  GROUP BY coalesce(`product_id`, '')
  ON CONFLICT (`store_id`, `month`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
  INSERT INTO `store_product_sales_daily` (`store_id`, `day`, `product_id`, `units`, `revenue`, `name`)
  SELECT NEW.`store_id`, coalesce(NEW.`day`, strftime('%Y-%m-%d', NEW.`created_at` / 1000, 'unixepoch')), coalesce(`product_id`, ''), sum(`quantity`), sum(`quantity` * `unit_price` - `promotion_saving`), max(`name`)
  FROM `sale_lines` WHERE `sale_id` = NEW.`id` AND NEW.`draft` = 0 AND NEW.`state` <> 'Cancelada' AND NOT (OLD.`draft` = 0 AND OLD.`state` <> 'Cancelada' AND NOT (OLD.`day` IS NOT NEW.`day` OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`store_id` IS NOT NEW.`store_id`))
  GROUP BY coalesce(`product_id`, '')
  ON CONFLICT (`store_id`, `day`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
  INSERT INTO `store_product_sales_monthly` (`store_id`, `month`, `product_id`, `units`, `revenue`, `name`)
  SELECT NEW.`store_id`, substr(coalesce(NEW.`day`, strftime('%Y-%m-%d', NEW.`created_at` / 1000, 'unixepoch')), 1, 7), coalesce(`product_id`, ''), sum(`quantity`), sum(`quantity` * `unit_price` - `promotion_saving`), max(`name`)
  FROM `sale_lines` WHERE `sale_id` = NEW.`id` AND NEW.`draft` = 0 AND NEW.`state` <> 'Cancelada' AND NOT (OLD.`draft` = 0 AND OLD.`state` <> 'Cancelada' AND NOT (OLD.`day` IS NOT NEW.`day` OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`store_id` IS NOT NEW.`store_id`))
  GROUP BY coalesce(`product_id`, '')
  ON CONFLICT (`store_id`, `month`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `sale_lines_stats_placed`;
--> statement-breakpoint
CREATE TRIGGER `sale_lines_stats_placed` AFTER INSERT ON `sale_lines` BEGIN
  INSERT INTO `store_product_sales_daily` (`store_id`, `day`, `product_id`, `units`, `revenue`, `name`)
  SELECT `sales`.`store_id`, coalesce(`sales`.`day`, strftime('%Y-%m-%d', `sales`.`created_at` / 1000, 'unixepoch')), coalesce(NEW.`product_id`, ''), NEW.`quantity`, NEW.`quantity` * NEW.`unit_price` - NEW.`promotion_saving`, NEW.`name`
  FROM `sales` WHERE `sales`.`id` = NEW.`sale_id` AND `sales`.`draft` = 0 AND `sales`.`state` <> 'Cancelada'
    AND EXISTS (SELECT 1 FROM `stores` WHERE `stores`.`id` = `sales`.`store_id`)
  ON CONFLICT (`store_id`, `day`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
  INSERT INTO `store_product_sales_monthly` (`store_id`, `month`, `product_id`, `units`, `revenue`, `name`)
  SELECT `sales`.`store_id`, substr(coalesce(`sales`.`day`, strftime('%Y-%m-%d', `sales`.`created_at` / 1000, 'unixepoch')), 1, 7), coalesce(NEW.`product_id`, ''), NEW.`quantity`, NEW.`quantity` * NEW.`unit_price` - NEW.`promotion_saving`, NEW.`name`
  FROM `sales` WHERE `sales`.`id` = NEW.`sale_id` AND `sales`.`draft` = 0 AND `sales`.`state` <> 'Cancelada'
    AND EXISTS (SELECT 1 FROM `stores` WHERE `stores`.`id` = `sales`.`store_id`)
  ON CONFLICT (`store_id`, `month`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `sale_lines_stats_product_gone`;
--> statement-breakpoint
CREATE TRIGGER `sale_lines_stats_product_gone` AFTER UPDATE OF `product_id` ON `sale_lines` WHEN OLD.`product_id` IS NOT NEW.`product_id` BEGIN
  INSERT INTO `store_product_sales_daily` (`store_id`, `day`, `product_id`, `units`, `revenue`, `name`)
  SELECT `sales`.`store_id`, coalesce(`sales`.`day`, strftime('%Y-%m-%d', `sales`.`created_at` / 1000, 'unixepoch')), coalesce(OLD.`product_id`, ''), -OLD.`quantity`, -(OLD.`quantity` * OLD.`unit_price` - OLD.`promotion_saving` - OLD.`promotion_saving`), OLD.`name`
  FROM `sales` WHERE `sales`.`id` = OLD.`sale_id` AND `sales`.`draft` = 0 AND `sales`.`state` <> 'Cancelada'
    AND EXISTS (SELECT 1 FROM `stores` WHERE `stores`.`id` = `sales`.`store_id`)
  ON CONFLICT (`store_id`, `day`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
  INSERT INTO `store_product_sales_monthly` (`store_id`, `month`, `product_id`, `units`, `revenue`, `name`)
  SELECT `sales`.`store_id`, substr(coalesce(`sales`.`day`, strftime('%Y-%m-%d', `sales`.`created_at` / 1000, 'unixepoch')), 1, 7), coalesce(OLD.`product_id`, ''), -OLD.`quantity`, -(OLD.`quantity` * OLD.`unit_price` - OLD.`promotion_saving` - OLD.`promotion_saving`), OLD.`name`
  FROM `sales` WHERE `sales`.`id` = OLD.`sale_id` AND `sales`.`draft` = 0 AND `sales`.`state` <> 'Cancelada'
    AND EXISTS (SELECT 1 FROM `stores` WHERE `stores`.`id` = `sales`.`store_id`)
  ON CONFLICT (`store_id`, `month`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
  INSERT INTO `store_product_sales_daily` (`store_id`, `day`, `product_id`, `units`, `revenue`, `name`)
  SELECT `sales`.`store_id`, coalesce(`sales`.`day`, strftime('%Y-%m-%d', `sales`.`created_at` / 1000, 'unixepoch')), coalesce(NEW.`product_id`, ''), NEW.`quantity`, NEW.`quantity` * NEW.`unit_price` - NEW.`promotion_saving`, NEW.`name`
  FROM `sales` WHERE `sales`.`id` = NEW.`sale_id` AND `sales`.`draft` = 0 AND `sales`.`state` <> 'Cancelada'
    AND EXISTS (SELECT 1 FROM `stores` WHERE `stores`.`id` = `sales`.`store_id`)
  ON CONFLICT (`store_id`, `day`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
  INSERT INTO `store_product_sales_monthly` (`store_id`, `month`, `product_id`, `units`, `revenue`, `name`)
  SELECT `sales`.`store_id`, substr(coalesce(`sales`.`day`, strftime('%Y-%m-%d', `sales`.`created_at` / 1000, 'unixepoch')), 1, 7), coalesce(NEW.`product_id`, ''), NEW.`quantity`, NEW.`quantity` * NEW.`unit_price` - NEW.`promotion_saving`, NEW.`name`
  FROM `sales` WHERE `sales`.`id` = NEW.`sale_id` AND `sales`.`draft` = 0 AND `sales`.`state` <> 'Cancelada'
    AND EXISTS (SELECT 1 FROM `stores` WHERE `stores`.`id` = `sales`.`store_id`)
  ON CONFLICT (`store_id`, `month`, `product_id`) DO UPDATE SET `units` = `units` + excluded.`units`, `revenue` = `revenue` + excluded.`revenue`, `name` = max(`name`, excluded.`name`);
END;
