// 'Estadísticas': the store's visits, sources, funnel and best products for a period, compared with the one before
// (docs/decisions/0051-visit-statistics.md). Plain GET links and a GET form: it works without JavaScript.
import { Form, Link } from "react-router";
import { defineMessage, defineMessages, type Translate } from "~/domain/messages";
import { formatMoney } from "~/domain/money";
import { PERIODS, type Period } from "~/domain/statistics";
import { sourceLabel } from "~/domain/visits";
import { getServices } from "~/services/services";
import { Rich, useT } from "~/ui/messages";
import { ownedStoreContext } from "~/workspace/context.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { statisticsPeriod, statisticsReads } from "../page-reads.server";
import { statisticsOf } from "../statistics.server";
import type { Route } from "./+types/statistics";

const RECOVERED = defineMessage({
  id: "stats.recovered",
  defaultMessage:
    "Recuperados de <link>carritos abandonados</link>: <strong>{orders, plural, one {1 pedido} other {{count} pedidos}} · {revenue}</strong>",
});

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "stats.pageTitle.title", defaultMessage: "Estadísticas" }), matches) }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { today, period } = statisticsPeriod(new URL(request.url), getServices(context).clock.now(), store);
  const stats = statisticsOf(period, await readPage(context, statisticsReads, { request, params }));
  return { storeId: store.id, currency: store.currency, country: store.country, today, period, stats };
}

const counts = new Intl.NumberFormat("es", { useGrouping: "always" });
const percents = new Intl.NumberFormat("es", { style: "percent", maximumFractionDigits: 1 });
const signed = new Intl.NumberFormat("es", { style: "percent", maximumFractionDigits: 0, signDisplay: "exceptZero" });
const count = (n: number) => counts.format(n);
const percent = (share: number | null) => (share === null ? "—" : percents.format(share));
const shortDays = new Intl.DateTimeFormat("es", { day: "numeric", month: "short", timeZone: "UTC" });
const months = new Intl.DateTimeFormat("es", { month: "short", year: "2-digit", timeZone: "UTC" });
const longDays = new Intl.DateTimeFormat("es", { dateStyle: "medium", timeZone: "UTC" });

const bucketLabel = (bucket: string) =>
  bucket.length === 7 ? months.format(new Date(`${bucket}-01T00:00:00Z`)) : shortDays.format(new Date(`${bucket}T00:00:00Z`));
const dayLabel = (day: string) => longDays.format(new Date(`${day}T00:00:00Z`));

const PERIOD_NAMES = defineMessages<keyof typeof PERIODS>({
  hoy: { id: "stats.period.today", defaultMessage: "Hoy" },
  "7": { id: "stats.period.week", defaultMessage: "7 días" },
  "30": { id: "stats.period.month", defaultMessage: "30 días" },
  "12m": { id: "stats.period.year", defaultMessage: "12 meses" },
});

const M = defineMessages({
  visits: { id: "stats.visits", defaultMessage: "Visitas" },
  orders: { id: "stats.orders", defaultMessage: "Pedidos" },
  sales: { id: "stats.sales", defaultMessage: "Ventas" },
  carts: { id: "stats.carts", defaultMessage: "Carritos" },
  units: { id: "stats.units", defaultMessage: "Unidades" },
  empty: { id: "stats.products.empty", defaultMessage: "Nada todavía en este período." },
  deleted: { id: "stats.products.deleted", defaultMessage: "Producto eliminado" },
});

function periodText(t: Translate, period: Pick<Period, "from" | "to">) {
  return period.from === period.to
    ? dayLabel(period.from)
    : t({ id: "stats.range", defaultMessage: "{from} – {to}" }, { from: dayLabel(period.from), to: dayLabel(period.to) });
}

function Change({ value }: { value: number | null }) {
  const t = useT();
  if (value === null)
    return <span className="stat-change muted">{t({ id: "stats.change.none", defaultMessage: "sin datos antes" })}</span>;
  const text = signed.format(value);
  return (
    <span className={`stat-change ${value > 0 ? "up" : value < 0 ? "down" : ""}`}>
      {text}{" "}
      <span className="visually-hidden">
        {t({ id: "stats.change.previous", defaultMessage: "respecto al período anterior" })}
      </span>
    </span>
  );
}

export default function StatisticsPage({ loaderData: p }: Route.ComponentProps) {
  const { stats, period, currency, country } = p;
  const base = `/Store/${p.storeId}/estadisticas`;
  const money = (minor: number | null) => (minor === null ? "—" : formatMoney(minor, currency, country));
  const c = stats.current;
  const t = useT();
  const productName = (name: string | null) => name ?? t(M.deleted);
  const cards: { label: string; value: string; change?: number | null; before: string }[] = [
    { label: t(M.visits), value: count(c.visits), change: stats.changes.visits, before: count(stats.previous.visits) },
    {
      label: t({ id: "stats.card.visitors", defaultMessage: "Visitantes únicos" }),
      value: count(c.visitors),
      change: stats.changes.visitors,
      before: count(stats.previous.visitors),
    },
    { label: t(M.orders), value: count(c.orders), change: stats.changes.orders, before: count(stats.previous.orders) },
    { label: t(M.sales), value: money(c.revenue), change: stats.changes.revenue, before: money(stats.previous.revenue) },
    {
      label: t({ id: "stats.card.conversion", defaultMessage: "Conversión" }),
      value: percent(c.conversion),
      before: percent(stats.previous.conversion),
    },
    {
      label: t({ id: "stats.card.averageTicket", defaultMessage: "Ticket promedio" }),
      value: money(c.averageTicket),
      before: money(stats.previous.averageTicket),
    },
  ];
  const funnel = [
    { label: t(M.visits), value: c.visits },
    { label: t({ id: "stats.funnel.viewed", defaultMessage: "Vieron un producto" }), value: c.productViews },
    { label: t(M.carts), value: c.carts },
    { label: t({ id: "stats.funnel.checkouts", defaultMessage: "Iniciaron el pago" }), value: c.checkouts },
    { label: t(M.orders), value: c.orders },
    { label: t({ id: "stats.funnel.paid", defaultMessage: "Pagados" }), value: c.paid },
  ];
  const funnelMax = Math.max(1, ...funnel.map((f) => f.value));
  return (
    <section className="stats" aria-labelledby="stats-title">
      <h2 id="stats-title">{t({ id: "stats.title", defaultMessage: "Estadísticas" })}</h2>
      <nav className="stats-periods" aria-label={t({ id: "stats.periods", defaultMessage: "Período" })}>
        {(Object.keys(PERIODS) as (keyof typeof PERIODS)[]).map((key) => (
          <Link key={key} to={`${base}?periodo=${key}`} aria-current={period.key === key ? "page" : undefined}>
            {t(PERIOD_NAMES[key])}
          </Link>
        ))}
      </nav>
      <Form method="get" action={base} className="stats-range">
        <div className="field">
          <label htmlFor="stats-from">{t({ id: "stats.from", defaultMessage: "Desde" })}</label>
          <input id="stats-from" name="desde" type="date" max={p.today} defaultValue={period.from} required />
        </div>
        <div className="field">
          <label htmlFor="stats-to">{t({ id: "stats.to", defaultMessage: "Hasta" })}</label>
          <input id="stats-to" name="hasta" type="date" max={p.today} defaultValue={period.to} required />
        </div>
        <button type="submit" className="button secondary">
          {t({ id: "stats.show", defaultMessage: "Ver" })}
        </button>
      </Form>
      <p className="muted">
        {t(
          {
            id: "stats.intro",
            defaultMessage:
              "{period}, comparado con {previous}. Se cuentan las visitas sin cookies ni datos personales; tus propias visitas con la sesión abierta no cuentan.",
          },
          { period: periodText(t, period), previous: periodText(t, period.previous) },
        )}
      </p>

      <ul className="stats-cards">
        {cards.map((card) => (
          <li key={card.label}>
            <span className="stat-label">{card.label}</span>
            <strong className="stat-value">{card.value}</strong>
            {card.change !== undefined ? <Change value={card.change} /> : null}
            <span className="stat-before muted">
              {t({ id: "stats.card.before", defaultMessage: "Antes: {value}" }, { value: card.before })}
            </span>
          </li>
        ))}
      </ul>
      <p className="stats-recovered">
        <Rich
          message={RECOVERED}
          values={{
            link: (chunks) => <Link to={`/Store/${p.storeId}/carritos`}>{chunks}</Link>,
            strong: (chunks) => <strong>{chunks}</strong>,
            orders: stats.recovered.orders,
            count: count(stats.recovered.orders),
            revenue: money(stats.recovered.revenue),
          }}
        />
      </p>

      <h3>{t({ id: "stats.series.title", defaultMessage: "Visitas y pedidos" })}</h3>
      <Chart series={stats.series} />
      <details className="stats-table-toggle">
        <summary>{t({ id: "stats.series.table", defaultMessage: "Ver la tabla" })}</summary>
        <div className="table-scroll">
          <table className="stats-table">
            <caption className="visually-hidden">
              {period.unit === "month"
                ? t({ id: "stats.series.captionMonth", defaultMessage: "Visitas y pedidos por mes" })
                : t({ id: "stats.series.captionDay", defaultMessage: "Visitas y pedidos por día" })}
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  {period.unit === "month"
                    ? t({ id: "stats.series.month", defaultMessage: "Mes" })
                    : t({ id: "stats.series.day", defaultMessage: "Día" })}
                </th>
                <th scope="col" className="num">
                  Visitas
                </th>
                <th scope="col" className="num">
                  Pedidos
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.series.map((s) => (
                <tr key={s.bucket}>
                  <th scope="row">{bucketLabel(s.bucket)}</th>
                  <td className="num">{count(s.visits)}</td>
                  <td className="num">{count(s.orders)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>

      <h3>{t({ id: "stats.funnel.title", defaultMessage: "Embudo" })}</h3>
      <ol className="stats-funnel">
        {funnel.map((f) => (
          <li key={f.label}>
            <span className="funnel-label">{f.label}</span>
            <span className="funnel-bar" aria-hidden="true">
              <span style={{ width: `${Math.round((f.value / funnelMax) * 100)}%` }} />
            </span>
            <strong className="num">{count(f.value)}</strong>
          </li>
        ))}
      </ol>

      <h3>{t({ id: "stats.sources.title", defaultMessage: "Por origen" })}</h3>
      {stats.sources.length === 0 ? (
        <p className="muted">{t({ id: "stats.sources.empty", defaultMessage: "Todavía no hay visitas en este período." })}</p>
      ) : (
        <div className="table-scroll">
          <table
            className="stats-table"
            aria-label={t({ id: "stats.sources.label", defaultMessage: "Visitas y pedidos por origen" })}
          >
            <thead>
              <tr>
                <th scope="col">{t({ id: "stats.sources.source", defaultMessage: "Origen" })}</th>
                <th scope="col" className="num">
                  Visitas
                </th>
                <th scope="col" className="num">
                  Carritos
                </th>
                <th scope="col" className="num">
                  Pedidos
                </th>
                <th scope="col" className="num">
                  Ventas
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.sources.map((s) => (
                <tr key={s.source}>
                  <th scope="row">
                    {s.source === "unknown"
                      ? t({ id: "stats.sources.unknown", defaultMessage: "Sin origen registrado" })
                      : sourceLabel(s.source, t)}
                  </th>
                  <td className="num">{count(s.visits)}</td>
                  <td className="num">{count(s.carts)}</td>
                  <td className="num">{count(s.orders)}</td>
                  <td className="num">{money(s.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3>{t({ id: "stats.topViewed.title", defaultMessage: "Productos más vistos" })}</h3>
      <ProductTable
        label={t({ id: "stats.topViewed.label", defaultMessage: "Productos más vistos" })}
        rows={stats.topViewed.map((v) => ({
          key: v.productId,
          name: productName(v.name),
          cells: [count(v.views), percent(v.cartRate)],
        }))}
        columns={[
          t({ id: "stats.topViewed.views", defaultMessage: "Vistas" }),
          t({ id: "stats.topViewed.cartRate", defaultMessage: "Al carrito" }),
        ]}
      />
      <h3>{t({ id: "stats.topUnits.title", defaultMessage: "Más vendidos" })}</h3>
      <ProductTable
        label={t({ id: "stats.topUnits.label", defaultMessage: "Productos con más unidades vendidas" })}
        rows={stats.topUnits.map((u) => ({
          key: u.productId ?? productName(u.name),
          name: productName(u.name),
          cells: [count(u.units), money(u.revenue)],
        }))}
        columns={[t(M.units), t(M.sales)]}
      />
      <h3>{t({ id: "stats.topRevenue.title", defaultMessage: "Más ingresos" })}</h3>
      <ProductTable
        label={t({ id: "stats.topRevenue.label", defaultMessage: "Productos con más ventas" })}
        rows={stats.topRevenue.map((r) => ({
          key: r.productId ?? productName(r.name),
          name: productName(r.name),
          cells: [money(r.revenue), count(r.units)],
        }))}
        columns={[t(M.sales), t(M.units)]}
      />
    </section>
  );
}

function ProductTable({
  label,
  rows,
  columns,
}: {
  label: string;
  rows: { key: string; name: string; cells: string[] }[];
  columns: string[];
}) {
  const t = useT();
  if (rows.length === 0) return <p className="muted">{t(M.empty)}</p>;
  return (
    <div className="table-scroll">
      <table className="stats-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t({ id: "stats.products.product", defaultMessage: "Producto" })}</th>
            {columns.map((c) => (
              <th key={c} scope="col" className="num">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.name}</th>
              {r.cells.map((cell, i) => (
                <td key={columns[i]} className="num">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Visits (above) and orders (below) per day or month, drawn on the server: an SVG image whose numbers are in the table. */
function Chart({ series }: { series: { bucket: string; visits: number; orders: number }[] }) {
  const width = 320;
  const half = 70;
  const gap = 24;
  const n = Math.max(1, series.length);
  const step = width / n;
  const bar = Math.max(1, step * 0.7);
  const maxVisits = Math.max(1, ...series.map((s) => s.visits));
  const maxOrders = Math.max(1, ...series.map((s) => s.orders));
  const totalVisits = series.reduce((sum, s) => sum + s.visits, 0);
  const totalOrders = series.reduce((sum, s) => sum + s.orders, 0);
  const first = series[0]?.bucket;
  const last = series.at(-1)?.bucket;
  const t = useT();
  return (
    <svg
      className="stats-chart"
      viewBox={`0 0 ${width} ${half * 2 + gap + 16}`}
      role="img"
      aria-labelledby="stats-chart-title stats-chart-desc"
    >
      <title id="stats-chart-title">{t({ id: "stats.chart.title", defaultMessage: "Visitas y pedidos del período" })}</title>
      <desc id="stats-chart-desc">
        {first && last
          ? t(
              {
                id: "stats.chart.descRange",
                defaultMessage:
                  "{visits} visitas y {orders} pedidos, de {first} a {last}. Los números de cada barra están en la tabla.",
              },
              {
                visits: count(totalVisits),
                orders: count(totalOrders),
                first: bucketLabel(first),
                last: bucketLabel(last),
              },
            )
          : t(
              {
                id: "stats.chart.desc",
                defaultMessage: "{visits} visitas y {orders} pedidos. Los números de cada barra están en la tabla.",
              },
              { visits: count(totalVisits), orders: count(totalOrders) },
            )}
      </desc>
      <text x="0" y="10" className="chart-label">
        {t({ id: "stats.chart.visitsAxis", defaultMessage: "Visitas (máx. {max})" }, { max: count(maxVisits) })}
      </text>
      <text x="0" y={half + gap - 2} className="chart-label">
        {t({ id: "stats.chart.ordersAxis", defaultMessage: "Pedidos (máx. {max})" }, { max: count(maxOrders) })}
      </text>
      {series.map((s, i) => {
        const x = i * step + (step - bar) / 2;
        const hv = (s.visits / maxVisits) * (half - 14);
        const ho = (s.orders / maxOrders) * (half - 14);
        return (
          <g key={s.bucket}>
            <rect x={x} y={half - hv} width={bar} height={hv} className="bar-visits" />
            <rect x={x} y={half * 2 + gap - ho} width={bar} height={ho} className="bar-orders" />
          </g>
        );
      })}
      <line x1="0" x2={width} y1={half} y2={half} className="chart-axis" />
      <line x1="0" x2={width} y1={half * 2 + gap} y2={half * 2 + gap} className="chart-axis" />
      {first && (
        <text x="0" y={half * 2 + gap + 14} className="chart-label">
          {bucketLabel(first)}
        </text>
      )}
      {last && last !== first && (
        <text x={width} y={half * 2 + gap + 14} textAnchor="end" className="chart-label">
          {bucketLabel(last)}
        </text>
      )}
    </svg>
  );
}
