-- The desk's search index held each row's store id first: a search whose digits the store's id contains matched every
-- sale of the store. The store is checked by the query's join, so the row keeps only the sale's own words.
DROP VIEW `sales_search_source`;--> statement-breakpoint
CREATE VIEW `sales_search_source` AS SELECT `s`.`id` AS `id`, `s`.`store_id` AS `store_id`,
	`s`.`id` || ' ' || `s`.`buyer_name` || ' ' || coalesce(`s`.`buyer_email`, '') || ' '
	|| replace(replace(replace(replace(replace(replace(coalesce(`s`.`buyer_phone`, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')
	|| ' ' || coalesce((SELECT `c`.`phone` FROM `customers` `c` WHERE `c`.`id` = `s`.`customer_id`), '')
	|| ' ' || coalesce((SELECT group_concat(`l`.`name` || ' ' || coalesce(`l`.`product_id`, '') || coalesce(' ' || `v`.`sku`, ''), ' ')
		FROM `sale_lines` `l` LEFT JOIN `product_variants` `v` ON `v`.`id` = `l`.`variant_id` WHERE `l`.`sale_id` = `s`.`id`), '') AS `body`
	FROM `sales` `s`;--> statement-breakpoint
DELETE FROM `sales_search`;--> statement-breakpoint
INSERT INTO `sales_search`(rowid, store_id, body) SELECT CAST(`id` AS INTEGER), `store_id`, `body` FROM `sales_search_source`;
