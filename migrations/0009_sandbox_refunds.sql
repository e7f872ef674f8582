ALTER TABLE `sandbox_store_payments` ADD `refund_key` text;--> statement-breakpoint
ALTER TABLE `sandbox_store_payments` ADD `refunded_at` integer;