import { Form, Link } from "react-router";
import {
  DISCOUNT_STATE_LABELS,
  discountCodeState,
  discountConditions,
  discountUsesText,
  MOST_DISCOUNT_CODES,
} from "~/domain/discount-code-form";
import { discountValueText } from "~/domain/discounts";
import { moneyFormat } from "~/domain/money";
import { storeToday } from "~/domain/sales";
import { getServices } from "~/services/services";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { ErrorText } from "~/ui/form";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { storePageTitle } from "~/workspace/page-titles";
import { handleDiscountListAction } from "../discount-code-actions.server";
import { listDiscountCodes } from "../discount-codes.server";
import type { Route } from "./+types/discount-codes";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: storePageTitle("Descuentos", matches) }];

export async function loader({ context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { db, clock } = getServices(context);
  const today = storeToday(clock.now(), store.timeZone);
  const amount = moneyFormat(store);
  const codes = await listDiscountCodes(db, store.id);
  return {
    storeId: store.id,
    limit: MOST_DISCOUNT_CODES,
    codes: codes.map((c) => {
      const state = discountCodeState(c, today);
      return {
        id: c.id,
        code: c.code,
        value: discountValueText(c, amount),
        conditions: discountConditions(c, today, amount),
        uses: discountUsesText(c.uses, c.maxUses),
        active: c.active,
        state,
        stateLabel: DISCOUNT_STATE_LABELS[state],
      };
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleDiscountListAction(
    getServices(context),
    actingUser(context),
    context.get(ownedStoreContext),
    await request.formData(),
  );
}

export default function DiscountCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { storeId, codes, limit } = loaderData;
  const base = `/Store/${storeId}/discounts`;
  return (
    <section>
      <div className="toolbar">
        <h2>Descuentos</h2>
        {codes.length < limit && (
          <Link to={`${base}/new`} className="button">
            Nuevo código
          </Link>
        )}
      </div>
      <p className="muted" data-testid="code-count">
        {codes.length} de {limit} códigos
      </p>
      <ErrorText message={actionData?.errors.form} />
      {codes.length === 0 ? (
        <p>Aún no tienes códigos de descuento. Crea uno para compartirlo con tus clientes.</p>
      ) : (
        <ul className="item-list code-list" aria-label="Códigos de descuento">
          {codes.map((c) => (
            <li key={c.id} data-state={c.state}>
              <div className="grow">
                <p>
                  <strong>{c.code}</strong> · {c.value} <span className="tag code-state">{c.stateLabel}</span>
                </p>
                {c.conditions.length > 0 && <p className="muted">{c.conditions.join(" · ")}</p>}
                <p className="muted">{c.uses}</p>
              </div>
              <div className="code-actions">
                <Link to={`${base}/${c.id}`} className="button secondary" aria-label={`Editar ${c.code}`}>
                  Editar
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value={c.active ? "deactivate" : "activate"} />
                  <input type="hidden" name="id" value={c.id} />
                  <button
                    type="submit"
                    className="button secondary"
                    aria-label={`${c.active ? "Desactivar" : "Activar"} ${c.code}`}
                  >
                    {c.active ? "Desactivar" : "Activar"}
                  </button>
                </Form>
                <ConfirmedForm
                  fields={{ intent: "delete", id: String(c.id) }}
                  buttonLabel="Eliminar"
                  title={`¿Eliminar ${c.code}?`}
                  description="Tus clientes ya no podrán usarlo. Las ventas que lo usaron conservan el código."
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
