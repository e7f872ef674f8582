import { storePageReads } from "~/workspace/page-reads.server";
import { conversionSettingsQuery } from "./settings.server";

/** 'Anuncios': the store's conversion settings (the page shows whether a secret is saved, never the secret). */
export const conversionSettingsReads = storePageReads((db, { storeId }) => [conversionSettingsQuery(db, storeId)] as const);
