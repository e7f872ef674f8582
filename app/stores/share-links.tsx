import { REFS, withRef } from "~/domain/referral";
import { CopyField } from "~/ui/copy-field";
import { useT } from "~/ui/messages";
import { ShareSheetButton } from "~/ui/share-sheet-button";

/** The store's QR code to print, as PNG and SVG files named after the store's id, and as a poster for the counter. */
export function QrDownloads({ id, png, svg }: { id: string; png: string | null; svg: string | null }) {
  const t = useT();
  if (!png && !svg) return null;
  return (
    <p className="actions">
      <a className="button secondary" href={`/Store/${id}/qr/cartel`} target="_blank" rel="noreferrer">
        {t({ id: "stores.share.poster", defaultMessage: "Imprimir cartel" })}
      </a>
      {png && (
        <a className="button secondary" href={png} download={`qr-${id}.png`}>
          {t({ id: "stores.share.png", defaultMessage: "Descargar PNG" })}
        </a>
      )}
      {svg && (
        <a className="button secondary" href={svg} download={`qr-${id}.svg`}>
          {t({ id: "stores.share.svg", defaultMessage: "Descargar SVG" })}
        </a>
      )}
    </p>
  );
}

/**
 * A store's link to hand on: to copy, to send by WhatsApp (a wa.me text, no JavaScript needed) and, where the
 * phone has one, its own share sheet. On the store list and on the store's information page. Each way carries its
 * own `ref`, so a visit it brings is known by where the link was shared.
 */
export function ShareLinks({ id, name, url }: { id: string; name: string; url: string }) {
  const t = useT();
  const message = t(
    { id: "stores.share.whatsappText", defaultMessage: "¡Hola! Mira mi tienda {name}: {url}" },
    { name, url: withRef(url, REFS.whatsapp) },
  );
  return (
    <>
      <CopyField
        id={`store-link-${id}`}
        label={t({ id: "stores.share.link", defaultMessage: "Enlace de tu tienda" })}
        value={withRef(url, REFS.link)}
      />
      <p className="actions">
        <a
          className="button whatsapp"
          href={`https://wa.me/?text=${encodeURIComponent(message)}`}
          target="_blank"
          rel="noreferrer"
        >
          {t({ id: "stores.share.whatsapp", defaultMessage: "Compartir por WhatsApp" })}
        </a>
        <ShareSheetButton
          title={name}
          text={t({ id: "stores.share.text", defaultMessage: "¡Mira mi tienda {name}!" }, { name })}
          url={withRef(url, REFS.share)}
        />
      </p>
    </>
  );
}
