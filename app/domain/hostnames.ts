/**
 * 'Dominio propio': a store's own hostname (docs/decisions/0061-custom-domains.md). What a merchant may type, what the
 * provider's answer means in the merchant's words, and how often the upkeep asks again.
 */

import { defineMessage, defineMessages, type MessageDescriptor } from "./messages";

/**
 * Where a hostname is on its way: waiting for the DNS records, its ownership seen and the certificate's check under way,
 * the certificate being issued, active (the store answers on it), or failed (what to do is shown).
 */
export const HOSTNAME_STATES = ["pending", "verifying", "issuing", "active", "failed"] as const;
export type HostnameState = (typeof HOSTNAME_STATES)[number];

/** The plans that have 'Dominio propio'. */
const CUSTOM_DOMAIN_PLANS = ["premium"] as const;
export const planHasCustomDomain = (plan: string | null | undefined) =>
  (CUSTOM_DOMAIN_PLANS as readonly string[]).includes(plan ?? "");

/** Why a hostname is refused, in the catalog: the merchant's variant says it (`HostnameError` carries it). */
export const HOSTNAME_REFUSALS = defineMessages({
  invalid: { id: "domains.refusal.invalid", defaultMessage: "Escribe un dominio como www.mitienda.com, sin https:// ni barras" },
  platform: {
    id: "domains.refusal.platform",
    defaultMessage: "Ese dominio es de la plataforma: escribe uno tuyo, como www.mitienda.com",
  },
  wellKnown: {
    id: "domains.refusal.wellKnown",
    defaultMessage: "Ese dominio no puede ser el de tu tienda: escribe uno que hayas registrado, como www.mitienda.com",
  },
  reserved: {
    id: "domains.refusal.reserved",
    defaultMessage: "Ese dominio no existe en internet: escribe uno que hayas registrado, como www.mitienda.com",
  },
  taken: {
    id: "domains.refusal.taken",
    defaultMessage: "Ese dominio ya lo usa otra tienda. Si es tuyo, escríbenos para liberarlo",
  },
  unavailable: {
    id: "domains.refusal.unavailable",
    defaultMessage: "No pudimos hablar con el proveedor de certificados. No cambió nada: inténtalo de nuevo en unos minutos",
  },
  refused: {
    id: "domains.refusal.refused",
    defaultMessage: "El proveedor de certificados no aceptó ese dominio. Revisa que esté bien escrito",
  },
  plan: { id: "domains.refusal.plan", defaultMessage: "El dominio propio está incluido en el plan Premium" },
  already: { id: "domains.refusal.already", defaultMessage: "Tu tienda ya tiene un dominio propio: quítalo antes de poner otro" },
  notInstalled: {
    id: "domains.refusal.notInstalled",
    defaultMessage: "El dominio propio todavía no está disponible en esta instalación",
  },
});
export type HostnameRefusal = keyof typeof HOSTNAME_REFUSALS;

/** The refusals' neutral words (a refused hostname's `message`). */
export const HOSTNAME_MESSAGES = Object.fromEntries(
  Object.entries(HOSTNAME_REFUSALS).map(([key, text]) => [key, text.defaultMessage]),
) as Record<HostnameRefusal, string>;

/** What each state says to the merchant, and what to do when something is expected of them (the loader's `t` says it). */
export const HOSTNAME_STATE_TEXT: Record<HostnameState, { label: MessageDescriptor; hint: MessageDescriptor }> = {
  pending: {
    label: defineMessage({ id: "domains.state.pending", defaultMessage: "Esperando los registros DNS" }),
    hint: defineMessage({
      id: "domains.state.pendingHint",
      defaultMessage:
        "Agrega los registros de abajo en el sitio donde compraste el dominio. Suelen verse en minutos, a veces en unas horas.",
    }),
  },
  verifying: {
    label: defineMessage({ id: "domains.state.verifying", defaultMessage: "Verificando el dominio" }),
    hint: defineMessage({
      id: "domains.state.verifyingHint",
      defaultMessage: "Ya vemos tu dominio: estamos comprobando que apunte a tu tienda para emitir el certificado.",
    }),
  },
  issuing: {
    label: defineMessage({ id: "domains.state.issuing", defaultMessage: "Emitiendo el certificado de seguridad" }),
    hint: defineMessage({
      id: "domains.state.issuingHint",
      defaultMessage: "Falta poco: el certificado (el candado del navegador) se está emitiendo.",
    }),
  },
  active: {
    label: defineMessage({ id: "domains.state.active", defaultMessage: "Activo" }),
    hint: defineMessage({
      id: "domains.state.activeHint",
      defaultMessage: "Tu tienda responde en este dominio, con certificado de seguridad.",
    }),
  },
  failed: {
    label: defineMessage({ id: "domains.state.failed", defaultMessage: "Hay un problema" }),
    hint: defineMessage({
      id: "domains.state.failedHint",
      defaultMessage: "Revisa los registros de abajo, quita el dominio y vuelve a agregarlo.",
    }),
  },
};

/** Why a hostname failed, in words that say what to do. */
export const HOSTNAME_FAILURES = defineMessages({
  expired: {
    id: "domains.failure.expired",
    defaultMessage:
      "No vimos los registros DNS en 7 días. Revisa que el CNAME apunte a la dirección indicada, quita el dominio y vuelve a agregarlo.",
  },
  blocked: {
    id: "domains.failure.blocked",
    defaultMessage: "El proveedor de certificados bloqueó este dominio. Escríbenos para revisarlo.",
  },
  certificate: {
    id: "domains.failure.certificate",
    defaultMessage:
      "No se pudo emitir el certificado. Revisa que el CNAME apunte a la dirección indicada y que no haya registros CAA que lo impidan; luego quita el dominio y vuelve a agregarlo.",
  },
  missing: {
    id: "domains.failure.missing",
    defaultMessage: "El proveedor de certificados ya no tiene este dominio. Quítalo y vuelve a agregarlo.",
  },
});
export type HostnameFailure = keyof typeof HOSTNAME_FAILURES;

/** Days a hostname may wait for its DNS before it is given up. */
export const HOSTNAME_GIVE_UP_DAYS = 7;

/** Minutes before the upkeep asks the provider again, after `checks` answers that changed nothing: 1, 2, 4 … up to 60. */
export function nextCheckMinutes(checks: number): number {
  return Math.min(60, 2 ** Math.max(0, Math.min(checks, 6)));
}

/** The provider's answer about one hostname (Cloudflare for SaaS: the custom hostname and its certificate). */
export interface ProviderHostname {
  id: string;
  hostname: string;
  /** The hostname's status: pending, active, moved, deleted, blocked, pending_blocked… */
  status: string;
  /** The certificate's status: initializing, pending_validation, pending_issuance, pending_deployment, active… */
  sslStatus: string;
  /** The TXT record that proves ownership, when the provider asks for one. */
  ownership: { name: string; value: string } | null;
}

const ISSUING = new Set(["pending_issuance", "pending_deployment", "staging_deployment", "staging_active", "holding_deployment"]);
const CERTIFICATE_FAILED = new Set([
  "expired",
  "deleted",
  "initializing_timed_out",
  "validation_timed_out",
  "issuance_timed_out",
  "deployment_timed_out",
  "deletion_timed_out",
  "inactive",
]);

/** The provider's answer in the store's words. */
export function hostnameStateOf(answer: Pick<ProviderHostname, "status" | "sslStatus">): {
  state: HostnameState;
  failure: HostnameFailure | null;
} {
  const { status, sslStatus } = answer;
  if (status === "blocked" || status === "pending_blocked") return { state: "failed", failure: "blocked" };
  if (status === "moved" || status === "deleted") return { state: "failed", failure: "missing" };
  if (CERTIFICATE_FAILED.has(sslStatus)) return { state: "failed", failure: "certificate" };
  if (status === "active" && sslStatus === "active") return { state: "active", failure: null };
  if (ISSUING.has(sslStatus)) return { state: "issuing", failure: null };
  if (status === "active") return { state: "verifying", failure: null };
  return { state: "pending", failure: null };
}

/** The platform's own names, which no store may take. */
export interface PlatformHosts {
  /** APP_ORIGIN's hostname. */
  appHost: string;
  storesDomain: string | undefined;
  /** `.test` names are allowed off production (the browser tests use one). */
  production: boolean;
}

/**
 * Well-known domains a store could never have registered: the big platforms and the hosts others give out (a store on
 * them belongs to that platform's customer, not to the merchant typing it).
 */
// cspell:disable
const WELL_KNOWN = [
  "google.com",
  "gmail.com",
  "youtube.com",
  "facebook.com",
  "instagram.com",
  "whatsapp.com",
  "wa.me",
  "tiktok.com",
  "twitter.com",
  "x.com",
  "apple.com",
  "microsoft.com",
  "amazon.com",
  "cloudflare.com",
  "workers.dev",
  "pages.dev",
  "mercadolibre.com",
  "mercadolibre.com.ar",
  "mercadopago.com",
  "mercadopago.com.ar",
  "shopify.com",
  "myshopify.com",
  "tiendanube.com",
  "mitiendanube.com",
  "wixsite.com",
  "github.io",
  "vercel.app",
  "netlify.app",
  "herokuapp.com",
  "blogspot.com",
];
// cspell:enable

/** Top-level names that never resolve on the internet (RFC 6761, 6762, 2606 and friends). */
const RESERVED_TOP_LEVELS = new Set(["localhost", "local", "invalid", "example", "internal", "onion", "arpa", "home", "lan"]);

const within = (hostname: string, domain: string) => hostname === domain || hostname.endsWith(`.${domain}`);

/**
 * The hostname a merchant typed, as the platform keeps it: lower case, no scheme, path, port or trailing dot, IDN in
 * its ASCII form; null when it is not a hostname (an address, one label, an IP).
 */
export function normalizeHostname(input: string): string | null {
  let text = input.trim().toLowerCase();
  text = text.replace(/^[a-z]+:\/\//, "");
  text = text.replace(/[/?#].*$/, "").replace(/\.$/, "");
  if (!text || /[\s@:]/.test(text)) return null;
  let hostname: string;
  try {
    hostname = new URL(`http://${text}`).hostname;
  } catch {
    return null;
  }
  if (hostname.length > 253) return null;
  const labels = hostname.split(".");
  if (labels.length < 2) return null;
  if (!labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l))) return null;
  const tld = labels.at(-1) ?? "";
  // A numeric last label is an IP address, never a name.
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) return null;
  return hostname;
}

/** Why a (normalized) hostname cannot be a store's: the platform's own, a well-known one, or one that never resolves. */
export function hostnameRefusal(hostname: string, platform: PlatformHosts): HostnameRefusal | null {
  const app = platform.appHost.toLowerCase();
  const appLabels = app.split(".");
  // app.vitrina.com: vitrina.com and everything under it are the platform's.
  const platformDomain = appLabels.length >= 3 ? appLabels.slice(1).join(".") : app;
  const own = [app, platformDomain, ...(platform.storesDomain ? [platform.storesDomain.toLowerCase()] : [])];
  if (own.some((domain) => within(hostname, domain))) return "platform";
  if (WELL_KNOWN.some((domain) => within(hostname, domain))) return "wellKnown";
  const tld = hostname.split(".").at(-1) ?? "";
  if (RESERVED_TOP_LEVELS.has(tld) || (platform.production && tld === "test")) return "reserved";
  return null;
}

/** The same refusal in its neutral words. */
export function hostnameProblem(hostname: string, platform: PlatformHosts): string | null {
  const refusal = hostnameRefusal(hostname, platform);
  return refusal && HOSTNAME_MESSAGES[refusal];
}

/** Second-level names under which country domains are sold (mitienda.com.ar is an apex too). */
const SECOND_LEVELS = new Set(["com", "net", "org", "gob", "gov", "edu", "co", "ac", "mil", "int", "nom", "tur", "info"]);

/**
 * A registrable domain itself (mitienda.com, mitienda.com.ar), with no subdomain: most registrars cannot put a CNAME
 * there, so the page suggests `www.` or CNAME flattening (ALIAS).
 */
export function isApexHostname(hostname: string): boolean {
  const labels = hostname.split(".");
  if (labels.length === 2) return true;
  return labels.length === 3 && (labels[2]?.length ?? 0) === 2 && SECOND_LEVELS.has(labels[1] ?? "");
}

/**
 * Whether a request for a store's page on its subdomain or `/site/{url}` should move to its own hostname: GETs of its
 * public pages, never the cart, checkout or an order (their cookies live on the host where they began), nor the look's
 * preview the merchant's workspace frames.
 */
export function movesToOwnHost(request: { method: string; subPath: string; preview: boolean }): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.preview) return false;
  return !/^\/(cart|checkout|order|carrito)(\/|$|\?)/i.test(request.subPath);
}
