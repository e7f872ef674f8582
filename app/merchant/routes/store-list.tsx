import { Link } from "react-router";
import { STORE_CATEGORIES } from "~/domain/categories";
import { ownVisitUrl } from "~/domain/visits";
import { counted, storesCount } from "~/domain/words";
import { publicStoreUrl } from "~/services/config";
import { fileUrl } from "~/services/files";
import { getServices } from "~/services/services";
import { QrDownloads, ShareLinks } from "~/stores/share-links";
import { listStoreSummaries } from "~/stores/stores.server";
import { merchantContext } from "~/workspace/context.server";
import type { Route } from "./+types/store-list";

export const meta: Route.MetaFunction = () => [{ title: "Mis tiendas | Vitrina" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(merchantContext);
  const { db, config } = getServices(context);
  const stores = await listStoreSummaries(db, user.id);
  return {
    name: user.name,
    storesLimit: user.storesLimit,
    stores: stores.map((s) => ({
      id: s.id,
      name: s.name,
      category: STORE_CATEGORIES.find((c) => c.id === s.category)?.name ?? "Otros",
      publicUrl: publicStoreUrl(config, s.url),
      logo: s.logoKey ? fileUrl(s.logoKey) : null,
      qrPng: s.qrPngKey ? fileUrl(s.qrPngKey) : null,
      qrSvg: s.qrSvgKey ? fileUrl(s.qrSvgKey) : null,
      products: s.products,
      pendingSales: s.pendingSales,
      takesWhatsappOrders: s.saleNumber !== "",
    })),
  };
}

export default function MerchantHome({ loaderData }: Route.ComponentProps) {
  const { stores, storesLimit } = loaderData;
  return (
    <section>
      <h1>Hola, {loaderData.name}</h1>
      <p className="muted">
        Usas {stores.length} de {storesCount(storesLimit)} de tu plan.
      </p>
      <p className="actions">
        <Link to="/newStore" className="button">
          Nueva tienda
        </Link>
        <Link to="/buyStore" className="button secondary">
          Comprar más tiendas
        </Link>
      </p>
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
