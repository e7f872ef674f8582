import { Link } from "react-router";
import { STORE_CATEGORIES } from "~/domain/categories";
import { setupSteps } from "~/domain/setup-steps";
import { mayOpen, ROLE_LABELS, roleHome } from "~/domain/staff-roles";
import { ownVisitUrl } from "~/domain/visits";
import { counted, storesCount } from "~/domain/words";
import { publicStoreUrl } from "~/services/config";
import { fileUrl } from "~/services/files";
import { getServices } from "~/services/services";
import { QrDownloads, ShareLinks } from "~/stores/share-links";
import { listMemberStores, listStoreSummaries } from "~/stores/stores.server";
import { merchantContext } from "~/workspace/context.server";
import { ownerSetupFactsQuery, setupFactsOf } from "~/workspace/setup-progress.server";
import type { Route } from "./+types/store-list";

export const meta: Route.MetaFunction = () => [{ title: "Mis tiendas | Vitrina" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(merchantContext);
  const { db, config } = getServices(context);
  const [stores, facts, teams] = await db.batch([
    listStoreSummaries(db, user.id),
    ownerSetupFactsQuery(db, user.id),
    listMemberStores(db, user.id),
  ]);
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
    setup: nextSetup(stores, facts),
    stores: stores.map((s) => ({
      id: s.id,
      name: s.name,
      category: STORE_CATEGORIES.find((c) => c.id === s.category)?.name ?? "Otros",
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

type SetupRow = Awaited<ReturnType<typeof ownerSetupFactsQuery>>[number];

/**
 * The newest store whose first steps are not all done, with its next step: the home leads with finishing it (a new
 * merchant's only store) before 'Nueva tienda'. Null once every store is ready.
 */
function nextSetup(stores: Array<{ id: string; name: string }>, facts: SetupRow[]) {
  for (const store of stores) {
    const row = facts.find((fact) => fact.id === store.id);
    if (!row) continue;
    const steps = setupSteps(store.id, setupFactsOf([row], row));
    const next = steps.find((step) => !step.done);
    if (!next) continue;
    const done = steps.filter((step) => step.done).length;
    return { storeId: store.id, storeName: store.name, done, total: steps.length, next, named: stores.length > 1 };
  }
  return null;
}

/** 'Lo que falta para abrir tu tienda' on the home: the progress and the next step as the page's main action. */
function SetupNext({ setup }: { setup: NonNullable<Route.ComponentProps["loaderData"]["setup"]> }) {
  return (
    <section className="panel setup" aria-labelledby="setup-title">
      <h2 id="setup-title">{setup.named ? `Lo que falta para abrir ${setup.storeName}` : "Lo que falta para abrir tu tienda"}</h2>
      <p className="muted">
        <label htmlFor="setup-progress">
          {setup.done} de {setup.total} pasos listos
        </label>{" "}
        <progress id="setup-progress" max={setup.total} value={setup.done} />
      </p>
      <p className="actions">
        <Link to={setup.next.href} className="button">
          {setup.next.label}
        </Link>
        <Link to={`/Store/${setup.storeId}/info#setup-title`}>Ver todos los pasos</Link>
      </p>
    </section>
  );
}

/** The stores the user works on as staff, each marked with their role there. */
function TeamStores({ stores }: { stores: Route.ComponentProps["loaderData"]["teamStores"] }) {
  return (
    <>
      <h2>Tiendas en las que trabajas</h2>
      <ul className="store-list" aria-label="Tiendas en las que trabajas">
        {stores.map((store) => (
          <li key={store.id} className="store-card">
            {store.logo ? (
              <img src={store.logo} alt="" height={48} className="store-logo" />
            ) : (
              <span className="store-logo image-placeholder small" />
            )}
            <div className="grow">
              <strong>{store.name}</strong>
              <span className="muted"> · Tu rol: {store.role}</span>
              {store.pendingSales !== null && (
                <div className="muted small">
                  <Link to={`/Store/${store.id}/sales`}>
                    {counted(store.pendingSales, "venta pendiente", "ventas pendientes")}
                  </Link>
                </div>
              )}
            </div>
            <Link to={store.home} className="button secondary">
              Abrir
            </Link>
            <a href={ownVisitUrl(store.publicUrl)} target="_blank" rel="noreferrer">
              Visitar tienda
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function MerchantHome({ loaderData }: Route.ComponentProps) {
  const { stores, storesLimit, teamStores } = loaderData;
  if (!loaderData.ownPlan)
    return (
      <section>
        <h1>Hola, {loaderData.name}</h1>
        <TeamStores stores={teamStores} />
        <p className="muted">
          ¿Quieres tu propia tienda? <Link to="/plans">Elige un plan</Link>
        </p>
      </section>
    );
  return (
    <section>
      <h1>Hola, {loaderData.name}</h1>
      <p className="muted">
        Usas {stores.length} de {storesCount(storesLimit)} de tu plan.
      </p>
      {loaderData.setup && <SetupNext setup={loaderData.setup} />}
      <p className="actions">
        <Link to="/newStore" className={loaderData.setup ? "button secondary" : "button"}>
          Nueva tienda
        </Link>
        <Link to="/buyStore" className="button secondary">
          Comprar más tiendas
        </Link>
      </p>
      {teamStores.length > 0 && <TeamStores stores={teamStores} />}
      <h2>Tus tiendas</h2>
      <ul className="store-list" aria-label="Tiendas">
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
                {counted(store.products, "producto", "productos")} ·{" "}
                <Link to={`/Store/${store.id}/sales`}>{counted(store.pendingSales, "venta pendiente", "ventas pendientes")}</Link>
              </div>
              {!store.takesWhatsappOrders && (
                <div className="small warning">
                  Sin número de WhatsApp de ventas: los pedidos te llegan solo por correo.{" "}
                  <Link to={`/Store/${store.id}/info#info`}>Agregar número</Link>
                </div>
              )}
            </div>
            <Link to={`/Store/${store.id}/info`} className="button secondary">
              Administrar
            </Link>
            <a href={ownVisitUrl(store.publicUrl)} target="_blank" rel="noreferrer">
              Visitar tienda
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
