// 'Armar pedido': the merchant builds an order for a customer from a chat. The products chosen so far live in the
// page's address (`?lineas=`), so searching and adding are plain links and GET forms; saving is one POST.
import { Form, Link, redirect } from "react-router";
import { storeCountry } from "~/domain/countries";
import { DELIVERY_LABELS, DELIVERY_METHODS } from "~/domain/delivery";
import { randomToken } from "~/domain/ids";
import {
  addDraftLine,
  DRAFT_HOLD_HOURS,
  DRAFT_MESSAGES,
  draftFormSchema,
  readDraftLines,
  removeDraftLine,
  writeDraftLines,
} from "~/domain/order-drafts";
import { phoneExample } from "~/domain/phone";
import { leftCount } from "~/domain/words";
import { failure, fieldErrors } from "~/http/action-result";
import { buildDraft, draftBuilderView } from "~/orders/order-drafts.server";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { Field, FormError, SelectField, TextAreaField } from "~/ui/form";
import { notice } from "~/ui/notice";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { storePageTitle } from "~/workspace/page-titles";
import type { Route } from "./+types/new-order";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: storePageTitle("Armar pedido", matches) }];

/** The builder's address for a search and its lines, with `change` ('agregar', 'quitar') when one is asked for. */
const builderPath = (storeId: string, search: string, lines: string, change: Record<string, string> = {}) => {
  const params = new URLSearchParams();
  if (search) params.set("q", search);
  if (lines) params.set("lineas", lines);
  for (const [name, value] of Object.entries(change)) params.set(name, value);
  const query = params.toString();
  return `/Store/${storeId}/sales/new${query ? `?${query}` : ""}`;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  let lines = readDraftLines(url.searchParams.get("lineas"));
  // 'Agregar' and 'Quitar' change the address's lines, then the page shows the order as it is.
  const added = url.searchParams.get("agregar");
  const removed = url.searchParams.get("quitar");
  if (added || removed) {
    const quantity = Math.max(1, Math.min(999, Math.floor(Number(url.searchParams.get("cantidad") ?? "1")) || 1));
    if (added) lines = addDraftLine(lines, added, quantity);
    if (removed) lines = removeDraftLine(lines, removed);
    throw redirect(builderPath(store.id, search, writeDraftLines(lines)));
  }
  const view = await draftBuilderView(getServices(context), store, search, lines);
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
  const parsed = draftFormSchema(store.currency, t).safeParse(fields);
  if (!parsed.success) return failure(fieldErrors(parsed.error), { values: fields });
  const draft = await buildDraft(services, actingUser(context), store, parsed.data, t);
  if (!draft.ok) return failure(draft.errors, { status: draft.status, values: fields });
  return redirectWithNotice(
    services.config,
    `/Store/${store.id}/sales/${draft.saleId}`,
    notice("Pedido armado", t(DRAFT_MESSAGES.saved)),
  );
}

export default function NewOrder({ loaderData: page, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  return (
    <section className="panel wide draft-builder" aria-labelledby="draft-title">
      <p className="back-link">
        <Link to={`/Store/${page.storeId}/sales`}>← Ventas</Link>
      </p>
      <h2 id="draft-title">Armar pedido</h2>
      <p className="muted">
        Arma el pedido que te pidieron por chat y envíale el enlace a tu cliente: lo revisa, completa sus datos y lo confirma.
        Guardamos los productos {DRAFT_HOLD_HOURS} horas.
      </p>

      <Form method="get" role="search" className="draft-search">
        <input type="hidden" name="lineas" value={page.lineas} />
        <div className="field">
          <label htmlFor="draft-q">Buscar producto</label>
          <input id="draft-q" name="q" type="search" defaultValue={page.search} maxLength={100} autoComplete="off" />
        </div>
        <button type="submit" className="button secondary">
          Buscar
        </button>
      </Form>
      {page.search && page.results.length === 0 && (
        <p className="muted">Ningún producto publicado coincide con “{page.search}”</p>
      )}
      {page.results.length > 0 && (
        <ul className="draft-results" aria-label="Productos encontrados">
          {page.results.map((item) => (
            <li key={item.key}>
              <span>
                <strong>{item.name}</strong> · {item.price} · {item.left > 0 ? leftCount(item.left) : "agotado"}
              </span>
              {item.left > 0 && (
                <Form method="get" className="draft-add">
                  {page.search && <input type="hidden" name="q" value={page.search} />}
                  <input type="hidden" name="lineas" value={page.lineas} />
                  <input type="hidden" name="agregar" value={item.key} />
                  <label>
                    <span className="visually-hidden">Cantidad de {item.name}</span>
                    <input name="cantidad" type="number" min={1} max={item.left} defaultValue={1} inputMode="numeric" />
                  </label>
                  <button type="submit" className="button secondary" aria-label={`Agregar ${item.name}`}>
                    Agregar
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}

      <h3>Pedido</h3>
      {page.lines.length === 0 ? (
        <p className="muted">Busca y agrega los productos del pedido.</p>
      ) : (
        <ul className="draft-lines" aria-label="Productos del pedido">
          {page.lines.map((line) => (
            <li key={line.key}>
              <span>
                {line.name} × {line.quantity} · {line.amount}
                {line.short && <span className="field-error"> ({leftCount(line.left)})</span>}
              </span>
              <Link
                to={builderPath(page.storeId, page.search, page.lineas, { quitar: line.key })}
                className="link-button danger"
                aria-label={`Quitar ${line.name}`}
              >
                Quitar
              </Link>
            </li>
          ))}
          <li className="draft-subtotal">
            <span>Productos</span> <strong>{page.subtotal}</strong>
          </li>
        </ul>
      )}

      <Form method="post" className="form" key={page.idempotencyKey}>
        <input type="hidden" name="idempotencyKey" value={page.idempotencyKey} />
        <input type="hidden" name="lineas" value={page.lineas} />
        <Field label="Nombre del cliente" name="buyerName" defaultValue={values.buyerName} error={errors.buyerName} />
        <Field
          label="WhatsApp del cliente (opcional)"
          name="buyerPhone"
          type="tel"
          inputMode="tel"
          defaultValue={values.buyerPhone}
          hint={`Para enviarle el enlace. Por ejemplo: ${page.phoneExample}`}
          error={errors.buyerPhone}
        />
        <SelectField
          id="f-delivery"
          label="Entrega"
          name="delivery"
          defaultValue={values.delivery ?? "pickup"}
          options={DELIVERY_METHODS.map((m) => ({ value: m, label: DELIVERY_LABELS[m] }))}
          error={errors.delivery}
        />
        <Field
          label="Costo de envío (opcional)"
          name="deliveryFee"
          inputMode="decimal"
          defaultValue={values.deliveryFee}
          error={errors.deliveryFee}
        />
        <Field
          label="Descuento (opcional)"
          name="discount"
          inputMode="decimal"
          defaultValue={values.discount}
          hint="Un monto que se resta de los productos."
          error={errors.discount}
        />
        <TextAreaField label="Nota (opcional)" name="note" defaultValue={values.note} maxLength={500} error={errors.note} />
        <FormError message={errors.form ?? errors.idempotencyKey} />
        <div>
          <button type="submit" className="button" disabled={page.lines.length === 0}>
            Guardar y crear enlace
          </button>
        </div>
      </Form>
    </section>
  );
}
