CREATE TABLE `store_hostnames` (
	`store_id` text PRIMARY KEY NOT NULL,
	`hostname` text NOT NULL,
	`provider_id` text NOT NULL,
	`state` text NOT NULL,
	`failure` text,
	`provider_status` text DEFAULT '' NOT NULL,
	`ssl_status` text DEFAULT '' NOT NULL,
	`txt_name` text,
	`txt_value` text,
	`created_at` integer NOT NULL,
	`checked_at` integer,
	`next_check_at` integer,
	`checks` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_hostnames_hostname_unique` ON `store_hostnames` (`hostname`);--> statement-breakpoint
CREATE INDEX `store_hostnames_next_check_idx` ON `store_hostnames` (`next_check_at`);--> statement-breakpoint
ALTER TABLE `stores` ADD `custom_host` text;--> statement-breakpoint
CREATE UNIQUE INDEX `stores_custom_host_unique` ON `stores` (`custom_host`);--> statement-breakpoint
CREATE TRIGGER store_hostnames_copy_insert AFTER INSERT ON store_hostnames BEGIN
  UPDATE stores SET custom_host = CASE WHEN NEW.state = 'active' THEN NEW.hostname END WHERE id = NEW.store_id;
END;
--> statement-breakpoint
CREATE TRIGGER store_hostnames_copy_update AFTER UPDATE OF state, hostname ON store_hostnames BEGIN
  UPDATE stores SET custom_host = CASE WHEN NEW.state = 'active' THEN NEW.hostname END WHERE id = NEW.store_id;
END;
--> statement-breakpoint
CREATE TRIGGER store_hostnames_copy_delete AFTER DELETE ON store_hostnames BEGIN
  UPDATE stores SET custom_host = NULL WHERE id = OLD.store_id;
END;
