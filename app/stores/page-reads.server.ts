import { accountPageReads, storePageReads } from "~/workspace/page-reads.server";
import { ownerSetupFactsQuery, setupFactsQuery } from "~/workspace/setup-progress.server";
import { listMemberStores, listStoreSummaries } from "./stores.server";

/** 'Mis tiendas': the user's own stores with their first steps' facts, and the stores they work on as staff. */
export const storeListReads = accountPageReads(
  (db, { userId }) => [listStoreSummaries(db, userId), ownerSetupFactsQuery(db, userId), listMemberStores(db, userId)] as const,
);

/** 'Información': the facts of the store's first steps its own row does not hold. */
export const storeInfoReads = storePageReads((db, { storeId }) => [setupFactsQuery(db, storeId)] as const);
