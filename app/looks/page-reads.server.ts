import { listSections } from "~/sections/sections.server";
import { storePageReads } from "~/workspace/page-reads.server";

/** 'Diseño': the home's sections, in their order (the look and the preview's secret are the store's own fields). */
export const lookReads = storePageReads((db, { storeId }) => [listSections(db, storeId)] as const);
