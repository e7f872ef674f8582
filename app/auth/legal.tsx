import { Link } from "react-router";
import { PlainText } from "~/ui/plain-text";
import type { PlatformText } from "./legal-texts";

/** The platform's contact for the legal pages: VAPID_SUBJECT, the operator's address push services also see. */
export function legalContact(subject: string): { href: string; text: string } {
  return { href: subject, text: subject.replace(/^mailto:/, "") };
}

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
  return (
    <main className="bare legal">
      <p className="brand">Vitrina</p>
      <h1>{title}</h1>
      <p className="muted">Última actualización: {text.updated}</p>
      <PlainText text={text.body} />
      <h2>Contacto</h2>
      <p>
        Si tienes preguntas sobre este documento o sobre tus datos, escríbenos a <a href={contact.href}>{contact.text}</a> desde
        el correo de tu cuenta.
      </p>
      <p className="auth-links">
        <Link to="/terminos">Términos y condiciones</Link>
        <Link to="/privacidad">Política de privacidad</Link>
        <Link to="/Auth">Entrar a Vitrina</Link>
      </p>
    </main>
  );
}
