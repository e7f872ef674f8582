import { storePageReads } from "~/workspace/page-reads.server";
import { hostnameQuery } from "./hostnames.server";

/** 'Dominio propio': the store's own hostname and its state. */
export const customDomainReads = storePageReads((db, { storeId }) => [hostnameQuery(db, storeId)] as const);
