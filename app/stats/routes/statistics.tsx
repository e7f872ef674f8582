// 'Estadísticas': the store's visits, sources, funnel and best products for a period, compared with the one before
// (docs/decisions/0051-visit-statistics.md). Plain GET links and a GET form: it works without JavaScript.
import { Form, Link } from "react-router";
import { formatMoney } from "~/domain/money";
import { safeTimeZone } from "~/domain/sales";
import { PERIODS, type Period, parsePeriod } from "~/domain/statistics";
import { sourceLabel } from "~/domain/visits";
import { getServices } from "~/services/services";
import { ownedStoreContext } from "~/workspace/context.server";
import { storePageTitle } from "~/workspace/page-titles";
import { loadStatistics, storeDay } from "../statistics.server";
import type { Route } from "./+types/statistics";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: storePageTitle("Estadísticas", matches) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { db, clock } = getServices(context);
  const zone = { id: store.id, timeZone: safeTimeZone(store.timeZone) };
  const today = storeDay(clock.now(), zone);
  const period = parsePeriod(new URL(request.url).searchParams, today);
  const stats = await loadStatistics(db, zone, period);
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

function periodText(period: Pick<Period, "from" | "to">) {
  return period.from === period.to ? dayLabel(period.from) : `${dayLabel(period.from)} – ${dayLabel(period.to)}`;
}

function Change({ value }: { value: number | null }) {
  if (value === null) return <span className="stat-change muted">sin datos antes</span>;
  const text = signed.format(value);
  return (
    <span className={`stat-change ${value > 0 ? "up" : value < 0 ? "down" : ""}`}>
      {text} <span className="visually-hidden">respecto al período anterior</span>
    </span>
  );
}

export default function StatisticsPage({ loaderData: p }: Route.ComponentProps) {
  const { stats, period, currency, country } = p;
  const base = `/Store/${p.storeId}/estadisticas`;
  const money = (minor: number | null) => (minor === null ? "—" : formatMoney(minor, currency, country));
  const c = stats.current;
  const cards: { label: string; value: string; change?: number | null; before: string }[] = [
    { label: "Visitas", value: count(c.visits), change: stats.changes.visits, before: count(stats.previous.visits) },
    {
      label: "Visitantes únicos",
      value: count(c.visitors),
      change: stats.changes.visitors,
      before: count(stats.previous.visitors),
    },
    { label: "Pedidos", value: count(c.orders), change: stats.changes.orders, before: count(stats.previous.orders) },
    { label: "Ventas", value: money(c.revenue), change: stats.changes.revenue, before: money(stats.previous.revenue) },
    { label: "Conversión", value: percent(c.conversion), before: percent(stats.previous.conversion) },
    { label: "Ticket promedio", value: money(c.averageTicket), before: money(stats.previous.averageTicket) },
  ];
  const funnel = [
    { label: "Visitas", value: c.visits },
    { label: "Vieron un producto", value: c.productViews },
    { label: "Carritos", value: c.carts },
    { label: "Iniciaron el pago", value: c.checkouts },
    { label: "Pedidos", value: c.orders },
    { label: "Pagados", value: c.paid },
  ];
  const funnelMax = Math.max(1, ...funnel.map((f) => f.value));
  return (
    <section className="stats" aria-labelledby="stats-title">
      <h2 id="stats-title">Estadísticas</h2>
      <nav className="stats-periods" aria-label="Período">
        {(Object.keys(PERIODS) as (keyof typeof PERIODS)[]).map((key) => (
          <Link key={key} to={`${base}?periodo=${key}`} aria-current={period.key === key ? "page" : undefined}>
            {PERIODS[key]}
          </Link>
        ))}
      </nav>
      <Form method="get" action={base} className="stats-range">
        <div className="field">
          <label htmlFor="stats-from">Desde</label>
          <input id="stats-from" name="desde" type="date" max={p.today} defaultValue={period.from} required />
        </div>
        <div className="field">
          <label htmlFor="stats-to">Hasta</label>
          <input id="stats-to" name="hasta" type="date" max={p.today} defaultValue={period.to} required />
        </div>
        <button type="submit" className="button secondary">
          Ver
        </button>
      </Form>
      <p className="muted">
        {periodText(period)}, comparado con {periodText(period.previous)}. Se cuentan las visitas sin cookies ni datos personales;
        tus propias visitas con la sesión abierta no cuentan.
      </p>

      <ul className="stats-cards">
        {cards.map((card) => (
          <li key={card.label}>
            <span className="stat-label">{card.label}</span>
            <strong className="stat-value">{card.value}</strong>
            {card.change !== undefined ? <Change value={card.change} /> : null}
            <span className="stat-before muted">Antes: {card.before}</span>
          </li>
        ))}
      </ul>
      <p className="stats-recovered">
        Recuperados de <Link to={`/Store/${p.storeId}/carritos`}>carritos abandonados</Link>:{" "}
        <strong>
          {stats.recovered.orders === 1 ? "1 pedido" : `${count(stats.recovered.orders)} pedidos`} ·{" "}
          {money(stats.recovered.revenue)}
        </strong>
      </p>

      <h3>Visitas y pedidos</h3>
      <Chart series={stats.series} />
      <details className="stats-table-toggle">
        <summary>Ver la tabla</summary>
        <div className="table-scroll">
          <table className="stats-table">
            <caption className="visually-hidden">Visitas y pedidos por {period.unit === "month" ? "mes" : "día"}</caption>
            <thead>
              <tr>
                <th scope="col">{period.unit === "month" ? "Mes" : "Día"}</th>
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

      <h3>Embudo</h3>
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

      <h3>Por origen</h3>
      {stats.sources.length === 0 ? (
        <p className="muted">Todavía no hay visitas en este período.</p>
      ) : (
        <div className="table-scroll">
          <table className="stats-table" aria-label="Visitas y pedidos por origen">
            <thead>
              <tr>
                <th scope="col">Origen</th>
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
                  <th scope="row">{s.source === "unknown" ? "Sin origen registrado" : sourceLabel(s.source)}</th>
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

      <h3>Productos más vistos</h3>
      <ProductTable
        label="Productos más vistos"
        rows={stats.topViewed.map((t) => ({
          key: t.productId,
          name: t.name,
          cells: [count(t.views), percent(t.cartRate)],
        }))}
        columns={["Vistas", "Al carrito"]}
      />
      <h3>Más vendidos</h3>
      <ProductTable
        label="Productos con más unidades vendidas"
        rows={stats.topUnits.map((t) => ({
          key: t.productId ?? t.name,
          name: t.name,
          cells: [count(t.units), money(t.revenue)],
        }))}
        columns={["Unidades", "Ventas"]}
      />
      <h3>Más ingresos</h3>
      <ProductTable
        label="Productos con más ventas"
        rows={stats.topRevenue.map((t) => ({
          key: t.productId ?? t.name,
          name: t.name,
          cells: [money(t.revenue), count(t.units)],
        }))}
        columns={["Ventas", "Unidades"]}
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
  if (rows.length === 0) return <p className="muted">Nada todavía en este período.</p>;
  return (
    <div className="table-scroll">
      <table className="stats-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Producto</th>
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
  return (
    <svg
      className="stats-chart"
      viewBox={`0 0 ${width} ${half * 2 + gap + 16}`}
      role="img"
      aria-labelledby="stats-chart-title stats-chart-desc"
    >
      <title id="stats-chart-title">Visitas y pedidos del período</title>
      <desc id="stats-chart-desc">
        {`${count(totalVisits)} visitas y ${count(totalOrders)} pedidos${first && last ? `, de ${bucketLabel(first)} a ${bucketLabel(last)}` : ""}. Los números de cada barra están en la tabla.`}
      </desc>
      <text x="0" y="10" className="chart-label">{`Visitas (máx. ${count(maxVisits)})`}</text>
      <text x="0" y={half + gap - 2} className="chart-label">{`Pedidos (máx. ${count(maxOrders)})`}</text>
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
