import { CopyField } from "~/ui/copy-field";
import { useT } from "~/ui/messages";
import type { CodeShareLinks } from "./code-link";

/**
 * 'Enlace con el código' on a code's page: the link that opens the store with the code already in the cart, to copy
 * ('Copiar'), to send by WhatsApp (a wa.me text, no JavaScript needed) and as a QR to print or post.
 */
export function CodeLinkShare({ code, links }: { code: string; links: Omit<CodeShareLinks, "qrTarget"> }) {
  const t = useT();
  return (
    <section className="panel code-link" aria-labelledby="code-link-title">
      <h3 id="code-link-title">{t({ id: "discounts.link.title", defaultMessage: "Enlace con el código" })}</h3>
      <p className="muted">
        {t(
          {
            id: "discounts.link.intro",
            defaultMessage:
              "Quien abra este enlace entra a tu tienda con el código {code} ya aplicado en su carrito: compártelo en tus historias, estados o mensajes.",
          },
          { code },
        )}
      </p>
      {!links.active && (
        <p className="form-error" role="status">
          {t({
            id: "discounts.link.inactive",
            defaultMessage: "Este código está inactivo: quien abra el enlace leerá que no existe hasta que lo actives.",
          })}
        </p>
      )}
      <CopyField
        id="code-link"
        label={t({ id: "discounts.link.label", defaultMessage: "Enlace del código" })}
        value={links.link}
      />
      <p className="actions">
        <a className="button whatsapp" href={links.whatsappHref} target="_blank" rel="noreferrer">
          {t({ id: "discounts.link.whatsapp", defaultMessage: "Compartir por WhatsApp" })}
        </a>
        <a className="button secondary" href={links.qr.png} download={`qr-${code}.png`}>
          {t({ id: "discounts.link.png", defaultMessage: "QR en PNG" })}
        </a>
        <a className="button secondary" href={links.qr.svg} download={`qr-${code}.svg`}>
          {t({ id: "discounts.link.svg", defaultMessage: "QR en SVG" })}
        </a>
      </p>
    </section>
  );
}
