import { Link } from "react-router";
import { STORE_CATEGORIES } from "~/domain/categories";
import { defineMessage, type Translate } from "~/domain/messages";
import { setupSteps } from "~/domain/setup-steps";
import { mayOpen, ROLE_LABELS, roleHome } from "~/domain/staff-roles";
import { ownVisitUrl } from "~/domain/visits";
import { publicStoreUrl } from "~/services/config";
import { fileUrl } from "~/services/files";
import { getServices } from "~/services/services";
import { storeListReads } from "~/stores/page-reads.server";
import { QrDownloads, ShareLinks } from "~/stores/share-links";
import { Rich, useT } from "~/ui/messages";
import { merchantContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { accountPageTitle, metaT } from "~/workspace/page-titles";
import { type ownerSetupFactsQuery, setupFactsOf } from "~/workspace/setup-progress.server";
import type { Route } from "./+types/store-list";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: accountPageTitle(t({ id: "merchant.home.pageTitle", defaultMessage: "Mis tiendas" })) }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = context.get(merchantContext);
  const { config } = getServices(context);
  const t = merchantT(context);
  const [stores, facts, teams] = await readPage(context, storeListReads, { request, params });
  return {
    name: user.name,
    // A member without a plan of their own: no stores of their own to count, nor to add without choosing a plan.
    ownPlan: user.trialStarted,
    teamStores: teams.map((s) => ({
      id: s.id,
      name: s.name,
      role: ROLE_LABELS[s.role],
      home: `/Store/${s.id}/${roleHome(s.role)}`,
      publicUrl: publicStoreUrl(config, s),
      logo: s.logoKey ? fileUrl(s.logoKey) : null,
      pendingSales: mayOpen(s.role, "sales") ? s.pendingSales : null,
    })),
    storesLimit: user.storesLimit,
    setup: nextSetup(stores, facts, t),
    stores: stores.map((s) => ({
      id: s.id,
      name: s.name,
      category:
        STORE_CATEGORIES.find((c) => c.id === s.category)?.name ??
        t({ id: "merchant.home.otherCategory", defaultMessage: "Otros" }),
      publicUrl: publicStoreUrl(config, s),
      logo: s.logoKey ? fileUrl(s.logoKey) : null,
      qrPng: s.qrPngKey ? fileUrl(s.qrPngKey) : null,
      qrSvg: s.qrSvgKey ? fileUrl(s.qrSvgKey) : null,
      products: s.products,
      pendingSales: s.pendingSales,
      takesWhatsappOrders: s.saleNumber !== "",
    })),
  };
}

const OWN_STORE = defineMessage({
  id: "merchant.home.ownStore",
  defaultMessage: "¿Quieres tu propia tienda? <plans>Elige un plan</plans>",
});

type SetupRow = Awaited<ReturnType<typeof ownerSetupFactsQuery>>[number];

/**
 * The newest store whose first steps are not all done, with its next step: the home leads with finishing it (a new
 * merchant's only store) before 'Nueva tienda'. Null once every store is ready.
 */
function nextSetup(stores: Array<{ id: string; name: string }>, facts: SetupRow[], t: Translate) {
  for (const store of stores) {
    const row = facts.find((fact) => fact.id === store.id);
    if (!row) continue;
    const steps = setupSteps(store.id, setupFactsOf([row], row), t);
    const next = steps.find((step) => !step.done);
    if (!next) continue;
    const done = steps.filter((step) => step.done).length;
    return { storeId: store.id, storeName: store.name, done, total: steps.length, next, named: stores.length > 1 };
  }
  return null;
}

/** 'Lo que falta para abrir tu tienda' on the home: the progress and the next step as the page's main action. */
function SetupNext({ setup }: { setup: NonNullable<Route.ComponentProps["loaderData"]["setup"]> }) {
  const t = useT();
  return (
    <section className="panel setup" aria-labelledby="setup-title">
      <h2 id="setup-title">
        {setup.named
          ? t({ id: "merchant.home.setup.named", defaultMessage: "Lo que falta para abrir {store}" }, { store: setup.storeName })
          : t({ id: "merchant.home.setup.title", defaultMessage: "Lo que falta para abrir tu tienda" })}
      </h2>
      <p className="muted">
        <label htmlFor="setup-progress">
          {t(
            { id: "merchant.home.setup.progress", defaultMessage: "{done} de {total} pasos listos" },
            { done: setup.done, total: setup.total },
          )}
        </label>{" "}
        <progress id="setup-progress" max={setup.total} value={setup.done} />
      </p>
      <p className="actions">
        <Link to={setup.next.href} className="button">
          {setup.next.label}
        </Link>
        <Link to={`/Store/${setup.storeId}/info#setup-title`}>
          {t({ id: "merchant.home.setup.allSteps", defaultMessage: "Ver todos los pasos" })}
        </Link>
      </p>
    </section>
  );
}

/** The stores the user works on as staff, each marked with their role there. */
function TeamStores({ stores }: { stores: Route.ComponentProps["loaderData"]["teamStores"] }) {
  const t = useT();
  const title = t({ id: "merchant.home.teamStores", defaultMessage: "Tiendas en las que trabajas" });
  return (
    <>
      <h2>{title}</h2>
      <ul className="store-list" aria-label={title}>
        {stores.map((store) => (
          <li key={store.id} className="store-card">
            {store.logo ? (
              <img src={store.logo} alt="" height={48} className="store-logo" />
            ) : (
              <span className="store-logo image-placeholder small" />
            )}
            <div className="grow">
              <strong>{store.name}</strong>
              <span className="muted">
                {" · "}
                {t({ id: "merchant.home.role", defaultMessage: "Tu rol: {role}" }, { role: store.role })}
              </span>
              {store.pendingSales !== null && (
                <div className="muted small">
                  <Link to={`/Store/${store.id}/sales`}>{t(PENDING_SALES, { count: store.pendingSales })}</Link>
                </div>
              )}
            </div>
            <Link to={store.home} className="button secondary">
              {t({ id: "merchant.home.open", defaultMessage: "Abrir" })}
            </Link>
            <a href={ownVisitUrl(store.publicUrl)} target="_blank" rel="noreferrer">
              {t(VISIT)}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

const PENDING_SALES = defineMessage({
  id: "merchant.home.pendingSales",
  defaultMessage: "{count, plural, one {{count} venta pendiente} other {{count} ventas pendientes}}",
});
const VISIT = defineMessage({ id: "merchant.home.visitStore", defaultMessage: "Visitar tienda" });

export default function MerchantHome({ loaderData }: Route.ComponentProps) {
  const { stores, storesLimit, teamStores } = loaderData;
  const t = useT();
  const hello = t({ id: "merchant.home.hello", defaultMessage: "Hola, {name}" }, { name: loaderData.name });
  if (!loaderData.ownPlan)
    return (
      <section>
        <h1>{hello}</h1>
        <TeamStores stores={teamStores} />
        <p className="muted">
          <Rich message={OWN_STORE} values={{ plans: (chunks) => <Link to="/plans">{chunks}</Link> }} />
        </p>
      </section>
    );
  return (
    <section>
      <h1>{hello}</h1>
      <p className="muted">
        {t(
          {
            id: "merchant.home.usage",
            defaultMessage: "Usas {count} de {limit, plural, one {{limit} tienda} other {{limit} tiendas}} de tu plan.",
          },
          { count: stores.length, limit: storesLimit },
        )}
      </p>
      {loaderData.setup && <SetupNext setup={loaderData.setup} />}
      <p className="actions">
        <Link to="/newStore" className={loaderData.setup ? "button secondary" : "button"}>
          {t({ id: "merchant.home.newStore", defaultMessage: "Nueva tienda" })}
        </Link>
        <Link to="/buyStore" className="button secondary">
          {t({ id: "merchant.home.buyStores", defaultMessage: "Comprar más tiendas" })}
        </Link>
      </p>
      {teamStores.length > 0 && <TeamStores stores={teamStores} />}
      <h2>{t({ id: "merchant.home.yourStores", defaultMessage: "Tus tiendas" })}</h2>
      <ul className="store-list" aria-label={t({ id: "merchant.home.storesLabel", defaultMessage: "Tiendas" })}>
        {stores.map((store) => (
          <li key={store.id} className="store-card">
            {store.logo ? (
              <img src={store.logo} alt="" height={48} className="store-logo" />
            ) : (
              <span className="store-logo image-placeholder small" />
            )}
            <div className="grow">
              <strong>{store.name}</strong>
              <span className="muted"> · {store.category}</span>
              <div className="muted small">
                {t(
                  {
                    id: "merchant.home.products",
                    defaultMessage: "{count, plural, one {{count} producto} other {{count} productos}}",
                  },
                  { count: store.products },
                )}{" "}
                · <Link to={`/Store/${store.id}/sales`}>{t(PENDING_SALES, { count: store.pendingSales })}</Link>
              </div>
              {!store.takesWhatsappOrders && (
                <div className="small warning">
                  {t({
                    id: "merchant.home.noWhatsapp",
                    defaultMessage: "Sin número de WhatsApp de ventas: los pedidos te llegan solo por correo.",
                  })}{" "}
                  <Link to={`/Store/${store.id}/info#info`}>
                    {t({ id: "merchant.home.addNumber", defaultMessage: "Agregar número" })}
                  </Link>
                </div>
              )}
            </div>
            <Link to={`/Store/${store.id}/info`} className="button secondary">
              {t({ id: "merchant.home.manage", defaultMessage: "Administrar" })}
            </Link>
            <a href={ownVisitUrl(store.publicUrl)} target="_blank" rel="noreferrer">
              {t(VISIT)}
            </a>
            <div className="store-share">
              <ShareLinks id={store.id} name={store.name} url={store.publicUrl} />
              <QrDownloads id={store.id} png={store.qrPng} svg={store.qrSvg} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
