CREATE TABLE `sale_deliveries` (
	`sale_id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`step` text NOT NULL,
	`carrier` text,
	`carrier_name` text,
	`tracking_number` text,
	`tracking_url` text,
	`preparing_at` integer,
	`shipped_at` integer,
	`ready_at` integer,
	`delivered_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sale_deliveries_store_step_idx` ON `sale_deliveries` (`store_id`,`step`);--> statement-breakpoint
DROP INDEX `sales_paid_without_stock_idx`;--> statement-breakpoint
-- The sales desk's search (app/fulfilment/sale-search.server.ts): one row per sale with the words a merchant
-- remembers (buyer name, email, phone as typed and as the customer's E.164 digits, code, products' names, ids and
-- SKUs), trigram-tokenized so any part of a name or number of 3 or more characters finds it through the index.
-- Kept by triggers on every write that changes those words, like products_fts.
CREATE VIEW `sales_search_source` AS SELECT `s`.`id` AS `id`, `s`.`store_id` AS `store_id`,
	`s`.`store_id` || ' ' || `s`.`id` || ' ' || `s`.`buyer_name` || ' ' || coalesce(`s`.`buyer_email`, '') || ' '
	|| replace(replace(replace(replace(replace(replace(coalesce(`s`.`buyer_phone`, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')
	|| ' ' || coalesce((SELECT `c`.`phone` FROM `customers` `c` WHERE `c`.`id` = `s`.`customer_id`), '')
	|| ' ' || coalesce((SELECT group_concat(`l`.`name` || ' ' || coalesce(`l`.`product_id`, '') || coalesce(' ' || `v`.`sku`, ''), ' ')
		FROM `sale_lines` `l` LEFT JOIN `product_variants` `v` ON `v`.`id` = `l`.`variant_id` WHERE `l`.`sale_id` = `s`.`id`), '') AS `body`
	FROM `sales` `s`;--> statement-breakpoint
CREATE VIRTUAL TABLE `sales_search` USING fts5(store_id UNINDEXED, body, tokenize='trigram remove_diacritics 1');--> statement-breakpoint
INSERT INTO `sales_search`(rowid, store_id, body) SELECT CAST(`id` AS INTEGER), `store_id`, `body` FROM `sales_search_source`;--> statement-breakpoint
CREATE TRIGGER `sales_search_after_insert` AFTER INSERT ON `sales` BEGIN
	INSERT INTO `sales_search`(rowid, store_id, body) SELECT CAST(`id` AS INTEGER), `store_id`, `body` FROM `sales_search_source` WHERE `id` = NEW.id;
END;--> statement-breakpoint
CREATE TRIGGER `sales_search_after_update` AFTER UPDATE OF `buyer_name`, `buyer_phone`, `buyer_email`, `customer_id` ON `sales` BEGIN
	UPDATE `sales_search` SET body = (SELECT `body` FROM `sales_search_source` WHERE `id` = NEW.id) WHERE rowid = CAST(NEW.id AS INTEGER);
END;--> statement-breakpoint
CREATE TRIGGER `sales_search_after_delete` AFTER DELETE ON `sales` BEGIN
	DELETE FROM `sales_search` WHERE rowid = CAST(OLD.id AS INTEGER);
END;--> statement-breakpoint
CREATE TRIGGER `sales_search_after_line` AFTER INSERT ON `sale_lines` BEGIN
	UPDATE `sales_search` SET body = (SELECT `body` FROM `sales_search_source` WHERE `id` = NEW.sale_id) WHERE rowid = CAST(NEW.sale_id AS INTEGER);
END;--> statement-breakpoint
CREATE TRIGGER `sales_search_after_customer_phone` AFTER UPDATE OF `phone` ON `customers` BEGIN
	UPDATE `sales_search` SET body = (SELECT `body` FROM `sales_search_source` WHERE `id` = CAST(`sales_search`.rowid AS TEXT))
		WHERE rowid IN (SELECT CAST(`id` AS INTEGER) FROM `sales` WHERE `customer_id` = NEW.id);
END;
