import { eq } from "drizzle-orm";
import { data } from "react-router";
import { publicStoreUrl } from "~/services/config";
import { getServices } from "~/services/services";
import { stores } from "../../db/schema";
import type { Route } from "./+types/qr";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * /QR/{storeId}, what printed QR codes encode: finds the store by id (so codes survive renames)
 * and redirects to its public site. The redirect's body says 'Estás siendo redirigido a la tienda'
 * with a link, for the rare client that shows it instead of following.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  if (!/^\d{10}$/.test(params.id)) throw data({ kind: "store_not_found" }, { status: 404 });
  const [store] = await db.select({ url: stores.url }).from(stores).where(eq(stores.id, params.id)).limit(1);
  if (!store) throw data({ kind: "store_not_found" }, { status: 404 });
  const target = publicStoreUrl(config, store.url);
  const body = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="0;url=${escapeHtml(target)}"><title>Estás siendo redirigido a la tienda</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:15vh 1rem"><h1>Estás siendo redirigido a la tienda</h1><p><a href="${escapeHtml(target)}">Ir a la tienda</a></p></body></html>`;
  return new Response(body, {
    status: 302,
    headers: {
      Location: target,
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
