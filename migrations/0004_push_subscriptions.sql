CREATE TABLE `local_vapid_keys` (
	`id` integer PRIMARY KEY NOT NULL,
	`public_key` text NOT NULL,
	`private_key` text NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "local_vapid_keys_one_row" CHECK("local_vapid_keys"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`store_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "push_subscriptions_endpoint_length" CHECK(length("push_subscriptions"."endpoint") between 1 and 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_store_endpoint_unique` ON `push_subscriptions` (`store_id`,`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_store_created_idx` ON `push_subscriptions` (`store_id`,`created_at`,`id`);