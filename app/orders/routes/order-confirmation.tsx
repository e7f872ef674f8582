import { data, redirect } from "react-router";
import { formatMoney } from "~/domain/money";
import { DELIVERY_LABELS, isMobileUserAgent, orderMessage, whatsappUrl } from "~/domain/whatsapp";
import type { RouteHandle } from "~/root";
import { orderByKeyQuery, orderLinesByKeyQuery } from "~/site/queries.server";
import { siteMeta } from "~/site/seo";
import { SiteShell } from "~/site/shell";
import { loadSitePage, ORDER_COOKIE, readCookie } from "~/site/site.server";
import { OrderLines } from "../order-lines";
import type { Route } from "./+types/order-confirmation";

export const handle: RouteHandle = { hydrate: false };
export const headers = () => ({ "Cache-Control": "no-store" });

/** The shopper's last order in this store (its key is in a cookie only this browser holds). */
export async function loader(args: Route.LoaderArgs) {
  const raw = readCookie(args.request, ORDER_COOKIE) ?? "";
  const key = /^[A-Za-z0-9_-]{16,64}$/.test(raw) ? raw : "-";
  const p = await loadSitePage(args, (storeId, db) => [
    orderByKeyQuery(db, storeId, key),
    orderLinesByKeyQuery(db, storeId, key),
  ]);
  const [[sale], lines] = p.page;
  if (!sale) throw redirect(p.site.homeHref, 303);
  const buyer = { name: sale.buyerName, delivery: sale.delivery, address: sale.address, phone: sale.buyerPhone, note: sale.note };
  const text = orderMessage({ storeName: p.store.name, code: sale.id, currency: sale.currency, total: sale.total, lines, buyer });
  return data(
    {
      site: p.site,
      code: sale.id,
      state: sale.state,
      lines: lines.map((l) => ({
        key: l.position,
        name: l.name,
        quantity: l.quantity,
        subtotal: formatMoney(l.unitPrice * l.quantity, sale.currency),
      })),
      total: formatMoney(sale.total, sale.currency),
      delivery: DELIVERY_LABELS[sale.delivery],
      address: sale.address,
      buyerPhone: sale.buyerPhone,
      whatsapp: whatsappUrl(p.store.saleNumber, text, isMobileUserAgent(args.request.headers.get("User-Agent"))),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return siteMeta(loaderData?.site, {
    title: `Pedido ${loaderData?.code ?? ""} | ${loaderData?.site.name ?? ""}`,
    path: "/Order",
    noindex: true,
  });
}

export default function Confirmation({ loaderData }: Route.ComponentProps) {
  const { site, code, state, lines, total, delivery, address, buyerPhone, whatsapp } = loaderData;
  return (
    <SiteShell site={site}>
      <section className="confirmation">
        <h1>¡Pedido registrado!</h1>
        <p>
          Código de tu pedido: <strong className="code">{code}</strong>
        </p>
        <p className="muted">
          Estado: {state}.{" "}
          {whatsapp
            ? "La tienda te responderá por WhatsApp para confirmarlo."
            : `La tienda recibió tu pedido y te contactará${buyerPhone ? ` al ${buyerPhone}` : ""} para confirmarlo.`}
        </p>
        <OrderLines className="summary-lines" lines={lines} total={total} />
        <p>
          {delivery}
          {address ? `: ${address}` : ""}
        </p>
        {whatsapp && (
          <p>
            <a className="button whatsapp" href={whatsapp}>
              Volver a WhatsApp
            </a>
          </p>
        )}
        <p>
          <a href={`${site.basePath}/Store`}>Seguir comprando</a>
        </p>
      </section>
    </SiteShell>
  );
}
