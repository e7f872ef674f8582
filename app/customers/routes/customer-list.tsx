// 'Clientes': everyone who ordered from the store, with what they bought, searchable and sortable, and as CSV.
import { Form, Link } from "react-router";
import { CUSTOMER_SORT_LABELS, CUSTOMER_SORTS, type CustomerSummary, customerQueryString } from "~/domain/customers";
import { formatMoney } from "~/domain/money";
import { displayPhone } from "~/domain/phone";
import { formatSaleDate } from "~/domain/sales";
import { ordersCount } from "~/domain/words";
import { customerListQuery } from "~/orders/customer-records.server";
import { getServices } from "~/services/services";
import { SelectField } from "~/ui/form";
import { ownedStoreContext } from "~/workspace/context.server";
import { storePageTitle } from "~/workspace/page-titles";
import { parseCustomerQuery } from "../query.server";
import type { Route } from "./+types/customer-list";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: storePageTitle("Clientes", matches) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { db } = getServices(context);
  const query = parseCustomerQuery(new URL(request.url).searchParams);
  const rows = await customerListQuery(db, store, query);
  const row = (c: CustomerSummary) => ({
    id: c.id,
    name: c.name,
    phone: c.phone ? displayPhone(c.phone) : null,
    email: c.email,
    orders: c.orders,
    spent: formatMoney(c.spent, store.currency, store.country),
    lastOrder: c.lastOrderAt ? formatSaleDate(c.lastOrderAt, store.timeZone) : null,
  });
  return {
    storeId: store.id,
    query,
    customers: rows.slice(0, query.limit).map(row),
    hasMore: rows.length > query.limit,
  };
}

export default function CustomerList({ loaderData: page }: Route.ComponentProps) {
  const base = `/Store/${page.storeId}/customers`;
  const { query } = page;
  const current = customerQueryString({ search: query.search, sort: query.sort });
  const more = customerQueryString({ ...query, limit: query.limit + 50 });
  return (
    <section className="customers" aria-labelledby="customers-title">
      <h2 id="customers-title">Clientes</h2>
      <p className="muted">
        Quienes te compraron, reconocidos por su WhatsApp o su correo. Pedidos cuenta los no cancelados; Total comprado suma los
        completados.
      </p>
      <Form method="get" role="search" className="customers-tools" key={current}>
        <div className="field">
          <label htmlFor="customer-search">Buscar</label>
          <input
            id="customer-search"
            name="q"
            type="search"
            autoComplete="off"
            placeholder="Nombre, WhatsApp o correo"
            defaultValue={query.search}
            maxLength={100}
          />
        </div>
        <SelectField
          id="customer-sort"
          label="Ordenar por"
          name="sort"
          defaultValue={query.sort}
          options={CUSTOMER_SORTS.map((s) => ({ value: s, label: CUSTOMER_SORT_LABELS[s] }))}
        />
        <button type="submit" className="button">
          Buscar
        </button>
        <a href={`/Store/${page.storeId}/customers.csv${current ? `?${current}` : ""}`} className="button secondary" download>
          Exportar CSV
        </a>
      </Form>
      {page.customers.length === 0 ? (
        <p className="muted">
          {query.search
            ? `Ningún cliente coincide con “${query.search}”`
            : "Aún no tienes clientes: aparecen con su primer pedido."}
        </p>
      ) : (
        <ul className="customer-list">
          {page.customers.map((c) => (
            <li key={c.id}>
              <Link to={`${base}/${c.id}`} className="customer-name">
                {c.name}
              </Link>
              <span className="customer-contact">{[c.phone, c.email].filter(Boolean).join(" · ")}</span>
              <span className="customer-figures">
                {ordersCount(c.orders)} · {c.spent}
                {c.lastOrder && <span className="muted"> · Último pedido: {c.lastOrder}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      {page.hasMore && (
        <p className="sales-more">
          <Link to={`${base}?${more}`} className="button secondary" preventScrollReset>
            Ver más clientes
          </Link>
        </p>
      )}
    </section>
  );
}
