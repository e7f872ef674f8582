import type { ReactNode } from "react";
import { defineMessage } from "~/domain/messages";
import { Field } from "~/ui/form";
import { Rich, useT } from "~/ui/messages";

export function AuthCard({
  title,
  subtitle,
  children,
  aside,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** Shown before the card (beside it on a wide screen): the first screen's 'what Vitrina is'. */
  aside?: ReactNode;
}) {
  return (
    <main className={aside ? "auth with-hero" : "auth"}>
      {aside}
      <div className="auth-card">
        <p className="brand">Vitrina</p>
        <h1>{title}</h1>
        {subtitle && <p className="muted">{subtitle}</p>}
        {children}
      </div>
    </main>
  );
}

/**
 * What a signed-out visitor sees first on /Auth: a store on a phone (drawn inline, no picture to download), what
 * Vitrina does in three lines, and 'Crea tu tienda gratis' with the free month.
 */
export function AuthHero() {
  const t = useT();
  return (
    <section className="auth-hero" aria-labelledby="hero-title">
      <PhoneStore />
      <div>
        <p className="brand">Vitrina</p>
        <h2 id="hero-title">{t({ id: "auth.hero.title", defaultMessage: "Tu tienda en línea, lista hoy" })}</h2>
        <ul>
          <li>{t({ id: "auth.hero.catalog", defaultMessage: "Tu catálogo con fotos y precios, en tu propia dirección." })}</li>
          <li>{t({ id: "auth.hero.orders", defaultMessage: "Tus clientes te piden por WhatsApp o pagan en línea." })}</li>
          <li>{t({ id: "auth.hero.phone", defaultMessage: "Ventas, stock y clientes, desde tu teléfono." })}</li>
        </ul>
        <a className="button" href="/Auth/Registration">
          {t({ id: "auth.hero.cta", defaultMessage: "Crea tu tienda gratis" })}
        </a>
        <p className="muted">{t({ id: "auth.hero.free", defaultMessage: "El primer mes es gratis, sin pagar nada." })}</p>
      </div>
    </section>
  );
}

/** A phone showing a store: its header, a banner and four product cards, each with a price line. */
function PhoneStore() {
  const cards = [
    [14, 62],
    [52, 62],
    [14, 112],
    [52, 112],
  ] as const;
  return (
    <svg className="auth-hero-phone" viewBox="0 0 90 170" width="90" height="170" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="86" height="166" rx="14" fill="#1f1a3d" />
      <rect x="7" y="12" width="76" height="146" rx="6" fill="#fff" />
      <rect x="36" y="6" width="18" height="3" rx="1.5" fill="#4a4470" />
      <rect x="7" y="12" width="76" height="14" rx="6" fill="#5b3df5" />
      <circle cx="16" cy="19" r="4" fill="#fff" />
      <rect x="24" y="17" width="26" height="4" rx="2" fill="#fff" />
      <rect x="12" y="31" width="66" height="24" rx="4" fill="#ede8ff" />
      <rect x="17" y="38" width="30" height="4" rx="2" fill="#5b3df5" />
      <rect x="17" y="45" width="20" height="3" rx="1.5" fill="#8f80d9" />
      {cards.map(([x, y]) => (
        <g key={`${x}-${y}`}>
          <rect x={x} y={y} width="24" height="28" rx="3" fill="#f3f1fa" />
          <rect x={x} y={y + 31} width="20" height="3" rx="1.5" fill="#1f1a3d" />
          <rect x={x} y={y + 37} width="12" height="3" rx="1.5" fill="#25d366" />
        </g>
      ))}
    </svg>
  );
}

const TERMS = defineMessage({
  id: "auth.registration.terms",
  defaultMessage: "Acepto los <terms>términos y condiciones</terms> y la <privacy>política de privacidad</privacy>",
});

/** The terms' checkbox of an account being made (registration, an invitation): each document opens in a new tab, so what the form holds stays. */
export function TermsConsent({ error }: { error?: string }) {
  const link = (href: string) => (chunks: ReactNode[]) => (
    <a href={href} target="_blank" rel="noopener">
      {chunks}
    </a>
  );
  return (
    <div className="field checkbox">
      <label>
        <input type="checkbox" name="terms" aria-invalid={error ? true : undefined} />{" "}
        <Rich message={TERMS} values={{ terms: link("/terminos"), privacy: link("/privacidad") }} />
      </label>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

type AccountErrors = Record<string, string | undefined>;

/** A new account's name and last name (registration, an invitation), with what was typed and each refusal. */
export function NameFields({ values, errors }: { values?: { name?: string; lastname?: string }; errors: AccountErrors }) {
  const t = useT();
  return (
    <>
      <Field
        label={t({ id: "auth.registration.name", defaultMessage: "Nombre" })}
        name="name"
        autoComplete="given-name"
        defaultValue={values?.name}
        error={errors.name}
        required
      />
      <Field
        label={t({ id: "auth.registration.lastname", defaultMessage: "Apellido" })}
        name="lastname"
        autoComplete="family-name"
        defaultValue={values?.lastname}
        error={errors.lastname}
        required
      />
    </>
  );
}

/** A new account's password, never shown back. */
export function NewPasswordField({ error }: { error?: string }) {
  const t = useT();
  return (
    <Field
      label={t({ id: "auth.registration.password", defaultMessage: "Contraseña (mínimo 6 caracteres)" })}
      name="password"
      type="password"
      autoComplete="new-password"
      error={error}
      required
    />
  );
}
