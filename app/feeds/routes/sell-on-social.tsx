import type { ReactNode } from "react";
import { Link } from "react-router";
import { storeTranslator } from "~/domain/message-catalogs";
import { defineMessages } from "~/domain/messages";
import { REFS, withRef } from "~/domain/referral";
import { publicStoreUrl } from "~/services/config";
import { getServices } from "~/services/services";
import { CopyField } from "~/ui/copy-field";
import { Rich, useT } from "~/ui/messages";
import { ownedStoreContext } from "~/workspace/context.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { feedUrl } from "../feed-links";
import type { Route } from "./+types/sell-on-social";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "feeds.pageTitle.title", defaultMessage: "Vender en redes" }), matches) }];
};

/** 'Vender en redes': the feeds the platforms read, how to connect them, and the store's links for each profile. */
export function loader({ context }: Route.LoaderArgs) {
  const { config } = getServices(context);
  const store = context.get(ownedStoreContext);
  const publicUrl = publicStoreUrl(config, store);
  const whatsapp = withRef(publicUrl, REFS.whatsapp);
  const t = storeTranslator(store);
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
      // Buyers read it: in the store's country's words.
      whatsappHref: `https://wa.me/?text=${encodeURIComponent(
        t(
          { id: "whatsapp.shareStore.message", defaultMessage: "¡Mira mi tienda {name}! {link}" },
          { name: store.name, link: whatsapp },
        ),
      )}`,
    },
  };
}

const external = { target: "_blank", rel: "noreferrer" } as const;

/** The page's sentences with a link or bold words (the steps name the platforms' buttons as they read). */
const R = defineMessages({
  ads: {
    id: "feeds.social.ads",
    defaultMessage: "Si además anuncias, en <link>Anuncios</link> envías tus ventas a Meta y a Google Analytics.",
  },
  metaStep1: {
    id: "feeds.meta.step1",
    defaultMessage: "Entra a <link>Commerce Manager</link> con la cuenta de tu negocio en Meta.",
  },
  metaStep2: {
    id: "feeds.meta.step2",
    defaultMessage: "Toca <b>Agregar catálogo</b>, elige <b>Comercio electrónico</b> y ponle el nombre de tu tienda.",
  },
  metaStep3: {
    id: "feeds.meta.step3",
    defaultMessage: "En el catálogo, abre <b>Artículos</b> (u <b>Orígenes de datos</b>) y toca <b>Agregar artículos</b>.",
  },
  metaStep4: {
    id: "feeds.meta.step4",
    defaultMessage: "Elige <b>Feed de datos</b> y luego <b>Feed programado</b>.",
  },
  metaStep5: {
    id: "feeds.meta.step5",
    defaultMessage:
      "Pega la dirección de arriba, elige que se actualice <b>todos los días</b> y la moneda {currency}, y toca <b>Subir</b>.",
  },
  metaShops: {
    id: "feeds.meta.shops",
    defaultMessage:
      "<b>Instagram Shopping</b> y <b>tienda de Facebook</b>: en Commerce Manager, crea tu tienda con este catálogo y elige tu cuenta profesional de Instagram y tu página de Facebook como canales de venta.",
  },
  metaWhatsapp: {
    id: "feeds.meta.whatsapp",
    defaultMessage:
      "<b>Catálogo de WhatsApp Business</b>: vincula tu cuenta de WhatsApp Business al mismo portafolio comercial de Meta y agrega esa cuenta en la configuración del catálogo, en Commerce Manager. Tus productos aparecen en el catálogo de tu perfil de WhatsApp.",
  },
  googleStep1: {
    id: "feeds.google.step1",
    defaultMessage:
      "Entra a <link>Google Merchant Center</link> y crea la cuenta de tu negocio. Como sitio web, escribe la dirección de tu tienda: {url}",
  },
  googleStep2: {
    id: "feeds.google.step2",
    defaultMessage: "Abre <b>Productos</b> y toca <b>Agregar productos</b>.",
  },
  googleStep3: {
    id: "feeds.google.step3",
    defaultMessage:
      "Elige <b>Agregar productos desde un archivo</b> y luego <b>Agregar un vínculo a un archivo</b> (feed programado).",
  },
  googleStep4: {
    id: "feeds.google.step4",
    defaultMessage:
      "Pega la dirección de arriba y elige que Google la lea <b>todos los días</b>, en el país donde vendes y en español.",
  },
  googleStep5: {
    id: "feeds.google.step5",
    defaultMessage: "En <b>Crecimiento → Administrar programas</b>, revisa que las <b>fichas gratuitas</b> estén activas.",
  },
  instagramHint: {
    id: "feeds.profiles.bioHint",
    defaultMessage: "En Instagram: <b>Editar perfil → Enlaces → Agregar enlace externo</b>.",
  },
  tiktokHint: {
    id: "feeds.profiles.tiktokHint",
    defaultMessage: "En TikTok: <b>Editar perfil → Sitio web</b> (en cuentas de empresa).",
  },
  whatsappHint: {
    id: "feeds.profiles.whatsappHint",
    defaultMessage: "WhatsApp te deja elegir <b>Mi estado</b> entre los destinos.",
  },
});

const b = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

export default function SellOnSocial({ loaderData: p }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <section className="panel wide" aria-labelledby="social-title">
        <h2 id="social-title">{t({ id: "feeds.social.title", defaultMessage: "Vender en redes" })}</h2>
        <p className="muted">
          {t({
            id: "feeds.social.intro",
            defaultMessage:
              "Muestra tus productos en Instagram, Facebook, WhatsApp y Google. Cada plataforma lee tu catálogo desde una dirección de tu tienda y lo vuelve a leer todos los días: los precios, el stock y las fotos que cambies llegan solos.",
          })}
        </p>
        <p className="muted">
          {t({
            id: "feeds.social.hidden",
            defaultMessage:
              "Los productos ocultos y los que no tienen foto no aparecen. Cada combinación de un producto con opciones (talla, color…) aparece como un artículo.",
          })}
        </p>
        <p className="muted">
          <Rich message={R.ads} values={{ link: (chunks) => <Link to={`/Store/${p.storeId}/conversiones`}>{chunks}</Link> }} />
        </p>
      </section>

      <section className="panel wide" aria-labelledby="meta-title">
        <h2 id="meta-title">{t({ id: "feeds.meta.title", defaultMessage: "Instagram, Facebook y WhatsApp" })}</h2>
        <p>
          {t({
            id: "feeds.meta.intro",
            defaultMessage:
              "Instagram Shopping, la tienda de Facebook y el catálogo de WhatsApp Business muestran el mismo catálogo de Meta. Créalo una vez con esta dirección:",
          })}
        </p>
        <CopyField
          id="feed-meta"
          label={t({ id: "feeds.meta.address", defaultMessage: "Dirección del catálogo para Meta" })}
          value={p.feeds.meta}
        />
        <ol>
          <li>
            <Rich
              message={R.metaStep1}
              values={{
                link: (chunks) => (
                  <a href="https://business.facebook.com/commerce" {...external}>
                    {chunks}
                  </a>
                ),
              }}
            />
          </li>
          <li>
            <Rich message={R.metaStep2} values={{ b }} />
          </li>
          <li>
            <Rich message={R.metaStep3} values={{ b }} />
          </li>
          <li>
            <Rich message={R.metaStep4} values={{ b }} />
          </li>
          <li>
            <Rich message={R.metaStep5} values={{ b, currency: p.currency }} />
          </li>
          <li>
            {t({ id: "feeds.meta.step6", defaultMessage: "Conecta el catálogo donde quieras vender:" })}
            <ul>
              <li>
                <Rich message={R.metaShops} values={{ b }} />
              </li>
              <li>
                <Rich message={R.metaWhatsapp} values={{ b }} />
              </li>
            </ul>
          </li>
        </ol>
        <p className="muted">
          {t({
            id: "feeds.meta.review",
            defaultMessage: "Meta revisa los productos antes de mostrarlos: la primera vez puede tardar unos días.",
          })}
        </p>
      </section>

      <section className="panel wide" aria-labelledby="google-title">
        <h2 id="google-title">Google</h2>
        <p>
          {t({
            id: "feeds.google.intro",
            defaultMessage:
              "Con Google Merchant Center tus productos pueden aparecer gratis en Google (fichas gratuitas): en Shopping, en Imágenes y en la búsqueda. Usa esta dirección:",
          })}
        </p>
        <CopyField
          id="feed-google"
          label={t({ id: "feeds.google.address", defaultMessage: "Dirección del catálogo para Google" })}
          value={p.feeds.google}
        />
        <ol>
          <li>
            <Rich
              message={R.googleStep1}
              values={{
                url: p.publicUrl,
                link: (chunks) => (
                  <a href="https://merchants.google.com" {...external}>
                    {chunks}
                  </a>
                ),
              }}
            />
          </li>
          <li>
            <Rich message={R.googleStep2} values={{ b }} />
          </li>
          <li>
            <Rich message={R.googleStep3} values={{ b }} />
          </li>
          <li>
            <Rich message={R.googleStep4} values={{ b }} />
          </li>
          <li>
            <Rich message={R.googleStep5} values={{ b }} />
          </li>
        </ol>
      </section>

      <section className="panel wide" aria-labelledby="profiles-title">
        <h2 id="profiles-title">{t({ id: "feeds.profiles.title", defaultMessage: "Tu tienda en tus perfiles" })}</h2>
        <p className="muted">
          {t({
            id: "feeds.profiles.intro",
            defaultMessage: "Usa el enlace de cada red: lleva una marca (ref) que dice de dónde llegó cada visita a tu tienda.",
          })}
        </p>
        <CopyField
          id="share-instagram"
          label={t({ id: "feeds.profiles.bio", defaultMessage: "Para la biografía de Instagram" })}
          value={p.share.instagram}
        />
        <p className="field-hint">
          <Rich message={R.instagramHint} values={{ b }} />
        </p>
        <CopyField
          id="share-tiktok"
          label={t({ id: "feeds.profiles.tiktok", defaultMessage: "Para tu perfil de TikTok" })}
          value={p.share.tiktok}
        />
        <p className="field-hint">
          <Rich message={R.tiktokHint} values={{ b }} />
        </p>
        <CopyField
          id="share-whatsapp"
          label={t({ id: "feeds.profiles.whatsapp", defaultMessage: "Para tu estado de WhatsApp" })}
          value={p.share.whatsapp}
        />
        <p className="actions">
          <a className="button whatsapp" href={p.share.whatsappHref} {...external}>
            {t({ id: "feeds.profiles.share", defaultMessage: "Compartir en WhatsApp" })}
          </a>
        </p>
        <p className="field-hint">
          <Rich message={R.whatsappHint} values={{ b }} />
        </p>
      </section>
    </>
  );
}
