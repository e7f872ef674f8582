import { storeTranslator } from "~/domain/message-catalogs";
import { noSlipsText, packingSlipsPage, slipCodesOf, slipSalesOf, slipsQuerySchema } from "~/fulfilment/packing-slips.server";
import { getServices } from "~/services/services";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { packingSlipsReads } from "../page-reads.server";
import type { Route } from "./+types/packing-slips";

/**
 * /Store/{storeId}/sales/imprimir?sale=…&sale=…[&papel=80mm]: the packing slips of the chosen sales of this store,
 * a page of plain HTML to print ('Imprimir' in the sale's dialog, and on the sales ticked in the list).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { config } = getServices(context);
  const search = new URL(request.url).searchParams;
  const t = merchantT(context);
  const parsed = slipsQuerySchema(t).safeParse({ sale: slipCodesOf(search), papel: search.get("papel") ?? "a4" });
  const text = { "Content-Type": "text/plain; charset=utf-8" };
  if (!parsed.success) return new Response(parsed.error.issues[0]?.message ?? "", { status: 400, headers: text });
  const found = slipSalesOf(await readPage(context, packingSlipsReads, { request, params }), parsed.data.sale);
  if (found.length === 0) return new Response(noSlipsText(t), { status: 404, headers: text });
  const selfQuery = parsed.data.sale.map((code) => `sale=${code}`).join("&");
  return new Response(
    packingSlipsPage({
      config,
      store,
      sales: found,
      paper: parsed.data.papel,
      selfQuery,
      t,
      storeT: storeTranslator(store),
    }),
    {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    },
  );
}
