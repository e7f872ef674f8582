// 'Actividad': who changed what in the store, newest first, a page at a time, with filters and a CSV.
import { data, Form, Link } from "react-router";
import { ACTIVITY_KIND_IDS, ACTIVITY_KINDS, activityQueryString, activityValueText, kindLabel } from "~/domain/activity";
import { formatSaleDate } from "~/domain/sales";
import { FormError, SelectField } from "~/ui/form";
import { useT } from "~/ui/messages";
import { activityPageOf } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { activityQueryOf, activityReads } from "../page-reads.server";
import type { Route } from "./+types/activity";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "activity.pageTitle.title", defaultMessage: "Actividad" }), matches) }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const t = merchantT(context);
  const { parsed, query } = activityQueryOf(new URL(request.url), t);
  const page = activityPageOf(await readPage(context, activityReads, { request, params }), t);
  const answer = {
    storeId: store.id,
    query,
    error: parsed.ok ? null : parsed.error,
    people: page.people,
    entries: page.entries.map((e) => ({
      id: e.id,
      at: formatSaleDate(e.at, store.timeZone),
      who: e.actorLabel,
      kind: kindLabel(e.kind),
      summary: e.summary,
      before: activityValueText(e.before, store.country),
      after: activityValueText(e.after, store.country),
      sale: (e.kind === "sale" || e.kind === "delivery") && e.subject ? e.subject : null,
    })),
    next: page.next ? activityQueryString({ ...query, before: page.next }) : null,
  };
  return parsed.ok ? answer : data(answer, { status: 400 });
}

export default function Activity({ loaderData: page }: Route.ComponentProps) {
  const base = `/Store/${page.storeId}/actividad`;
  const { query } = page;
  const filters = activityQueryString({ ...query, before: null });
  const filtered = Boolean(query.actor || query.kind || query.from || query.to);
  const t = useT();
  return (
    <section className="activity" aria-labelledby="activity-title">
      <h2 id="activity-title">{t({ id: "activity.page.title", defaultMessage: "Actividad" })}</h2>
      <p className="muted">
        {t({
          id: "activity.page.intro",
          defaultMessage:
            "Quién cambió qué en tu tienda en los últimos 12 meses: productos, precios, stock, ventas, envíos y configuración. Los datos de tus clientes no aparecen aquí: cada venta se nombra por su código.",
        })}
      </p>
      <Form method="get" className="customers-tools activity-filters" key={filters}>
        <SelectField
          id="activity-person"
          label={t({ id: "activity.filters.person", defaultMessage: "Persona" })}
          name="persona"
          defaultValue={query.actor ?? ""}
          options={[
            { value: "", label: t({ id: "activity.filters.allPeople", defaultMessage: "Todas" }) },
            ...page.people.map((p) => ({ value: p.userId, label: p.label })),
          ]}
        />
        <SelectField
          id="activity-kind"
          label={t({ id: "activity.filters.kind", defaultMessage: "Tipo de cambio" })}
          name="tipo"
          defaultValue={query.kind ?? ""}
          options={[
            { value: "", label: t({ id: "activity.filters.allKinds", defaultMessage: "Todos" }) },
            ...ACTIVITY_KIND_IDS.map((k) => ({ value: k, label: ACTIVITY_KINDS[k] })),
          ]}
        />
        <div className="field">
          <label htmlFor="activity-from">{t({ id: "activity.filters.from", defaultMessage: "Desde" })}</label>
          <input id="activity-from" name="desde" type="date" defaultValue={query.from ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="activity-to">{t({ id: "activity.filters.to", defaultMessage: "Hasta" })}</label>
          <input id="activity-to" name="hasta" type="date" defaultValue={query.to ?? ""} />
        </div>
        <button type="submit" className="button">
          {t({ id: "activity.filters.submit", defaultMessage: "Filtrar" })}
        </button>
        <a href={`/Store/${page.storeId}/actividad.csv${filters ? `?${filters}` : ""}`} className="button secondary" download>
          {t({ id: "activity.filters.export", defaultMessage: "Exportar CSV" })}
        </a>
      </Form>
      <FormError message={page.error} />
      {page.entries.length === 0 ? (
        <p className="muted">
          {filtered
            ? t({ id: "activity.list.noMatch", defaultMessage: "Ningún cambio coincide con estos filtros." })
            : t({ id: "activity.list.empty", defaultMessage: "Aún no hay cambios registrados en tu tienda." })}
        </p>
      ) : (
        <ol className="activity-list">
          {page.entries.map((e) => (
            <li key={e.id}>
              <span className="activity-summary">
                {e.sale ? <Link to={`/Store/${page.storeId}/sales/${e.sale}`}>{e.summary}</Link> : e.summary}
              </span>
              {(e.before || e.after) && (
                <span className="activity-change">
                  <span>{e.before || "—"}</span> → <strong>{e.after || "—"}</strong>
                </span>
              )}
              <span className="muted">
                {e.kind} · {e.who} · {e.at}
              </span>
            </li>
          ))}
        </ol>
      )}
      {page.next && (
        <p className="sales-more">
          <Link to={`${base}?${page.next}`} className="button secondary" preventScrollReset>
            {t({ id: "activity.list.older", defaultMessage: "Ver cambios anteriores" })}
          </Link>
        </p>
      )}
    </section>
  );
}
