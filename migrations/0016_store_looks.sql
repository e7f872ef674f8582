ALTER TABLE `stores` ADD `look` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `stores` ADD `look_draft` text;--> statement-breakpoint
ALTER TABLE `stores` ADD `look_preview_token` text;--> statement-breakpoint
ALTER TABLE `stores` ADD `logo_colors` text DEFAULT '[]' NOT NULL;