import { customersCsv } from "~/domain/customers";
import { storeToday } from "~/domain/sales";
import { customerCsvQuery } from "~/orders/customer-records.server";
import { getServices } from "~/services/services";
import { ownedStoreContext } from "~/workspace/context.server";
import { parseCustomerQuery } from "../query.server";
import type { Route } from "./+types/customers-csv";

/** /Store/{storeId}/customers.csv?…: the customer list with the page's search and order, whole, for a spreadsheet. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { db, clock } = getServices(context);
  const { search, sort } = parseCustomerQuery(new URL(request.url).searchParams);
  const rows = await customerCsvQuery(db, store, { search, sort });
  return new Response(customersCsv(rows, store.currency, store.timeZone), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="clientes-${store.url}-${storeToday(clock.now(), store.timeZone)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
