import { CopyField } from "~/ui/copy-field";
import type { CodeShareLinks } from "./code-link";

/**
 * 'Enlace con el código' on a code's page: the link that opens the store with the code already in the cart, to copy
 * ('Copiar'), to send by WhatsApp (a wa.me text, no JavaScript needed) and as a QR to print or post.
 */
export function CodeLinkShare({ code, links }: { code: string; links: Omit<CodeShareLinks, "qrTarget"> }) {
  return (
    <section className="panel code-link" aria-labelledby="code-link-title">
      <h3 id="code-link-title">Enlace con el código</h3>
      <p className="muted">
        Quien abra este enlace entra a tu tienda con el código {code} ya aplicado en su carrito: compártelo en tus historias,
        estados o mensajes.
      </p>
      {!links.active && (
        <p className="form-error" role="status">
          Este código está inactivo: quien abra el enlace leerá que no existe hasta que lo actives.
        </p>
      )}
      <CopyField id="code-link" label="Enlace del código" value={links.link} />
      <p className="actions">
        <a className="button whatsapp" href={links.whatsappHref} target="_blank" rel="noreferrer">
          Compartir por WhatsApp
        </a>
        <a className="button secondary" href={links.qr.png} download={`qr-${code}.png`}>
          QR en PNG
        </a>
        <a className="button secondary" href={links.qr.svg} download={`qr-${code}.svg`}>
          QR en SVG
        </a>
      </p>
    </section>
  );
}
