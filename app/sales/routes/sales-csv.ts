import { storeCountry } from "~/domain/countries";
import { salesCsv, storeToday } from "~/domain/sales";
import { getServices } from "~/services/services";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { salesCsvReads } from "../page-reads.server";
import { deskExportOf, parseSalesQuery, searchProblem } from "../query.server";
import type { Route } from "./+types/sales-csv";

/**
 * /Store/{storeId}/sales.csv?…: the sales the list shows with the same query (its search too), as CSV for bookkeeping,
 * written as the store's spreadsheets read it, with the delivery progress.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { clock } = getServices(context);
  const t = merchantT(context);
  const query = parseSalesQuery(new URL(request.url).searchParams, t);
  const problem = query.ok ? searchProblem(query, store, t) : query.error;
  if (!query.ok || problem)
    return new Response(problem, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { sales, progress } = deskExportOf(await readPage(context, salesCsvReads, { request, params }), query);
  const day = storeToday(clock.now(), store.timeZone);
  return new Response(salesCsv(sales, store.timeZone, { country: storeCountry(store), progress }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ventas-${store.url}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
