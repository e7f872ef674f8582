import { redirect } from "react-router";
import { ORDER_KEY_PATTERN } from "~/orders/checkout-form";
import { orderPagePath } from "~/orders/order-links";
import { orderByKeyQuery } from "~/orders/order-queries.server";
import { loadSitePage, ORDER_COOKIE, readCookie } from "../site.server";
import type { Route } from "./+types/order-confirmation";

export const headers = () => ({ "Cache-Control": "no-store" });

/** The shopper's last order in this store (its key is in a cookie only this browser holds): its order page. */
export async function loader(args: Route.LoaderArgs) {
  const raw = readCookie(args.request, ORDER_COOKIE) ?? "";
  const key = ORDER_KEY_PATTERN.test(raw) ? raw : "-";
  const p = await loadSitePage(args, (storeId, db) => [orderByKeyQuery(db, storeId, key)]);
  const [[sale]] = p.page;
  if (!sale) throw redirect(p.site.homeHref, 303);
  throw redirect(orderPagePath(p.site.basePath, sale.id, sale.accessToken), {
    status: 303,
    headers: { "Cache-Control": "no-store" },
  });
}
