CREATE TABLE `store_invitations` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`invited_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "store_invitations_role" CHECK("store_invitations"."role" in ('sales', 'catalog', 'admin'))
);
--> statement-breakpoint
CREATE INDEX `store_invitations_store_idx` ON `store_invitations` (`store_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `store_members` (
	`store_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`store_id`, `user_id`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "store_members_role" CHECK("store_members"."role" in ('sales', 'catalog', 'admin'))
);
--> statement-breakpoint
CREATE INDEX `store_members_user_idx` ON `store_members` (`user_id`);