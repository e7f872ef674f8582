import { salesCsv, storeToday } from "~/domain/sales";
import { listSalesWithLines } from "~/orders/order-queries.server";
import { getServices } from "~/services/services";
import { ownedStoreContext } from "~/workspace/context.server";
import { parseSalesQuery } from "../query.server";
import type { Route } from "./+types/sales-csv";

/** /Store/{storeId}/sales.csv?…: the sales the list shows with the same query, as CSV for bookkeeping. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { db, clock } = getServices(context);
  const query = parseSalesQuery(new URL(request.url).searchParams);
  if (!query.ok) return new Response(query.error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const now = clock.now();
  const rows = await listSalesWithLines(db, store, query.view, now);
  const day = storeToday(now, store.timeZone);
  return new Response(salesCsv(rows, store.timeZone), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ventas-${store.url}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
