import { type ActivityQuery, parseActivityQuery } from "~/domain/activity";
import { translatorFor } from "~/domain/message-catalogs";
import type { Translate } from "~/domain/messages";
import { activityExportQuery, activityPageQueries } from "~/workspace/activity.server";
import { storeFactsPageReads } from "~/workspace/page-reads.server";

const NO_FILTERS: ActivityQuery = { actor: null, kind: null, from: null, to: null, before: null };

/** The filters the address asks for; none when it cannot be read (the page then says why, in `t`'s words). */
export function activityQueryOf(url: URL, t: Translate = translatorFor("es")) {
  const parsed = parseActivityQuery(url.searchParams, t);
  return { parsed, query: parsed.ok ? parsed.query : NO_FILTERS };
}

/** 'Actividad': the page of entries its filters ask for (their days the store's) and the people of the filter. */
export const activityReads = storeFactsPageReads((db, { storeId }, { url }, store) =>
  activityPageQueries(db, storeId, activityQueryOf(url).query, store.timeZone),
);

/** 'Actividad' as a spreadsheet: the entries its filters select; none for filters it refuses (it answers 400). */
export const activityCsvReads = storeFactsPageReads((db, { storeId }, { url }, store) => {
  const { parsed, query } = activityQueryOf(url);
  return [activityExportQuery(db, storeId, query, store.timeZone, parsed.ok ? undefined : 0)] as const;
});
