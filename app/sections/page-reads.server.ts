import { storePageReads } from "~/workspace/page-reads.server";
import { listSections, sectionWithItemsQueries } from "./sections.server";

/** 'Secciones': the store's sections with their item counts. */
export const sectionListReads = storePageReads((db, { storeId }) => [listSections(db, storeId)] as const);

/** A section's page: the section (by its id and the store's) and its items. */
export const sectionReads = storePageReads((db, { storeId }, { params }) =>
  sectionWithItemsQueries(db, storeId, params.sectionId ?? ""),
);
