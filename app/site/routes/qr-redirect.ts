import { eq } from "drizzle-orm";
import { REFS, withRef } from "~/domain/referral";
import { publicStoreUrl } from "~/services/config";
import { getServices } from "~/services/services";
import { ERROR_PAGE_TEXT } from "~/ui/error-page-texts";
import { escapeHtml } from "~/ui/html";
import { stores } from "../../../db/schema";
import type { Route } from "./+types/qr-redirect";

function page(title: string, body: string, extraHead = "") {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${extraHead}<title>${title}</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:15vh 1rem"><h1>${title}</h1>${body}</body></html>`;
}

const storeMissing = () =>
  new Response(page("Esta página fue eliminada", `<p>${ERROR_PAGE_TEXT.storeGone}</p>`), {
    status: 404,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * /QR/{storeId}, what printed QR codes encode: finds the store by id (so codes survive renames)
 * and sends the browser to its public site (with `?ref=qr`). A page rather than a bare 302, so that on a slow
 * network the shopper sees 'Estás siendo redirigido a la tienda' (with a link) while the store
 * loads; a meta refresh moves on at once, with or without JavaScript.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  if (!/^\d{10}$/.test(params.id)) return storeMissing();
  const [store] = await db
    .select({ url: stores.url, customHost: stores.customHost })
    .from(stores)
    .where(eq(stores.id, params.id))
    .limit(1);
  if (!store) return storeMissing();
  const href = escapeHtml(withRef(publicStoreUrl(config, store), REFS.qr));
  const body = page(
    "Estás siendo redirigido a la tienda",
    `<p><a href="${href}">Ir a la tienda</a></p>`,
    `<meta http-equiv="refresh" content="0;url=${href}"><meta name="robots" content="noindex">`,
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
