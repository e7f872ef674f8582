import { storeToday } from "~/domain/sales";
import { getServices } from "~/services/services";
import { ownedStoreContext } from "~/workspace/context.server";
import { readPage } from "~/workspace/page-reads.server";
import { catalogCsvStream } from "../catalog-import.server";
import { catalogCsvReads } from "../page-reads.server";
import type { Route } from "./+types/catalog-csv";

/** /Store/{storeId}/products.csv: 'Exportar CSV', the whole catalog (one row per variant), the import's format. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { db, clock } = getServices(context);
  const day = storeToday(clock.now(), store.timeZone);
  const first = await readPage(context, catalogCsvReads, { request, params });
  return new Response(catalogCsvStream(db, store.id, store.currency, first), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="catalogo-${store.url}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
