CREATE TABLE `conversion_queue` (
	`event_id` text NOT NULL,
	`platform` text NOT NULL,
	`store_id` text NOT NULL,
	`event_name` text NOT NULL,
	`body` text NOT NULL,
	`attempts` integer DEFAULT 1 NOT NULL,
	`next_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`event_id`, `platform`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversion_queue_due_idx` ON `conversion_queue` (`next_at`);--> statement-breakpoint
CREATE TABLE `sandbox_conversions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform` text NOT NULL,
	`target` text NOT NULL,
	`event_id` text NOT NULL,
	`event_name` text NOT NULL,
	`body` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_conversions_event_unique` ON `sandbox_conversions` (`platform`,`event_id`,`event_name`);--> statement-breakpoint
CREATE TABLE `store_conversion_settings` (
	`store_id` text PRIMARY KEY NOT NULL,
	`meta_dataset_id` text,
	`meta_token_enc` text,
	`ga4_measurement_id` text,
	`ga4_api_secret_enc` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
