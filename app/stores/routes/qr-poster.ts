import { storeTranslator } from "~/domain/message-catalogs";
import { getServices } from "~/services/services";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { posterPaper, qrPosterPage } from "../qr-poster.server";
import type { Route } from "./+types/qr-poster";

/**
 * /Store/{storeId}/qr/cartel[?papel=a6]: the store's QR as a poster to print for a shop counter (A4 or A6), a page of
 * plain HTML beside the QR's PNG and SVG downloads.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const paper = posterPaper.parse(new URL(request.url).searchParams.get("papel") ?? undefined);
  return new Response(
    qrPosterPage({
      config: getServices(context).config,
      store,
      paper,
      t: merchantT(context),
      storeT: storeTranslator(store),
    }),
    {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    },
  );
}
