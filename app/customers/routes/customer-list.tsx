// 'Clientes': everyone who ordered from the store, with what they bought, searchable and sortable, and as CSV.
import { Form, Link } from "react-router";
import {
  CUSTOMER_ORDERS,
  CUSTOMER_SORT_LABELS,
  CUSTOMER_SORTS,
  type CustomerSummary,
  customerQueryString,
} from "~/domain/customers";
import { formatMoney } from "~/domain/money";
import { displayPhone } from "~/domain/phone";
import { formatSaleDate } from "~/domain/sales";
import { SelectField } from "~/ui/form";
import { useT } from "~/ui/messages";
import { ownedStoreContext } from "~/workspace/context.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { customerListReads } from "../page-reads.server";
import { parseCustomerQuery } from "../query.server";
import type { Route } from "./+types/customer-list";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "customers.pageTitle.list", defaultMessage: "Clientes" }), matches) }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const query = parseCustomerQuery(new URL(request.url).searchParams);
  const [rows] = await readPage(context, customerListReads, { request, params });
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
  const t = useT();
  const searchLabel = t({ id: "customers.list.search", defaultMessage: "Buscar" });
  return (
    <section className="customers" aria-labelledby="customers-title">
      <h2 id="customers-title">{t({ id: "customers.list.title", defaultMessage: "Clientes" })}</h2>
      <p className="muted">
        {t({
          id: "customers.list.intro",
          defaultMessage:
            "Quienes te compraron, reconocidos por su WhatsApp o su correo. Pedidos cuenta los no cancelados; Total comprado suma los completados.",
        })}
      </p>
      <Form method="get" role="search" className="customers-tools" key={current}>
        <div className="field">
          <label htmlFor="customer-search">{searchLabel}</label>
          <input
            id="customer-search"
            name="q"
            type="search"
            autoComplete="off"
            placeholder={t({ id: "customers.list.searchPlaceholder", defaultMessage: "Nombre, WhatsApp o correo" })}
            defaultValue={query.search}
            maxLength={100}
          />
        </div>
        <SelectField
          id="customer-sort"
          label={t({ id: "customers.list.sort", defaultMessage: "Ordenar por" })}
          name="sort"
          defaultValue={query.sort}
          options={CUSTOMER_SORTS.map((s) => ({ value: s, label: t(CUSTOMER_SORT_LABELS[s]) }))}
        />
        <button type="submit" className="button">
          {searchLabel}
        </button>
        <a href={`/Store/${page.storeId}/customers.csv${current ? `?${current}` : ""}`} className="button secondary" download>
          {t({ id: "customers.list.export", defaultMessage: "Exportar CSV" })}
        </a>
      </Form>
      {page.customers.length === 0 ? (
        <p className="muted">
          {query.search
            ? t(
                { id: "customers.list.noMatch", defaultMessage: "Ningún cliente coincide con “{search}”" },
                { search: query.search },
              )
            : t({ id: "customers.list.empty", defaultMessage: "Aún no tienes clientes: aparecen con su primer pedido." })}
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
                {t(CUSTOMER_ORDERS, { count: c.orders })} · {c.spent}
                {c.lastOrder && (
                  <span className="muted">
                    {t({ id: "customers.list.lastOrder", defaultMessage: " · Último pedido: {date}" }, { date: c.lastOrder })}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {page.hasMore && (
        <p className="sales-more">
          <Link to={`${base}?${more}`} className="button secondary" preventScrollReset>
            {t({ id: "customers.list.more", defaultMessage: "Ver más clientes" })}
          </Link>
        </p>
      )}
    </section>
  );
}
