import { customersCsv } from "~/domain/customers";
import { storeToday } from "~/domain/sales";
import { getServices } from "~/services/services";
import { ownedStoreContext } from "~/workspace/context.server";
import { readPage } from "~/workspace/page-reads.server";
import { customersCsvReads } from "../page-reads.server";
import type { Route } from "./+types/customers-csv";

/** /Store/{storeId}/customers.csv?…: the customer list with the page's search and order, whole, for a spreadsheet. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { clock } = getServices(context);
  const [rows] = await readPage(context, customersCsvReads, { request, params });
  return new Response(customersCsv(rows, store.currency, store.timeZone), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="clientes-${store.url}-${storeToday(clock.now(), store.timeZone)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
