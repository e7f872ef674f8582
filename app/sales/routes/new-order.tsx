// 'Armar pedido': the merchant builds an order for a customer from a chat. The products chosen so far live in the
// page's address (`?lineas=`), so searching and adding are plain links and GET forms; saving is one POST.
import { Form, Link, redirect } from "react-router";
import { storeCountry } from "~/domain/countries";
import { DELIVERY_METHOD_MESSAGES, DELIVERY_METHODS } from "~/domain/delivery";
import { randomToken } from "~/domain/ids";
import { defineMessage } from "~/domain/messages";
import {
  addDraftLine,
  DRAFT_HOLD_HOURS,
  DRAFT_MESSAGES,
  draftFormSchema,
  removeDraftLine,
  writeDraftLines,
} from "~/domain/order-drafts";
import { phoneExample } from "~/domain/phone";
import { failure, fieldErrors, parseForm } from "~/http/action-result";
import { buildDraft, draftAddressOf, draftBuilderViewOf } from "~/orders/order-drafts.server";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { Field, FormError, SelectField, TextAreaField } from "~/ui/form";
import { useT } from "~/ui/messages";
import { notice } from "~/ui/notice";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { newOrderReads } from "../page-reads.server";
import type { Route } from "./+types/new-order";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "sales.pageTitle.newOrder", defaultMessage: "Armar pedido" }), matches) }];
};

/** The builder's address for a search and its lines, with `change` ('agregar', 'quitar') when one is asked for. */
const builderPath = (storeId: string, search: string, lines: string, change: Record<string, string> = {}) => {
  const params = new URLSearchParams();
  if (search) params.set("q", search);
  if (lines) params.set("lineas", lines);
  for (const [name, value] of Object.entries(change)) params.set(name, value);
  const query = params.toString();
  return `/Store/${storeId}/sales/new${query ? `?${query}` : ""}`;
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const url = new URL(request.url);
  const { search, lines } = draftAddressOf(url);
  // 'Agregar' and 'Quitar' change the address's lines, then the page shows the order as it is.
  const added = url.searchParams.get("agregar");
  const removed = url.searchParams.get("quitar");
  if (added || removed) {
    const quantity = Math.max(1, Math.min(999, Math.floor(Number(url.searchParams.get("cantidad") ?? "1")) || 1));
    let changed = lines;
    if (added) changed = addDraftLine(changed, added, quantity);
    if (removed) changed = removeDraftLine(changed, removed);
    throw redirect(builderPath(store.id, search, writeDraftLines(changed)));
  }
  const view = draftBuilderViewOf(await readPage(context, newOrderReads, { request, params }), store, lines);
  return {
    storeId: store.id,
    search,
    lineas: writeDraftLines(lines),
    ...view,
    phoneExample: phoneExample(storeCountry(store)),
    idempotencyKey: randomToken(18),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const store = context.get(ownedStoreContext);
  const services = getServices(context);
  const fields = Object.fromEntries(await request.formData()) as Record<string, string>;
  const t = merchantT(context);
  const parsed = parseForm(draftFormSchema(store.currency, t), fields, t);
  if (!parsed.success) return failure(fieldErrors(parsed.error), { values: fields });
  const draft = await buildDraft(services, actingUser(context), store, parsed.data, t);
  if (!draft.ok) return failure(draft.errors, { status: draft.status, values: fields });
  return redirectWithNotice(
    services.config,
    `/Store/${store.id}/sales/${draft.saleId}`,
    notice(t(DRAFT_SAVED), t(DRAFT_MESSAGES.saved)),
  );
}

const DRAFT_SAVED = defineMessage({ id: "sales.draft.saved", defaultMessage: "Pedido armado" });
const LEFT = defineMessage({
  id: "sales.draft.left",
  defaultMessage: "{count, plural, one {queda {count}} other {quedan {count}}}",
});

export default function NewOrder({ loaderData: page, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const t = useT();
  return (
    <section className="panel wide draft-builder" aria-labelledby="draft-title">
      <p className="back-link">
        <Link to={`/Store/${page.storeId}/sales`}>{t({ id: "sales.draft.back", defaultMessage: "← Ventas" })}</Link>
      </p>
      <h2 id="draft-title">{t({ id: "sales.draft.title", defaultMessage: "Armar pedido" })}</h2>
      <p className="muted">
        {t(
          {
            id: "sales.draft.intro",
            defaultMessage:
              "Arma el pedido que te pidieron por chat y envíale el enlace a tu cliente: lo revisa, completa sus datos y lo confirma. Guardamos los productos {hours} horas.",
          },
          { hours: DRAFT_HOLD_HOURS },
        )}
      </p>

      <Form method="get" role="search" className="draft-search">
        <input type="hidden" name="lineas" value={page.lineas} />
        <div className="field">
          <label htmlFor="draft-q">{t({ id: "sales.draft.search", defaultMessage: "Buscar producto" })}</label>
          <input id="draft-q" name="q" type="search" defaultValue={page.search} maxLength={100} autoComplete="off" />
        </div>
        <button type="submit" className="button secondary">
          {t({ id: "sales.draft.searchSubmit", defaultMessage: "Buscar" })}
        </button>
      </Form>
      {page.search && page.results.length === 0 && (
        <p className="muted">
          {t(
            { id: "sales.draft.noMatch", defaultMessage: "Ningún producto publicado coincide con “{search}”" },
            { search: page.search },
          )}
        </p>
      )}
      {page.results.length > 0 && (
        <ul className="draft-results" aria-label={t({ id: "sales.draft.results", defaultMessage: "Productos encontrados" })}>
          {page.results.map((item) => (
            <li key={item.key}>
              <span>
                <strong>{item.name}</strong> · {item.price} ·{" "}
                {item.left > 0 ? t(LEFT, { count: item.left }) : t({ id: "sales.draft.soldOut", defaultMessage: "agotado" })}
              </span>
              {item.left > 0 && (
                <Form method="get" className="draft-add">
                  {page.search && <input type="hidden" name="q" value={page.search} />}
                  <input type="hidden" name="lineas" value={page.lineas} />
                  <input type="hidden" name="agregar" value={item.key} />
                  <label>
                    <span className="visually-hidden">
                      {t({ id: "sales.draft.quantityOf", defaultMessage: "Cantidad de {name}" }, { name: item.name })}
                    </span>
                    <input name="cantidad" type="number" min={1} max={item.left} defaultValue={1} inputMode="numeric" />
                  </label>
                  <button
                    type="submit"
                    className="button secondary"
                    aria-label={t({ id: "sales.draft.addLabel", defaultMessage: "Agregar {name}" }, { name: item.name })}
                  >
                    {t({ id: "sales.draft.add", defaultMessage: "Agregar" })}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}

      <h3>{t({ id: "sales.draft.order", defaultMessage: "Pedido" })}</h3>
      {page.lines.length === 0 ? (
        <p className="muted">{t({ id: "sales.draft.empty", defaultMessage: "Busca y agrega los productos del pedido." })}</p>
      ) : (
        <ul className="draft-lines" aria-label={t({ id: "sales.draft.lines", defaultMessage: "Productos del pedido" })}>
          {page.lines.map((line) => (
            <li key={line.key}>
              <span>
                {line.name} × {line.quantity} · {line.amount}
                {line.short && <span className="field-error"> ({t(LEFT, { count: line.left })})</span>}
              </span>
              <Link
                to={builderPath(page.storeId, page.search, page.lineas, { quitar: line.key })}
                className="link-button danger"
                aria-label={t({ id: "sales.draft.removeLabel", defaultMessage: "Quitar {name}" }, { name: line.name })}
              >
                {t({ id: "sales.draft.remove", defaultMessage: "Quitar" })}
              </Link>
            </li>
          ))}
          <li className="draft-subtotal">
            <span>{t({ id: "sales.draft.subtotal", defaultMessage: "Productos" })}</span> <strong>{page.subtotal}</strong>
          </li>
        </ul>
      )}

      <Form method="post" className="form" key={page.idempotencyKey}>
        <input type="hidden" name="idempotencyKey" value={page.idempotencyKey} />
        <input type="hidden" name="lineas" value={page.lineas} />
        <Field
          label={t({ id: "sales.draft.buyerName", defaultMessage: "Nombre del cliente" })}
          name="buyerName"
          defaultValue={values.buyerName}
          error={errors.buyerName}
        />
        <Field
          label={t({ id: "sales.draft.buyerPhone", defaultMessage: "WhatsApp del cliente (opcional)" })}
          name="buyerPhone"
          type="tel"
          inputMode="tel"
          defaultValue={values.buyerPhone}
          hint={t(
            { id: "sales.draft.buyerPhoneHint", defaultMessage: "Para enviarle el enlace. Por ejemplo: {example}" },
            { example: page.phoneExample },
          )}
          error={errors.buyerPhone}
        />
        <SelectField
          id="f-delivery"
          label={t({ id: "sales.draft.delivery", defaultMessage: "Entrega" })}
          name="delivery"
          defaultValue={values.delivery ?? "pickup"}
          options={DELIVERY_METHODS.map((m) => ({ value: m, label: t(DELIVERY_METHOD_MESSAGES[m]) }))}
          error={errors.delivery}
        />
        <Field
          label={t({ id: "sales.draft.deliveryFee", defaultMessage: "Costo de envío (opcional)" })}
          name="deliveryFee"
          inputMode="decimal"
          defaultValue={values.deliveryFee}
          error={errors.deliveryFee}
        />
        <Field
          label={t({ id: "sales.draft.discount", defaultMessage: "Descuento (opcional)" })}
          name="discount"
          inputMode="decimal"
          defaultValue={values.discount}
          hint={t({ id: "sales.draft.discountHint", defaultMessage: "Un monto que se resta de los productos." })}
          error={errors.discount}
        />
        <TextAreaField
          label={t({ id: "sales.draft.note", defaultMessage: "Nota (opcional)" })}
          name="note"
          defaultValue={values.note}
          maxLength={500}
          error={errors.note}
        />
        <FormError message={errors.form ?? errors.idempotencyKey} />
        <div>
          <button type="submit" className="button" disabled={page.lines.length === 0}>
            {t({ id: "sales.draft.submit", defaultMessage: "Guardar y crear enlace" })}
          </button>
        </div>
      </Form>
    </section>
  );
}
