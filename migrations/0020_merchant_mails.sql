CREATE TABLE `merchant_mails` (
	`user_id` text NOT NULL,
	`event` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `event`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `users` ADD `reminder_mails` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `order_mails` integer DEFAULT true NOT NULL;