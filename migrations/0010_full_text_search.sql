-- Full-text search of the public site (docs/decisions/0033-full-text-search.md): products keep their indexed
-- text (Spanish stems prefixed with the store's id, made by the app), and a contentless FTS5 table over it is
-- kept by triggers. Its rowid is the product's 7-digit id as a number, which no VACUUM or copy renumbers.
-- Existing products are indexed by the upkeep (search_version 0 = not yet).
ALTER TABLE `products` ADD `search_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `search_body` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `search_fuzzy` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `search_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `products_search_version_idx` ON `products` (`search_version`);--> statement-breakpoint
CREATE VIRTUAL TABLE `products_fts` USING fts5(search_name, search_body, search_fuzzy, content='', tokenize='unicode61 remove_diacritics 2');--> statement-breakpoint
-- Every existing product is in the index from the start (still empty), so the first indexing replaces a row it has.
INSERT INTO `products_fts`(rowid, search_name, search_body, search_fuzzy) SELECT CAST(`id` AS INTEGER), `search_name`, `search_body`, `search_fuzzy` FROM `products`;--> statement-breakpoint
CREATE TRIGGER `products_fts_after_insert` AFTER INSERT ON `products` BEGIN
	INSERT INTO `products_fts`(rowid, search_name, search_body, search_fuzzy) VALUES (CAST(NEW.id AS INTEGER), NEW.search_name, NEW.search_body, NEW.search_fuzzy);
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_after_delete` AFTER DELETE ON `products` BEGIN
	INSERT INTO `products_fts`(`products_fts`, rowid, search_name, search_body, search_fuzzy) VALUES ('delete', CAST(OLD.id AS INTEGER), OLD.search_name, OLD.search_body, OLD.search_fuzzy);
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_after_update` AFTER UPDATE OF `search_name`, `search_body`, `search_fuzzy` ON `products` BEGIN
	INSERT INTO `products_fts`(`products_fts`, rowid, search_name, search_body, search_fuzzy) VALUES ('delete', CAST(OLD.id AS INTEGER), OLD.search_name, OLD.search_body, OLD.search_fuzzy);
	INSERT INTO `products_fts`(rowid, search_name, search_body, search_fuzzy) VALUES (CAST(NEW.id AS INTEGER), NEW.search_name, NEW.search_body, NEW.search_fuzzy);
END;--> statement-breakpoint
-- A change of what the indexed text comes from, written without it, leaves the row for the upkeep to index again.
CREATE TRIGGER `products_search_stale` AFTER UPDATE OF `name`, `description`, `category` ON `products`
WHEN NEW.search_name = OLD.search_name AND NEW.search_body = OLD.search_body AND NEW.search_fuzzy = OLD.search_fuzzy
	AND NEW.search_version > 0
	AND (NEW.name IS NOT OLD.name OR NEW.description IS NOT OLD.description OR NEW.category IS NOT OLD.category) BEGIN
	UPDATE `products` SET `search_version` = 0 WHERE `id` = NEW.id;
END;
