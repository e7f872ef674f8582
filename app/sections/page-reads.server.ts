import { pickableProducts } from "~/products/products.server";
import { storePageReads } from "~/workspace/page-reads.server";
import { listSections, sectionWithItemsQueries } from "./sections.server";

/** 'Secciones': the store's sections with their item counts. */
export const sectionListReads = storePageReads((db, { storeId }) => [listSections(db, storeId)] as const);

/** A section's page: the section (by its id and the store's) and its items. */
export const sectionReads = storePageReads((db, { storeId }, { params }) =>
  sectionWithItemsQueries(db, storeId, params.sectionId ?? ""),
);

/** The most products 'Agregar productos' offers. */
const PICKABLE_PRODUCTS = 2000;

/**
 * Adding to a section: the section (by its id and the store's) and its items, and for products the store's to pick
 * from (none asked for files).
 */
export const addToSectionReads = storePageReads((db, { storeId }, { params }) => [
  ...sectionWithItemsQueries(db, storeId, params.sectionId ?? ""),
  pickableProducts(db, storeId, params.type === "product" ? PICKABLE_PRODUCTS : 0),
]);
