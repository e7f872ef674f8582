import { storePageReads } from "~/workspace/page-reads.server";
import { teamQueries } from "./members.server";

/** 'Equipo': the store's members and its pending invitations. */
export const teamReads = storePageReads((db, { storeId }, { now }) => teamQueries(db, storeId, now));
