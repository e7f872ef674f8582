import { Form, Link } from "react-router";
import { productCategoryName } from "~/domain/categories";
import { moneyFormat } from "~/domain/money";
import { MOST_PROMOTIONS, promotionOfferText, promotionReachText } from "~/domain/promotion-form";
import { promotionState } from "~/domain/promotions";
import { storeToday } from "~/domain/sales";
import { getServices } from "~/services/services";
import { listDeliveryZones } from "~/stores/delivery-settings.server";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { ErrorText } from "~/ui/form";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { storePageTitle } from "~/workspace/page-titles";
import { handlePromotionListAction } from "../promotion-actions.server";
import { promotionsPath } from "../promotion-choices";
import { listPromotions } from "../promotions.server";
import type { Route } from "./+types/promotions";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: storePageTitle("Promociones", matches) }];

/** A date as the list writes it: '5 dic 2026'. */
const dayText = (day: string) =>
  new Intl.DateTimeFormat("es", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );

export async function loader({ context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { db, clock } = getServices(context);
  const today = storeToday(clock.now(), store.timeZone);
  const money = moneyFormat(store);
  const [promotions, zones] = await db.batch([listPromotions(db, store.id), listDeliveryZones(db, store.id)]);
  const zoneName = new Map(zones.map((z) => [z.id, z.name]));
  return {
    storeId: store.id,
    limit: MOST_PROMOTIONS,
    promotions: promotions.map((p) => ({
      id: p.id,
      name: p.name,
      offer: promotionOfferText(p, money),
      reach: promotionReachText(p, { category: productCategoryName, zone: (id) => zoneName.get(id) }),
      dates:
        p.startsOn || p.endsOn
          ? [p.startsOn && `desde el ${dayText(p.startsOn)}`, p.endsOn && `hasta el ${dayText(p.endsOn)}`]
              .filter(Boolean)
              .join(" ")
          : null,
      state: promotionState(p, today),
      enabled: p.enabled,
      // What it brought: orders not cancelled that took it, and what its products came to after it.
      results: `${p.orders === 1 ? "1 pedido" : `${p.orders} pedidos`} · ${money(p.revenue)} en ventas`,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handlePromotionListAction(
    getServices(context),
    actingUser(context),
    context.get(ownedStoreContext),
    await request.formData(),
  );
}

export default function Promotions({ loaderData, actionData }: Route.ComponentProps) {
  const { storeId, promotions, limit } = loaderData;
  const base = promotionsPath(storeId);
  return (
    <section>
      <div className="toolbar">
        <h2>Promociones</h2>
        {promotions.length < limit && (
          <Link to={`${base}/nueva`} className="button">
            Nueva promoción
          </Link>
        )}
      </div>
      <p className="muted">
        Se aplican solas, sin código: 2x1, un porcentaje en una categoría, precios por cantidad o envío gratis. En cada producto
        se aplica la que más ahorra, y un código de descuento se aplica después, sobre lo que queda.
      </p>
      <ErrorText message={actionData?.errors.form} />
      {promotions.length === 0 ? (
        <p>Aún no tienes promociones.</p>
      ) : (
        <ul className="item-list code-list" aria-label="Promociones">
          {promotions.map((p) => (
            <li key={p.id} data-state={p.state}>
              <div className="grow">
                <p>
                  <strong>{p.name}</strong> · {p.offer} <span className="tag code-state">{p.state}</span>
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
                <Link to={`${base}/${p.id}`} className="button secondary" aria-label={`Editar ${p.name}`}>
                  Editar
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value={p.enabled ? "disable" : "enable"} />
                  <input type="hidden" name="id" value={p.id} />
                  <button type="submit" className="button secondary" aria-label={`${p.enabled ? "Pausar" : "Activar"} ${p.name}`}>
                    {p.enabled ? "Pausar" : "Activar"}
                  </button>
                </Form>
                <ConfirmedForm
                  fields={{ intent: "delete", id: String(p.id) }}
                  buttonLabel="Eliminar"
                  title={`¿Eliminar ${p.name}?`}
                  description="Deja de aplicarse en tu tienda. Los pedidos que la usaron la conservan."
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
