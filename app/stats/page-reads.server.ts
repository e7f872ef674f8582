import { safeTimeZone } from "~/domain/sales";
import { parsePeriod } from "~/domain/statistics";
import { storeFactsPageReads } from "~/workspace/page-reads.server";
import { statisticsQueries, storeDay } from "./statistics.server";

/** The period the page's address asks for, in the store's days. */
export function statisticsPeriod(url: URL, now: Date, store: { timeZone: string }) {
  const today = storeDay(now, { id: "", timeZone: safeTimeZone(store.timeZone) });
  return { today, period: parsePeriod(url.searchParams, today) };
}

/** 'Estadísticas': the daily counts of the period its address asks for and of the one before (the store's days). */
export const statisticsReads = storeFactsPageReads((db, { storeId }, { url, now }, store) =>
  statisticsQueries(db, { id: storeId, timeZone: safeTimeZone(store.timeZone) }, statisticsPeriod(url, now, store).period),
);
