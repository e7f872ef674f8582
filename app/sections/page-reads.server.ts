import { storePageReads } from "~/workspace/page-reads.server";
import { listSections } from "./sections.server";

/** 'Secciones': the store's sections with their item counts. */
export const sectionListReads = storePageReads((db, { storeId }) => [listSections(db, storeId)] as const);
