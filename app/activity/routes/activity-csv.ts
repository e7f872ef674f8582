import { activityCsv, parseActivityQuery } from "~/domain/activity";
import { storeCountry } from "~/domain/countries";
import { storeToday } from "~/domain/sales";
import { getServices } from "~/services/services";
import { activityExportOf } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { activityCsvReads } from "../page-reads.server";
import type { Route } from "./+types/activity-csv";

/** /Store/{storeId}/actividad.csv?…: the entries the page's filters select, for a spreadsheet. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { clock } = getServices(context);
  const t = merchantT(context);
  const parsed = parseActivityQuery(new URL(request.url).searchParams, t);
  if (!parsed.ok) return new Response(parsed.error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const [entries] = await readPage(context, activityCsvReads, { request, params });
  const rows = activityExportOf(entries, t);
  return new Response(activityCsv(rows, store.timeZone, storeCountry(store)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="actividad-${store.url}-${storeToday(clock.now(), store.timeZone)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
