import { data } from "react-router";
import { ABANDONED_CART_MESSAGES, readSavedLines, restoreCart, restoreNoticeText } from "~/domain/abandoned-carts";
import { serializeCart } from "~/domain/cart";
import { CHECKOUT_COOKIE, restoreQueries } from "~/orders/abandoned-carts.server";
import { cartItemsOf } from "~/orders/cart-items.server";
import type { RouteHandle } from "~/root";
import { useT } from "~/ui/messages";
import { metaT, siteMeta } from "../seo";
import { SiteShell } from "../shell";
import { CART_COOKIE, loadSitePage, storeCookie } from "../site.server";
import type { Route } from "./+types/cart-restore";

export const handle: RouteHandle = { hydrate: false };
export const headers = () => ({ "Cache-Control": "no-store" });

/**
 * An abandoned cart's link (the merchant's WhatsApp message, the reminder email): the products of that checkout
 * still for sale go into this browser's cart at today's prices, with the checkout's contact and source, and the
 * page tells what changed (a price, fewer units, sold out or no longer for sale: left out). One round trip.
 */
export async function loader(args: Route.LoaderArgs) {
  const token = args.params.token;
  const p = await loadSitePage(args, (storeId, db) => restoreQueries(db, storeId, token));
  const [[checkout], productRows, variantRows] = p.page;
  const base = p.site.basePath;
  if (!checkout || checkout.recoveredSaleId)
    return data(
      { site: p.site, found: false as const, notices: [], count: 0 },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  const restored = restoreCart(readSavedLines(checkout.lines), cartItemsOf(productRows, variantRows));
  const { config } = p.services;
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", storeCookie(config, base, CART_COOKIE, serializeCart(restored.lines, checkout.source)));
  headers.append("Set-Cookie", storeCookie(config, base, CHECKOUT_COOKIE, checkout.id));
  return data(
    {
      site: { ...p.site, cartCount: restored.lines.reduce((n, l) => n + l.quantity, 0) },
      found: true as const,
      notices: restored.notices.map((n) => restoreNoticeText(n, p.site, p.t)),
      count: restored.lines.length,
    },
    { headers },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const t = metaT(loaderData?.site);
  return siteMeta(loaderData?.site, {
    title: t({ id: "site.restore.title", defaultMessage: "Tu carrito | {store}" }, { store: loaderData?.site.name ?? "" }),
    path: "/Cart",
    noindex: true,
  });
}

export default function CartRestore({ loaderData }: Route.ComponentProps) {
  const { site, found, notices, count } = loaderData;
  const t = useT();
  return (
    <SiteShell site={site} current="cart">
      <h1>{t({ id: "site.restore.heading", defaultMessage: "Tu carrito" })}</h1>
      {!found ? (
        <p className="notice">{t(ABANDONED_CART_MESSAGES.notFound)}</p>
      ) : (
        <>
          <p className="notice" role="status">
            {count > 0
              ? t({ id: "site.restore.restored", defaultMessage: "Recuperamos tu carrito con los precios de hoy." })
              : t({ id: "site.restore.gone", defaultMessage: "Los productos de tu carrito ya no están disponibles." })}
          </p>
          {notices.length > 0 && (
            <ul
              className="restore-notices"
              aria-label={t({ id: "site.restore.changes", defaultMessage: "Cambios en tu carrito" })}
            >
              {notices.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
          {count > 0 && (
            <p>
              <a className="button" href={`${site.basePath}/Checkout`}>
                {t({ id: "site.restore.continue", defaultMessage: "Seguir con mi pedido" })}
              </a>
            </p>
          )}
          <p>
            <a href={`${site.basePath}/Cart`}>{t({ id: "site.restore.seeCart", defaultMessage: "Ver mi carrito" })}</a>
          </p>
        </>
      )}
    </SiteShell>
  );
}
