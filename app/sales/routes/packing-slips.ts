import { packingSlipsPage, slipSales, slipsQuerySchema } from "~/fulfilment/packing-slips.server";
import { getServices } from "~/services/services";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import type { Route } from "./+types/packing-slips";

/**
 * /Store/{storeId}/sales/imprimir?sale=…&sale=…[&papel=80mm]: the packing slips of the chosen sales of this store,
 * a page of plain HTML to print ('Imprimir' in the sale's dialog, and on the sales ticked in the list).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { db, config } = getServices(context);
  const params = new URL(request.url).searchParams;
  const parsed = slipsQuerySchema.safeParse({ sale: [...new Set(params.getAll("sale"))], papel: params.get("papel") ?? "a4" });
  const text = { "Content-Type": "text/plain; charset=utf-8" };
  if (!parsed.success) return new Response(parsed.error.issues[0]?.message ?? "", { status: 400, headers: text });
  const found = await slipSales(db, store.id, parsed.data.sale);
  if (found.length === 0) {
    const t = merchantT(context);
    return new Response(t({ id: "sales.slips.notFound", defaultMessage: "No encontramos esas ventas" }), {
      status: 404,
      headers: text,
    });
  }
  const selfQuery = parsed.data.sale.map((code) => `sale=${code}`).join("&");
  return new Response(packingSlipsPage({ config, store, sales: found, paper: parsed.data.papel, selfQuery }), {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}
