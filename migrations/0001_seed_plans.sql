-- Plan limits and prices (USD, minor units) from product-decisions.md. Change them with a new migration.
INSERT INTO `plans` (`id`, `name`, `products`, `banner`, `sections`, `items_per_section`, `price_monthly`, `price_biannual`, `price_annually`, `currency`)
VALUES ('standard', 'Standard', 30, 3, 3, 8, 499, 2699, 4799, 'USD');
--> statement-breakpoint
INSERT INTO `plans` (`id`, `name`, `products`, `banner`, `sections`, `items_per_section`, `price_monthly`, `price_biannual`, `price_annually`, `currency`)
VALUES ('premium', 'Premium', NULL, 6, 8, 20, 999, 5399, 9599, 'USD');
