ALTER TABLE `delivery_zones` ADD `postal_codes` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `postal_code` text;