import { Form, Link } from "react-router";
import {
  DISCOUNT_STATE_LABELS,
  discountCodeState,
  discountConditions,
  discountUsesText,
  MOST_DISCOUNT_CODES,
} from "~/domain/discount-code-form";
import { discountValueText } from "~/domain/discounts";
import { defineMessage } from "~/domain/messages";
import { moneyFormat } from "~/domain/money";
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
import { handleDiscountListAction } from "../discount-code-actions.server";
import { discountCodesReads } from "../page-reads.server";
import type { Route } from "./+types/discount-codes";

const DELETE_DESCRIPTION = defineMessage({
  id: "discounts.deleteDescription",
  defaultMessage: "Tus clientes ya no podrán usarlo. Las ventas que lo usaron conservan el código.",
});

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "discounts.pageTitle.list", defaultMessage: "Descuentos" }), matches) }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { clock } = getServices(context);
  const today = storeToday(clock.now(), store.timeZone);
  const amount = moneyFormat(store);
  const [codes] = await readPage(context, discountCodesReads, { request, params });
  const t = merchantT(context);
  return {
    storeId: store.id,
    limit: MOST_DISCOUNT_CODES,
    codes: codes.map((c) => {
      const state = discountCodeState(c, today);
      return {
        id: c.id,
        code: c.code,
        value: discountValueText(c, amount),
        conditions: discountConditions(c, today, amount, t),
        uses: discountUsesText(c.uses, c.maxUses, t),
        active: c.active,
        state,
        stateLabel: t(DISCOUNT_STATE_LABELS[state]),
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
    merchantT(context),
  );
}

export default function DiscountCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { storeId, codes, limit } = loaderData;
  const base = `/Store/${storeId}/discounts`;
  const t = useT();
  return (
    <section>
      <div className="toolbar">
        <h2>{t({ id: "discounts.list.title", defaultMessage: "Descuentos" })}</h2>
        {codes.length < limit && (
          <Link to={`${base}/new`} className="button">
            {t({ id: "discounts.list.new", defaultMessage: "Nuevo código" })}
          </Link>
        )}
      </div>
      <p className="muted" data-testid="code-count">
        {t(
          { id: "discounts.list.count", defaultMessage: "{count} de {limit} códigos" },
          { count: String(codes.length), limit: String(limit) },
        )}
      </p>
      <ErrorText message={actionData?.errors.form} />
      {codes.length === 0 ? (
        <p>
          {t({
            id: "discounts.list.empty",
            defaultMessage: "Aún no tienes códigos de descuento. Crea uno para compartirlo con tus clientes.",
          })}
        </p>
      ) : (
        <ul
          className="item-list code-list"
          aria-label={t({ id: "discounts.list.label", defaultMessage: "Códigos de descuento" })}
        >
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
                <Link
                  to={`${base}/${c.id}`}
                  className="button secondary"
                  aria-label={t({ id: "discounts.list.editCode", defaultMessage: "Editar {code}" }, { code: c.code })}
                >
                  {t({ id: "discounts.list.edit", defaultMessage: "Editar" })}
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value={c.active ? "deactivate" : "activate"} />
                  <input type="hidden" name="id" value={c.id} />
                  <button
                    type="submit"
                    className="button secondary"
                    aria-label={
                      c.active
                        ? t({ id: "discounts.list.deactivateCode", defaultMessage: "Desactivar {code}" }, { code: c.code })
                        : t({ id: "discounts.list.activateCode", defaultMessage: "Activar {code}" }, { code: c.code })
                    }
                  >
                    {c.active
                      ? t({ id: "discounts.list.deactivate", defaultMessage: "Desactivar" })
                      : t({ id: "discounts.list.activate", defaultMessage: "Activar" })}
                  </button>
                </Form>
                <ConfirmedForm
                  fields={{ intent: "delete", id: String(c.id) }}
                  buttonLabel={t({ id: "discounts.list.delete", defaultMessage: "Eliminar" })}
                  title={t({ id: "discounts.deleteTitle", defaultMessage: "¿Eliminar {code}?" }, { code: c.code })}
                  description={t(DELETE_DESCRIPTION)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
