import { data } from "react-router";
import { isRestoreToken, optOutOfReminders } from "~/orders/abandoned-carts.server";
import type { RouteHandle } from "~/root";
import { useT } from "~/ui/messages";
import { metaT, siteMeta } from "../seo";
import { SiteShell } from "../shell";
import { loadSitePage } from "../site.server";
import type { Route } from "./+types/cart-email-opt-out";

export const handle: RouteHandle = { hydrate: false };
export const headers = () => ({ "Cache-Control": "no-store" });

/**
 * The reminder email's opt-out link. The link only shows the button: mail scanners open links, and only the buyer's
 * press ('No quiero más correos') records the opt-out, for this store and this email.
 */
export async function loader(args: Route.LoaderArgs) {
  const p = await loadSitePage(args, () => []);
  return data({ site: p.site, valid: isRestoreToken(args.params.token), done: false });
}

export async function action(args: Route.ActionArgs) {
  const p = await loadSitePage(args, () => []);
  const done = await optOutOfReminders(p.services.db, p.store.id, args.params.token, p.services.clock.now());
  return data({ done }, { status: done ? 200 : 404 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const t = metaT(loaderData?.site);
  return siteMeta(loaderData?.site, {
    title: t({ id: "site.optOut.title", defaultMessage: "Recordatorios | {store}" }, { store: loaderData?.site.name ?? "" }),
    path: "/Cart",
    noindex: true,
  });
}

export default function CartEmailOptOut({ loaderData, actionData }: Route.ComponentProps) {
  const { site, valid } = loaderData;
  const t = useT();
  return (
    <SiteShell site={site}>
      <h1>{t({ id: "site.optOut.heading", defaultMessage: "Recordatorios por correo" })}</h1>
      {actionData?.done ? (
        <p className="notice" role="status">
          {t(
            { id: "site.optOut.done", defaultMessage: "Listo: {store} no te enviará más recordatorios de carritos por correo." },
            { store: site.name },
          )}
        </p>
      ) : actionData || !valid ? (
        <p className="notice">{t({ id: "site.optOut.stale", defaultMessage: "Este enlace ya no sirve." })}</p>
      ) : (
        <form method="post">
          <p>
            {t(
              { id: "site.optOut.question", defaultMessage: "¿No quieres más recordatorios de pedidos sin terminar de {store}?" },
              { store: site.name },
            )}
          </p>
          <button type="submit" className="button">
            {t({ id: "site.optOut.submit", defaultMessage: "No quiero más correos" })}
          </button>
        </form>
      )}
    </SiteShell>
  );
}
