import { Link } from "react-router";
import { REFS, withRef } from "~/domain/referral";
import { publicStoreUrl } from "~/services/config";
import { getServices } from "~/services/services";
import { CopyField } from "~/ui/copy-field";
import { ownedStoreContext } from "~/workspace/context.server";
import { storePageTitle } from "~/workspace/page-titles";
import { feedUrl } from "../feed-links";
import type { Route } from "./+types/sell-on-social";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: storePageTitle("Vender en redes", matches) }];

/** 'Vender en redes': the feeds the platforms read, how to connect them, and the store's links for each profile. */
export function loader({ context }: Route.LoaderArgs) {
  const { config } = getServices(context);
  const store = context.get(ownedStoreContext);
  const publicUrl = publicStoreUrl(config, store);
  const whatsapp = withRef(publicUrl, REFS.whatsapp);
  return {
    storeId: store.id,
    name: store.name,
    currency: store.currency,
    publicUrl,
    feeds: { meta: feedUrl(config, store, "meta"), google: feedUrl(config, store, "google") },
    share: {
      instagram: withRef(publicUrl, REFS.instagram),
      tiktok: withRef(publicUrl, REFS.tiktok),
      whatsapp,
      whatsappHref: `https://wa.me/?text=${encodeURIComponent(`¡Mira mi tienda ${store.name}! ${whatsapp}`)}`,
    },
  };
}

const external = { target: "_blank", rel: "noreferrer" } as const;

export default function SellOnSocial({ loaderData: p }: Route.ComponentProps) {
  return (
    <>
      <section className="panel wide" aria-labelledby="social-title">
        <h2 id="social-title">Vender en redes</h2>
        <p className="muted">
          Muestra tus productos en Instagram, Facebook, WhatsApp y Google. Cada plataforma lee tu catálogo desde una dirección de
          tu tienda y lo vuelve a leer todos los días: los precios, el stock y las fotos que cambies llegan solos.
        </p>
        <p className="muted">
          Los productos ocultos y los que no tienen foto no aparecen. Cada combinación de un producto con opciones (talla, color…)
          aparece como un artículo.
        </p>
        <p className="muted">
          Si además anuncias, en <Link to={`/Store/${p.storeId}/conversiones`}>Anuncios</Link> envías tus ventas a Meta y a Google
          Analytics.
        </p>
      </section>

      <section className="panel wide" aria-labelledby="meta-title">
        <h2 id="meta-title">Instagram, Facebook y WhatsApp</h2>
        <p>
          Instagram Shopping, la tienda de Facebook y el catálogo de WhatsApp Business muestran el mismo catálogo de Meta. Créalo
          una vez con esta dirección:
        </p>
        <CopyField id="feed-meta" label="Dirección del catálogo para Meta" value={p.feeds.meta} />
        <ol>
          <li>
            Entra a{" "}
            <a href="https://business.facebook.com/commerce" {...external}>
              Commerce Manager
            </a>{" "}
            con la cuenta de tu negocio en Meta.
          </li>
          <li>
            Toca <strong>Agregar catálogo</strong>, elige <strong>Comercio electrónico</strong> y ponle el nombre de tu tienda.
          </li>
          <li>
            En el catálogo, abre <strong>Artículos</strong> (u <strong>Orígenes de datos</strong>) y toca{" "}
            <strong>Agregar artículos</strong>.
          </li>
          <li>
            Elige <strong>Feed de datos</strong> y luego <strong>Feed programado</strong>.
          </li>
          <li>
            Pega la dirección de arriba, elige que se actualice <strong>todos los días</strong> y la moneda {p.currency}, y toca{" "}
            <strong>Subir</strong>.
          </li>
          <li>
            Conecta el catálogo donde quieras vender:
            <ul>
              <li>
                <strong>Instagram Shopping</strong> y <strong>tienda de Facebook</strong>: en Commerce Manager, crea tu tienda con
                este catálogo y elige tu cuenta profesional de Instagram y tu página de Facebook como canales de venta.
              </li>
              <li>
                <strong>Catálogo de WhatsApp Business</strong>: vincula tu cuenta de WhatsApp Business al mismo portafolio
                comercial de Meta y agrega esa cuenta en la configuración del catálogo, en Commerce Manager. Tus productos
                aparecen en el catálogo de tu perfil de WhatsApp.
              </li>
            </ul>
          </li>
        </ol>
        <p className="muted">Meta revisa los productos antes de mostrarlos: la primera vez puede tardar unos días.</p>
      </section>

      <section className="panel wide" aria-labelledby="google-title">
        <h2 id="google-title">Google</h2>
        <p>
          Con Google Merchant Center tus productos pueden aparecer gratis en Google (fichas gratuitas): en Shopping, en Imágenes y
          en la búsqueda. Usa esta dirección:
        </p>
        <CopyField id="feed-google" label="Dirección del catálogo para Google" value={p.feeds.google} />
        <ol>
          <li>
            Entra a{" "}
            <a href="https://merchants.google.com" {...external}>
              Google Merchant Center
            </a>{" "}
            y crea la cuenta de tu negocio. Como sitio web, escribe la dirección de tu tienda: {p.publicUrl}
          </li>
          <li>
            Abre <strong>Productos</strong> y toca <strong>Agregar productos</strong>.
          </li>
          <li>
            Elige <strong>Agregar productos desde un archivo</strong> y luego <strong>Agregar un vínculo a un archivo</strong>{" "}
            (feed programado).
          </li>
          <li>
            Pega la dirección de arriba y elige que Google la lea <strong>todos los días</strong>, en el país donde vendes y en
            español.
          </li>
          <li>
            En <strong>Crecimiento → Administrar programas</strong>, revisa que las <strong>fichas gratuitas</strong> estén
            activas.
          </li>
        </ol>
      </section>

      <section className="panel wide" aria-labelledby="profiles-title">
        <h2 id="profiles-title">Tu tienda en tus perfiles</h2>
        <p className="muted">Usa el enlace de cada red: lleva una marca (ref) que dice de dónde llegó cada visita a tu tienda.</p>
        <CopyField id="share-instagram" label="Para la biografía de Instagram" value={p.share.instagram} />
        <p className="field-hint">
          En Instagram: <strong>Editar perfil → Enlaces → Agregar enlace externo</strong>.
        </p>
        <CopyField id="share-tiktok" label="Para tu perfil de TikTok" value={p.share.tiktok} />
        <p className="field-hint">
          En TikTok: <strong>Editar perfil → Sitio web</strong> (en cuentas de empresa).
        </p>
        <CopyField id="share-whatsapp" label="Para tu estado de WhatsApp" value={p.share.whatsapp} />
        <p className="actions">
          <a className="button whatsapp" href={p.share.whatsappHref} {...external}>
            Compartir en WhatsApp
          </a>
        </p>
        <p className="field-hint">
          WhatsApp te deja elegir <strong>Mi estado</strong> entre los destinos.
        </p>
      </section>
    </>
  );
}
