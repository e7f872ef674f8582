import { Form, Link } from "react-router";
import { productCategoryName } from "~/domain/categories";
import { defineMessages, type Locale } from "~/domain/messages";
import { moneyFormat } from "~/domain/money";
import { MOST_PROMOTIONS, promotionOfferText, promotionReachText } from "~/domain/promotion-form";
import { promotionState } from "~/domain/promotions";
import { storeToday } from "~/domain/sales";
import { getServices } from "~/services/services";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { ErrorText } from "~/ui/form";
import { useT } from "~/ui/messages";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { promotionsReads } from "../page-reads.server";
import { handlePromotionListAction } from "../promotion-actions.server";
import { promotionsPath } from "../promotion-choices";
import type { Route } from "./+types/promotions";

const STATE_NAMES = defineMessages<ReturnType<typeof promotionState>>({
  Activa: { id: "promotions.state.active", defaultMessage: "Activa" },
  Programada: { id: "promotions.state.scheduled", defaultMessage: "Programada" },
  Terminada: { id: "promotions.state.ended", defaultMessage: "Terminada" },
  Pausada: { id: "promotions.state.paused", defaultMessage: "Pausada" },
});

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "promotions.pageTitle.list", defaultMessage: "Promociones" }), matches) }];
};

/** A date as the list writes it in the merchant's variant: '5 dic 2026', in Argentina '5 de dic de 2026'. */
const dayText = (day: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { clock } = getServices(context);
  const today = storeToday(clock.now(), store.timeZone);
  const money = moneyFormat(store);
  const t = merchantT(context);
  const [promotions, zones] = await readPage(context, promotionsReads, { request, params });
  const zoneName = new Map(zones.map((z) => [z.id, z.name]));
  return {
    storeId: store.id,
    limit: MOST_PROMOTIONS,
    promotions: promotions.map((p) => ({
      id: p.id,
      name: p.name,
      offer: promotionOfferText(p, money, t),
      reach: promotionReachText(p, { category: productCategoryName, zone: (id) => zoneName.get(id) }, t),
      dates:
        p.startsOn || p.endsOn
          ? [
              p.startsOn &&
                t({ id: "promotions.list.from", defaultMessage: "desde el {day}" }, { day: dayText(p.startsOn, t.locale) }),
              p.endsOn &&
                t({ id: "promotions.list.until", defaultMessage: "hasta el {day}" }, { day: dayText(p.endsOn, t.locale) }),
            ]
              .filter(Boolean)
              .join(" ")
          : null,
      state: promotionState(p, today),
      stateLabel: t(STATE_NAMES[promotionState(p, today)]),
      enabled: p.enabled,
      // What it brought: orders not cancelled that took it, and what its products came to after it.
      results: t(
        {
          id: "promotions.list.results",
          defaultMessage: "{orders, plural, one {{count} pedido} other {{count} pedidos}} · {revenue} en ventas",
        },
        { orders: p.orders, count: String(p.orders), revenue: money(p.revenue) },
      ),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handlePromotionListAction(
    getServices(context),
    actingUser(context),
    context.get(ownedStoreContext),
    await request.formData(),
    merchantT(context),
  );
}

export default function Promotions({ loaderData, actionData }: Route.ComponentProps) {
  const { storeId, promotions, limit } = loaderData;
  const base = promotionsPath(storeId);
  const t = useT();
  return (
    <section>
      <div className="toolbar">
        <h2>{t({ id: "promotions.list.title", defaultMessage: "Promociones" })}</h2>
        {promotions.length < limit && (
          <Link to={`${base}/nueva`} className="button">
            {t({ id: "promotions.list.new", defaultMessage: "Nueva promoción" })}
          </Link>
        )}
      </div>
      <p className="muted">
        {t({
          id: "promotions.list.intro",
          defaultMessage:
            "Se aplican solas, sin código: 2x1, un porcentaje en una categoría, precios por cantidad o envío gratis. En cada producto se aplica la que más ahorra, y un código de descuento se aplica después, sobre lo que queda.",
        })}
      </p>
      <ErrorText message={actionData?.errors.form} />
      {promotions.length === 0 ? (
        <p>{t({ id: "promotions.list.empty", defaultMessage: "Aún no tienes promociones." })}</p>
      ) : (
        <ul className="item-list code-list" aria-label={t({ id: "promotions.list.label", defaultMessage: "Promociones" })}>
          {promotions.map((p) => (
            <li key={p.id} data-state={p.state}>
              <div className="grow">
                <p>
                  <strong>{p.name}</strong> · {p.offer} <span className="tag code-state">{p.stateLabel}</span>
                </p>
                <p className="muted">
                  {p.reach}
                  {p.dates && ` · ${p.dates}`}
                </p>
                <p className="muted" data-testid="promotion-results">
                  {p.results}
                </p>
              </div>
              <div className="code-actions">
                <Link
                  to={`${base}/${p.id}`}
                  className="button secondary"
                  aria-label={t({ id: "promotions.list.editName", defaultMessage: "Editar {name}" }, { name: p.name })}
                >
                  {t({ id: "promotions.list.edit", defaultMessage: "Editar" })}
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value={p.enabled ? "disable" : "enable"} />
                  <input type="hidden" name="id" value={p.id} />
                  <button
                    type="submit"
                    className="button secondary"
                    aria-label={
                      p.enabled
                        ? t({ id: "promotions.list.pauseName", defaultMessage: "Pausar {name}" }, { name: p.name })
                        : t({ id: "promotions.list.enableName", defaultMessage: "Activar {name}" }, { name: p.name })
                    }
                  >
                    {p.enabled
                      ? t({ id: "promotions.list.pause", defaultMessage: "Pausar" })
                      : t({ id: "promotions.list.enable", defaultMessage: "Activar" })}
                  </button>
                </Form>
                <ConfirmedForm
                  fields={{ intent: "delete", id: String(p.id) }}
                  buttonLabel={t({ id: "promotions.list.delete", defaultMessage: "Eliminar" })}
                  title={t({ id: "promotions.deleteTitle", defaultMessage: "¿Eliminar {name}?" }, { name: p.name })}
                  description={t({
                    id: "promotions.deleteDescription",
                    defaultMessage: "Deja de aplicarse en tu tienda. Los pedidos que la usaron la conservan.",
                  })}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
