-- A store's country (where its WhatsApp numbers are read). Existing stores keep '' until the upkeep sets it from
-- their time zone and reads their numbers again with the country's rules (app/stores/store-phones.server.ts).
ALTER TABLE `stores` ADD `country` text DEFAULT '' NOT NULL;
