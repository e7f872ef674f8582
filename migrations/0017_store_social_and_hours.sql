ALTER TABLE `stores` ADD `instagram` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `stores` ADD `facebook` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `stores` ADD `tiktok` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `stores` ADD `hours` text DEFAULT '' NOT NULL;