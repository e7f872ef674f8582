import { Link } from "react-router";
import { defineMessage } from "~/domain/messages";
import { Rich, useT } from "~/ui/messages";
import { PlainText } from "~/ui/plain-text";
import type { PlatformText } from "./legal-texts";

/** The platform's contact for the legal pages: VAPID_SUBJECT, the operator's address push services also see. */
export function legalContact(subject: string): { href: string; text: string } {
  return { href: subject, text: subject.replace(/^mailto:/, "") };
}

const CONTACT = defineMessage({
  id: "auth.legal.contactText",
  defaultMessage:
    "Si tienes preguntas sobre este documento o sobre tus datos, escríbenos a <a>{contact}</a> desde el correo de tu cuenta.",
});

/**
 * A platform page merchants read before and after signing up: the terms and the privacy policy, the operator's text
 * (or the code's default) as plain text, then the contact.
 */
export function LegalPage({
  title,
  contact,
  text,
}: {
  title: string;
  contact: { href: string; text: string };
  text: Pick<PlatformText, "body" | "updated">;
}) {
  const t = useT();
  return (
    <main className="bare legal">
      <p className="brand">Vitrina</p>
      <h1>{title}</h1>
      <p className="muted">
        {t({ id: "auth.legal.updated", defaultMessage: "Última actualización: {date}" }, { date: text.updated })}
      </p>
      <PlainText text={text.body} />
      <h2>{t({ id: "auth.legal.contact", defaultMessage: "Contacto" })}</h2>
      <p>
        <Rich message={CONTACT} values={{ contact: contact.text, a: (chunks) => <a href={contact.href}>{chunks}</a> }} />
      </p>
      <p className="auth-links">
        <Link to="/terminos">{t({ id: "auth.legal.terms", defaultMessage: "Términos y condiciones" })}</Link>
        <Link to="/privacidad">{t({ id: "auth.legal.privacy", defaultMessage: "Política de privacidad" })}</Link>
        <Link to="/Auth">{t({ id: "auth.legal.signIn", defaultMessage: "Entrar a Vitrina" })}</Link>
      </p>
    </main>
  );
}
