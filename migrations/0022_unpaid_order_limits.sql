-- Unpaid orders cannot empty a store (docs/decisions/0049-unpaid-orders-cannot-empty-a-store.md). Written by hand
-- after drizzle-kit's statements: the triggers that hold the limits on unpaid checkout orders under concurrency (their
-- numbers are app/domain/limits.ts UNPAID_ORDER_LIMITS: 10 per address, 3 per browser, 30 per store and hour), and a hold for the
-- pending orders that had none (paid as arranged, in cash, or a transfer whose receipt stopped its hold): a day from now.
ALTER TABLE `sales` ADD `hold_extended_at` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `client_address_key` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `client_cookie_key` text;--> statement-breakpoint
CREATE INDEX `sales_client_address_idx` ON `sales` (`store_id`,`client_address_key`,`stock_state`) WHERE "sales"."client_address_key" is not null;--> statement-breakpoint
CREATE INDEX `sales_client_cookie_idx` ON `sales` (`store_id`,`client_cookie_key`,`stock_state`) WHERE "sales"."client_cookie_key" is not null;--> statement-breakpoint
CREATE TRIGGER `sales_unpaid_per_client_address` BEFORE INSERT ON `sales` WHEN NEW.`client_address_key` IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'sales_unpaid_per_client') WHERE (SELECT count(*) FROM `sales` WHERE `store_id` = NEW.`store_id` AND `client_address_key` = NEW.`client_address_key` AND `stock_state` = 'held' AND `state` = 'Pendiente' AND `payment_status` <> 'approved') >= 10;
END;--> statement-breakpoint
CREATE TRIGGER `sales_unpaid_per_client_cookie` BEFORE INSERT ON `sales` WHEN NEW.`client_cookie_key` IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'sales_unpaid_per_client') WHERE (SELECT count(*) FROM `sales` WHERE `store_id` = NEW.`store_id` AND `client_cookie_key` = NEW.`client_cookie_key` AND `stock_state` = 'held' AND `state` = 'Pendiente' AND `payment_status` <> 'approved') >= 3;
END;--> statement-breakpoint
CREATE TRIGGER `sales_unpaid_per_store` BEFORE INSERT ON `sales` WHEN NEW.`client_cookie_key` IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'sales_unpaid_per_store') WHERE (SELECT count(*) FROM `sales` WHERE `store_id` = NEW.`store_id` AND `created_at` > NEW.`created_at` - 3600000 AND `client_cookie_key` IS NOT NULL AND `stock_state` = 'held' AND `state` = 'Pendiente' AND `payment_status` <> 'approved') >= 30;
END;--> statement-breakpoint
UPDATE `sales` SET `reserved_until` = unixepoch() * 1000 + 86400000 WHERE `state` = 'Pendiente' AND `stock_state` = 'held' AND `reserved_until` IS NULL AND `payment_status` <> 'approved' AND `draft` = 0;--> statement-breakpoint
UPDATE `sales` SET `hold_extended_at` = `receipt_at` WHERE `payment_method` = 'transfer' AND `receipt_at` IS NOT NULL;
