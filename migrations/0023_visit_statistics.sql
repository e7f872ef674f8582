-- The store's statistics (docs/decisions/0051-visit-statistics.md): daily counts, never a visit. Written by hand after
-- drizzle-kit's statements: the trigger that counts a visitor once a day in their source's row when their key is new
-- (the flush inserts the keys with INSERT OR IGNORE, so a key already there counts nothing).
CREATE TABLE `store_page_views_daily` (
	`store_id` text NOT NULL,
	`kind` text NOT NULL,
	`day` text NOT NULL,
	`product_id` text DEFAULT '' NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`cart_adds` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`store_id`, `kind`, `day`, `product_id`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `store_visitors_daily` (
	`store_id` text NOT NULL,
	`day` text NOT NULL,
	`visitor_key` text NOT NULL,
	`source` text NOT NULL,
	PRIMARY KEY(`store_id`, `day`, `visitor_key`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `store_visitors_daily_day_idx` ON `store_visitors_daily` (`day`);--> statement-breakpoint
CREATE TABLE `store_visits_daily` (
	`store_id` text NOT NULL,
	`day` text NOT NULL,
	`source` text NOT NULL,
	`visits` integer DEFAULT 0 NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	`carts` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`store_id`, `day`, `source`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `sales` ADD `source` text;--> statement-breakpoint
CREATE TRIGGER `store_visitors_daily_count` AFTER INSERT ON `store_visitors_daily` BEGIN
  INSERT INTO `store_visits_daily` (`store_id`, `day`, `source`, `visitors`) VALUES (NEW.`store_id`, NEW.`day`, NEW.`source`, 1)
    ON CONFLICT (`store_id`, `day`, `source`) DO UPDATE SET `visitors` = `visitors` + 1;
END;
