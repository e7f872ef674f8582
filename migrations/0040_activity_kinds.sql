ALTER TABLE `store_activity` ADD `summary_id` text;--> statement-breakpoint
ALTER TABLE `store_activity` ADD `summary_values` text;