// One customer: their contact and orders, a WhatsApp chat, merging another entry of the same person into this one,
// and deleting their data when they ask for it.
import { Form, Link } from "react-router";
import { z } from "zod";
import { storeCountry } from "~/domain/countries";
import { CUSTOMER_MESSAGES, CUSTOMER_ORDERS } from "~/domain/customers";
import { storeTranslator } from "~/domain/message-catalogs";
import type { Translate } from "~/domain/messages";
import { formatMoney } from "~/domain/money";
import { displayPhone } from "~/domain/phone";
import { formatSaleDate, isMobileUserAgent } from "~/domain/sales";
import { buyerChatUrl } from "~/domain/whatsapp";
import { failure, fieldErrors, parseForm } from "~/http/action-result";
import { notFound } from "~/http/responses";
import { forgetCustomer, mergeCustomers } from "~/orders/customers.server";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { FormError, SelectField } from "~/ui/form";
import { useT } from "~/ui/messages";
import { notice } from "~/ui/notice";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { customerDetailReads, customerIdOf } from "../page-reads.server";
import type { Route } from "./+types/customer-detail";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  return [
    {
      title: storePageTitle(
        loaderData?.customer.name ?? t({ id: "customers.pageTitle.customer", defaultMessage: "Cliente" }),
        matches,
      ),
    },
  ];
};

function customerIdOrNotFound(params: { customerId?: string }): number {
  return customerIdOf(params) || notFound();
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  // An address that is no customer's id reads none.
  const [[customer], orders, candidates] = await readPage(context, customerDetailReads, { request, params });
  if (!customer) notFound();
  // A message to the buyer: in the store's voice.
  const t = storeTranslator(store);
  const mobile = isMobileUserAgent(request.headers.get("User-Agent"));
  const contact = (c: { phone: string | null; email: string | null }) =>
    [c.phone && displayPhone(c.phone), c.email].filter(Boolean).join(" · ");
  return {
    storeId: store.id,
    customer: {
      name: customer.name,
      phone: customer.phone ? displayPhone(customer.phone) : null,
      email: customer.email,
      orders: customer.orders,
      spent: formatMoney(customer.spent, store.currency, store.country),
      chatUrl: buyerChatUrl(
        customer.phone,
        storeCountry(store),
        t(
          { id: "whatsapp.customer.greeting", defaultMessage: "Hola {name}, te escribimos de {store}." },
          { name: customer.name, store: store.name },
        ),
        mobile,
      ),
    },
    orders: orders.map((o) => ({
      id: o.id,
      state: o.state,
      date: formatSaleDate(o.createdAt, store.timeZone),
      total: formatMoney(o.total, o.currency, store.country),
    })),
    candidates: candidates.map((c) => ({ value: String(c.id), label: `${c.name} (${contact(c)})` })),
  };
}

const actionSchema = (t: Translate) => {
  const mergeTarget = t(CUSTOMER_MESSAGES.mergeTarget);
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("merge"), other: z.coerce.number({ error: mergeTarget }).int().positive(mergeTarget) }),
    z.object({ intent: z.literal("forget"), confirm: z.literal("on", { error: t(CUSTOMER_MESSAGES.confirmForget) }) }),
  ]);
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const store = context.get(ownedStoreContext);
  const services = getServices(context);
  const id = customerIdOrNotFound(params);
  const t = merchantT(context);
  const fields = Object.fromEntries(await request.formData());
  const parsed = parseForm(actionSchema(t), fields, t);
  const intent = fields.intent === "forget" ? "forget" : "merge";
  if (!parsed.success) return failure(fieldErrors(parsed.error), { intent });
  const listPath = `/Store/${store.id}/customers`;
  if (parsed.data.intent === "forget") {
    if (!(await forgetCustomer(services, actingUser(context), store.id, id)))
      return failure({ form: t(CUSTOMER_MESSAGES.notFound) }, { intent, status: 404 });
    return redirectWithNotice(
      services.config,
      listPath,
      notice(t({ id: "customers.notice.forgotten", defaultMessage: "Datos borrados" }), t(CUSTOMER_MESSAGES.forgotten)),
    );
  }
  if (parsed.data.other === id) return failure({ other: t(CUSTOMER_MESSAGES.mergeSelf) }, { intent });
  const merged = await mergeCustomers(services.db, actingUser(context), store.id, id, parsed.data.other, services.clock.now());
  if (!merged) return failure({ other: t(CUSTOMER_MESSAGES.notFound) }, { intent, status: 404 });
  return redirectWithNotice(
    services.config,
    `${listPath}/${id}`,
    notice(
      t({ id: "customers.notice.merged", defaultMessage: "Clientes unidos" }),
      t(CUSTOMER_MESSAGES.merged, { name: merged.name }),
    ),
  );
}

export default function CustomerDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { storeId, customer, orders, candidates } = loaderData;
  const errors = actionData?.errors ?? {};
  const answerTo = actionData?.intent;
  const t = useT();
  return (
    <section className="panel wide customer" aria-labelledby="customer-title">
      <p className="back-link">
        <Link to={`/Store/${storeId}/customers`}>{t({ id: "customers.detail.back", defaultMessage: "← Clientes" })}</Link>
      </p>
      <h2 id="customer-title">{customer.name}</h2>
      <dl className="sale-buyer">
        {customer.phone && (
          <div>
            <dt>WhatsApp</dt>
            <dd>{customer.phone}</dd>
          </div>
        )}
        {customer.email && (
          <div>
            <dt>{t({ id: "customers.detail.email", defaultMessage: "Correo" })}</dt>
            <dd>{customer.email}</dd>
          </div>
        )}
        <div>
          <dt>{t({ id: "customers.detail.purchases", defaultMessage: "Compras" })}</dt>
          <dd>
            {t(CUSTOMER_ORDERS, { count: customer.orders })} ·{" "}
            {t({ id: "customers.detail.spent", defaultMessage: "{amount} en pedidos completados" }, { amount: customer.spent })}
          </dd>
        </div>
      </dl>
      {customer.chatUrl && (
        <p>
          <a className="button" href={customer.chatUrl} target="_blank" rel="noreferrer">
            {t({ id: "customers.detail.whatsapp", defaultMessage: "Escribir por WhatsApp" })}
          </a>
        </p>
      )}
      <h3>{t({ id: "customers.detail.orders", defaultMessage: "Pedidos" })}</h3>
      {orders.length === 0 ? (
        <p className="muted">
          {t({ id: "customers.detail.noOrders", defaultMessage: "Sus pedidos se borraron o se unieron a otro cliente." })}
        </p>
      ) : (
        <ul className="customer-orders">
          {orders.map((o) => (
            <li key={o.id}>
              <Link to={`/Store/${storeId}/sales/${o.id}`}>{o.id}</Link> · {o.date} ·{" "}
              <span className={`sale-state sale-state-${o.state.toLowerCase()}`}>{o.state}</span> · {o.total}
            </li>
          ))}
        </ul>
      )}
      {candidates.length > 0 && (
        <Form method="post" className="form" aria-labelledby="merge-title">
          <h3 id="merge-title">{t({ id: "customers.merge.title", defaultMessage: "Unir con otro cliente" })}</h3>
          <p className="field-hint">
            {t({
              id: "customers.merge.hint",
              defaultMessage:
                "Si es la misma persona con otro número o correo, trae aquí sus pedidos. El otro cliente deja de aparecer.",
            })}
          </p>
          <input type="hidden" name="intent" value="merge" />
          <SelectField
            id="merge-other"
            label={t({ id: "customers.merge.other", defaultMessage: "Cliente a unir" })}
            name="other"
            defaultValue=""
            options={[
              { value: "", label: t({ id: "customers.merge.choose", defaultMessage: "Elige un cliente" }) },
              ...candidates,
            ]}
            error={answerTo === "merge" ? errors.other : undefined}
          />
          <div>
            <button type="submit" className="button secondary">
              {t({ id: "customers.merge.submit", defaultMessage: "Unir" })}
            </button>
          </div>
        </Form>
      )}
      <Form method="post" className="form" aria-labelledby="forget-title">
        <h3 id="forget-title">{t({ id: "customers.forget.title", defaultMessage: "Borrar sus datos" })}</h3>
        <p className="field-hint">
          {t({
            id: "customers.forget.hint",
            defaultMessage:
              "Si tu cliente te pide borrar sus datos: sus pedidos quedan en Ventas con su código, fecha, productos y montos, sin su nombre, contacto, dirección ni nota. No se puede deshacer.",
          })}
        </p>
        <input type="hidden" name="intent" value="forget" />
        <label className="check">
          <input type="checkbox" name="confirm" value="on" />{" "}
          {t(
            { id: "customers.forget.confirm", defaultMessage: "Confirmo que quiero borrar los datos de {name}" },
            { name: customer.name },
          )}
        </label>
        <FormError message={answerTo === "forget" ? (errors.confirm ?? errors.form) : undefined} />
        <div>
          <button type="submit" className="button danger">
            {t({ id: "customers.forget.submit", defaultMessage: "Borrar datos" })}
          </button>
        </div>
      </Form>
    </section>
  );
}
