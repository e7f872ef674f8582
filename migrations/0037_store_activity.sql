CREATE TABLE `store_activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`store_id` text NOT NULL,
	`at` integer NOT NULL,
	`actor_user_id` text NOT NULL,
	`actor_label` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text,
	`summary` text NOT NULL,
	`before` text,
	`after` text,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `store_activity_store_at_idx` ON `store_activity` (`store_id`,`at`);--> statement-breakpoint
CREATE INDEX `store_activity_store_kind_at_idx` ON `store_activity` (`store_id`,`kind`,`at`);--> statement-breakpoint
CREATE INDEX `store_activity_store_actor_at_idx` ON `store_activity` (`store_id`,`actor_user_id`,`at`);--> statement-breakpoint
CREATE INDEX `store_activity_store_actor_kind_at_idx` ON `store_activity` (`store_id`,`actor_user_id`,`kind`,`at`);--> statement-breakpoint
CREATE INDEX `store_activity_at_idx` ON `store_activity` (`at`);