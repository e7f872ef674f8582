import { useEffect } from "react";
import { data, Form, Link, Outlet, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { carriersOf, OTHER_CARRIER, OTHER_CARRIER_LABEL } from "~/domain/carriers";
import { storeCountry } from "~/domain/countries";
import { PROGRESS_FILTER_MESSAGES, PROGRESS_FILTERS, progressLabel } from "~/domain/fulfilment";
import { formatMoney } from "~/domain/money";
import { SALE_SEARCH_MESSAGES, SEARCH_MATCHES_READ } from "~/domain/sale-search";
import {
  DELIVERY_FILTER_LABELS,
  DELIVERY_FILTERS,
  formatSaleDate,
  hasFilters,
  PAYMENT_FILTER_LABELS,
  PAYMENT_FILTERS,
  paymentStateLabel,
  salesQueryString,
  stockNote,
} from "~/domain/sales";
import { BulkProgressForm, SaleCheckbox } from "~/fulfilment/bulk-progress";
import { bulkProgressAction } from "~/fulfilment/progress-action.server";
import { PushToggle } from "~/notifications/push-toggle";
import { type Sale, salesListResult } from "~/orders/order-queries.server";
import { getServices } from "~/services/services";
import { NEEDS_APP } from "~/ui/app-scripts";
import { SelectField } from "~/ui/form";
import { useT } from "~/ui/messages";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT } from "~/workspace/page-titles";
import { salesDeskReads } from "../page-reads.server";
import { salesDeskQuery } from "../query.server";
import type { Route } from "./+types/sales-list";

/** New sales appear while the page is open: the list reloads on focus and every few seconds while visible. */
export const LIVE_REFRESH_MS = 10_000;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  return [{ title: `${t({ id: "sales.pageTitle.list", defaultMessage: "Ventas" })} | ${loaderData?.storeName ?? "Vitrina"}` }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { vapid } = getServices(context);
  const t = merchantT(context);
  const query = salesDeskQuery(new URL(request.url).searchParams, store, t);
  // The paid orders without stock, the store's device count for the push toggle, the sales with their delivery
  // progress: the guard's round trip.
  const [unfilled, [push], rows = [], progressRows = [], [searched] = []] = await readPage(context, salesDeskReads, {
    request,
    params,
  });
  const result = query.ok ? salesListResult(rows, query.view) : { sales: [], hasMore: false };
  const progressOf = new Map(progressRows.map((p) => [p.saleId, p.step]));
  const row = (sale: Sale) => ({
    id: sale.id,
    buyer: sale.buyerName,
    date: formatSaleDate(sale.createdAt, store.timeZone),
    state: sale.state,
    stock: stockNote(sale, store.timeZone, t),
    delivery: t(DELIVERY_FILTER_LABELS[sale.delivery]),
    // Online payments show their state; transfer and cash their name; 'Al recibir' is settled at the door.
    payment:
      sale.paymentMethod === "online"
        ? t({ id: "sales.list.paidOnline", defaultMessage: "En línea: {state}" }, { state: paymentStateLabel(sale, t) })
        : sale.paymentMethod === "on_delivery"
          ? null
          : paymentStateLabel(sale, t),
    amount: formatMoney(sale.total, sale.currency, store.country),
    progress: progressLabel(progressOf.get(sale.id), sale.state, t),
    // A transfer's receipt waiting for 'Pago verificado' or 'Rechazar comprobante'.
    receiptToReview: sale.paymentMethod === "transfer" && sale.paymentStatus === "pending" && sale.state === "Pendiente",
  });
  const body = {
    storeId: store.id,
    storeName: store.name,
    mode: query.code ? ("code" as const) : query.mode,
    code: query.code,
    search: query.search,
    limit: query.limit,
    filters: query.filters,
    error: query.ok ? null : query.error,
    rows: result.sales.map(row),
    unfilled: unfilled.map(row),
    hasMore: result.hasMore,
    // A search matching more sales than are read shows some of them, not surely the newest: the page says so.
    tooManyMatches: (searched?.matches ?? 0) > SEARCH_MATCHES_READ,
    push: { publicKey: vapid.publicKey, devices: push?.devices ?? 0 },
    carriers: [...carriersOf(storeCountry(store)), { id: OTHER_CARRIER, name: OTHER_CARRIER_LABEL }].map((c) => ({
      id: c.id,
      name: c.name,
    })),
  };
  return data(body, query.ok ? undefined : { status: 400 });
}

/** 'Preparando' / 'Marcar como enviado' on the ticked sales: the list comes back with what was done. */
export async function action({ request, context }: Route.ActionArgs) {
  const store = context.get(ownedStoreContext);
  const answer = await bulkProgressAction(
    getServices(context),
    actingUser(context),
    store,
    await request.formData(),
    merchantT(context),
  );
  return data(answer, { status: answer.ok ? 200 : answer.status });
}

function useLiveRevalidation() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" || revalidator.state !== "idle";
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-arm the timers when the page settles, not on every render
  useEffect(() => {
    if (busy) return;
    const refresh = () => {
      if (document.visibilityState === "visible") revalidator.revalidate();
    };
    const timer = window.setInterval(refresh, LIVE_REFRESH_MS);
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [busy]);
}

type SaleRow = Route.ComponentProps["loaderData"]["rows"][number];

/** A table of sales; the whole row opens the sale for pointer users, the code link is the keyboard path. */
function SalesTable({
  rows,
  base,
  search,
  caption,
  selectable = false,
}: {
  rows: SaleRow[];
  base: string;
  search: string;
  caption: string;
  selectable?: boolean;
}) {
  const navigate = useNavigate();
  const t = useT();
  return (
    <div className="sales-table-wrap">
      <table className="sales-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t({ id: "sales.table.code", defaultMessage: "Código" })}</th>
            <th scope="col">{t({ id: "sales.table.buyer", defaultMessage: "Cliente" })}</th>
            <th scope="col">{t({ id: "sales.table.date", defaultMessage: "Fecha" })}</th>
            <th scope="col">{t({ id: "sales.table.state", defaultMessage: "Estado" })}</th>
            <th scope="col">{t({ id: "sales.table.delivery", defaultMessage: "Entrega" })}</th>
            <th scope="col">{t({ id: "sales.table.payment", defaultMessage: "Pago" })}</th>
            <th scope="col" className="num">
              {t({ id: "sales.table.amount", defaultMessage: "Monto" })}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const to = `${base}/${row.id}${search}`;
            return (
              <tr
                key={row.id}
                {...NEEDS_APP}
                onClick={(event) => {
                  // Ticking the row's checkbox (its label is a 44-px target) does not open the sale.
                  if ((event.target as HTMLElement).closest("[data-pick]")) return;
                  navigate(to, { preventScrollReset: true });
                }}
              >
                <td className={selectable ? "sale-pick" : undefined}>
                  {selectable && <SaleCheckbox saleId={row.id} />}
                  <Link to={to} preventScrollReset>
                    {row.id}
                  </Link>
                </td>
                <td className="sale-buyer-name">{row.buyer}</td>
                <td>{row.date}</td>
                <td>
                  <span className={`sale-state sale-state-${row.state.toLowerCase()}`}>{row.state}</span>
                  {row.stock && <span className="sale-stock-note">{row.stock}</span>}
                  {row.progress && (
                    <span className="sale-progress-note" data-progress-note="">
                      {row.progress}
                    </span>
                  )}
                </td>
                <td>{row.delivery}</td>
                <td>
                  {row.payment ?? <span className="muted">{t(PAYMENT_FILTER_LABELS.on_delivery)}</span>}
                  {row.receiptToReview && (
                    <strong className="tag receipt-review-tag" data-receipt-review="">
                      {t({ id: "sales.table.receiptToReview", defaultMessage: "Por revisar" })}
                    </strong>
                  )}
                </td>
                <td className="num">{row.amount}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export default function SalesList({ loaderData: page, actionData: bulk }: Route.ComponentProps) {
  useLiveRevalidation();
  const { search } = useLocation();
  const base = `/Store/${page.storeId}/sales`;
  const { filters } = page;
  const withQuery = (query: string) => (query ? `${base}?${query}` : base);
  const current = salesQueryString({
    code: page.code,
    mode: page.mode === "code" ? "latest" : page.mode,
    limit: page.limit,
    ...filters,
  });
  const searched = page.search ? `${current ? "&" : ""}q=${encodeURIComponent(page.search)}` : "";
  const exportHref = `/Store/${page.storeId}/sales.csv${current || searched ? `?${current}${searched}` : ""}`;
  const more = `${salesQueryString({ mode: page.mode === "today" ? "today" : "latest", limit: page.limit + 20, ...filters })}${page.search ? `&q=${encodeURIComponent(page.search)}` : ""}`;
  const filtered = hasFilters(filters) ? "yes" : "no";
  const t = useT();
  const empty =
    page.mode === "code"
      ? t(
          {
            id: "sales.list.noCode",
            defaultMessage: "No hay ninguna venta con el código {code}{filtered, select, yes { con estos filtros} other {}}",
          },
          { code: page.code, filtered },
        )
      : page.search
        ? t(
            {
              id: "sales.list.noMatch",
              defaultMessage: "Ninguna venta coincide con «{search}»{filtered, select, yes { con estos filtros} other {}}",
            },
            { search: page.search, filtered },
          )
        : filtered === "yes"
          ? t({ id: "sales.list.noFilterMatch", defaultMessage: "Ninguna venta coincide con los filtros" })
          : page.mode === "today"
            ? t({ id: "sales.list.noneToday", defaultMessage: "Hoy no hay ventas todavía" })
            : t({ id: "sales.list.none", defaultMessage: "Aún no hay ventas en esta tienda" });
  const activeFilters = [filters.delivery, filters.payment, filters.progress].filter(Boolean).length;
  const title = t({ id: "sales.list.title", defaultMessage: "Ventas" });
  const all = t({ id: "sales.filters.all", defaultMessage: "Todos" });
  const unfilledTitle = t({ id: "sales.unfilled.title", defaultMessage: "Pagados sin stock" });
  return (
    <section className="sales" aria-labelledby="sales-title">
      <h2 id="sales-title">{title}</h2>
      <div className="sales-tools">
        <Form method="get" role="search" className="sales-search">
          <label htmlFor="sale-code">{t({ id: "sales.search.code", defaultMessage: "Código de venta" })}</label>
          <input
            id="sale-code"
            name="code"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t({ id: "sales.search.codePlaceholder", defaultMessage: "10 dígitos" })}
            defaultValue={page.code}
            key={page.code}
            aria-invalid={page.error ? true : undefined}
            aria-describedby={page.error ? "sale-code-error" : undefined}
          />
          {filters.delivery && <input type="hidden" name="delivery" value={filters.delivery} />}
          {filters.payment && <input type="hidden" name="payment" value={filters.payment} />}
          {filters.progress && <input type="hidden" name="progress" value={filters.progress} />}
          <label htmlFor="sale-q">{t({ id: "sales.search.text", defaultMessage: "Cliente o producto" })}</label>
          <input
            id="sale-q"
            name="q"
            type="search"
            autoComplete="off"
            placeholder={t({ id: "sales.search.textPlaceholder", defaultMessage: "Nombre o teléfono" })}
            defaultValue={page.search}
            key={`q-${page.search}`}
          />
          <button type="submit" className="button">
            {t({ id: "sales.search.submit", defaultMessage: "Buscar" })}
          </button>
        </Form>
        <nav className="sales-views" aria-label={t({ id: "sales.views.label", defaultMessage: "Ventas mostradas" })}>
          <Link
            to={withQuery(salesQueryString(filters))}
            className="button secondary"
            aria-current={page.mode === "latest" ? "true" : undefined}
          >
            {t({ id: "sales.views.latest", defaultMessage: "Últimas 20" })}
          </Link>
          <Link
            to={withQuery(salesQueryString({ mode: "today", ...filters }))}
            className="button secondary"
            aria-current={page.mode === "today" ? "true" : undefined}
          >
            {t({ id: "sales.views.today", defaultMessage: "Hoy" })}
          </Link>
          <a href={exportHref} className="button secondary" download>
            {t({ id: "sales.views.export", defaultMessage: "Exportar CSV" })}
          </a>
          <Link to={`/Store/${page.storeId}/sales/new`} className="button">
            {t({ id: "sales.views.newOrder", defaultMessage: "Armar pedido" })}
          </Link>
        </nav>
      </div>
      {/* Folded until used, so the first sales stay on a phone's first screen. */}
      <details className="sales-filters-panel" open={activeFilters > 0}>
        <summary>
          {activeFilters > 0
            ? t({ id: "sales.filters.active", defaultMessage: "Filtros ({count})" }, { count: activeFilters })
            : t({ id: "sales.filters.title", defaultMessage: "Filtros" })}
        </summary>
        <Form
          method="get"
          className="inline-form sales-filters"
          aria-label={t({ id: "sales.filters.label", defaultMessage: "Filtrar ventas" })}
        >
          {page.code && <input type="hidden" name="code" value={page.code} />}
          {page.search && <input type="hidden" name="q" value={page.search} />}
          {page.mode === "today" && <input type="hidden" name="view" value="today" />}
          <SelectField
            id="sales-delivery"
            label={t({ id: "sales.filters.delivery", defaultMessage: "Entrega" })}
            name="delivery"
            defaultValue={filters.delivery ?? ""}
            key={`d-${filters.delivery ?? ""}`}
            options={[
              { value: "", label: t({ id: "sales.filters.allDeliveries", defaultMessage: "Todas" }) },
              ...DELIVERY_FILTERS.map((m) => ({ value: m, label: t(DELIVERY_FILTER_LABELS[m]) })),
            ]}
          />
          <SelectField
            id="sales-payment"
            label={t({ id: "sales.filters.payment", defaultMessage: "Pago" })}
            name="payment"
            defaultValue={filters.payment ?? ""}
            key={`p-${filters.payment ?? ""}`}
            options={[
              { value: "", label: all },
              ...PAYMENT_FILTERS.map((p) => ({ value: p, label: t(PAYMENT_FILTER_LABELS[p]) })),
            ]}
          />
          <SelectField
            id="sales-progress"
            label={t({ id: "sales.filters.progress", defaultMessage: "Avance" })}
            name="progress"
            defaultValue={filters.progress ?? ""}
            key={`a-${filters.progress ?? ""}`}
            options={[
              { value: "", label: all },
              ...PROGRESS_FILTERS.map((p) => ({ value: p, label: t(PROGRESS_FILTER_MESSAGES[p]) })),
            ]}
          />
          <button type="submit" className="button secondary">
            {t({ id: "sales.filters.submit", defaultMessage: "Filtrar" })}
          </button>
        </Form>
      </details>
      {page.error && (
        <p id="sale-code-error" className="field-error" role="alert">
          {page.error}
        </p>
      )}
      {!page.error && (
        <p className="sales-count" aria-live="polite">
          {page.tooManyMatches
            ? t(SALE_SEARCH_MESSAGES.tooMany, { max: SEARCH_MATCHES_READ.toLocaleString("es"), search: page.search ?? "" })
            : t(
                {
                  id: "sales.list.count",
                  defaultMessage: "{count, plural, one {Mostrando {count} venta} other {Mostrando {count} ventas}}",
                },
                { count: page.rows.length },
              )}
        </p>
      )}
      {page.unfilled.length > 0 && (
        <section className="sales-unfilled" aria-labelledby="sales-unfilled-title">
          <h3 id="sales-unfilled-title">{unfilledTitle}</h3>
          <p>
            {t({
              id: "sales.unfilled.intro",
              defaultMessage:
                "Estos pedidos se pagaron cuando su stock ya no estaba disponible. Consigue el stock y complétalos, o ábrelos y usa 'Cancelar y reembolsar'.",
            })}
          </p>
          <SalesTable rows={page.unfilled} base={base} search={search} caption={unfilledTitle} />
        </section>
      )}
      {page.rows.length === 0 ? (
        !page.error && <p className="muted">{empty}</p>
      ) : (
        <>
          <SalesTable rows={page.rows} base={base} search={search} caption={title} selectable />
          {/* After the list: the sales are ticked first, and they stay on a phone's first screen. */}
          <BulkProgressForm
            action={`${base}${search}`}
            printAction={`${base}/imprimir`}
            carriers={page.carriers}
            answer={bulk ? { ok: bulk.ok, message: bulk.message } : null}
          />
        </>
      )}
      {page.hasMore && (
        <p className="sales-more">
          <Link to={withQuery(more)} className="button secondary" preventScrollReset>
            {t({ id: "sales.list.more", defaultMessage: "Cargar más ventas" })}
          </Link>
        </p>
      )}
      {/* Set up once per device: after the list, so the sales fit a phone's first screen. */}
      <PushToggle storeId={page.storeId} publicKey={page.push.publicKey} devices={page.push.devices} />
      <Outlet />
    </section>
  );
}
