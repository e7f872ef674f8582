/**
 * Texts merchants and the operator write as plain text (a store's 'Cambios y devoluciones', 'Envíos' and 'Privacidad',
 * the platform's terms and privacy policy): blank lines part paragraphs, a paragraph starting with '# ' is a heading,
 * and web addresses and emails become links. Never HTML: the text is read into blocks of plain strings and links,
 * and only http(s) addresses and emails are linked, so 'javascript:' or 'data:' stay words.
 */
import type { StoreCountry } from "./countries";
import { defineMessages, type MessageDescriptor, neutralText, type Translate } from "./messages";

export type TextPart = { text: string } | { text: string; href: string };
export type TextBlock = { kind: "heading"; parts: TextPart[] } | { kind: "paragraph"; lines: TextPart[][] };

/** Whole paragraphs are cut from the text here; more is refused when saving (`POLICY_MAX`, `PLATFORM_TEXT_MAX`). */
const URL_OR_EMAIL = /\bhttps?:\/\/[^\s<>"]+|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** Punctuation that ends a sentence, not the address: 'Escríbenos a hola@tienda.com.' */
const TRAILING = /[.,;:!?)\]»"'’]+$/;

/** An address as a link target, or null: only http(s), parsed by the URL parser (the way the browser would). */
function safeHref(raw: string): string | null {
  if (raw.includes("@") && !/^https?:/i.test(raw)) return /^[^@\s]+@[^@\s]+$/.test(raw) ? `mailto:${raw}` : null;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** One line's words and links. */
export function linkParts(line: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of line.matchAll(URL_OR_EMAIL)) {
    const start = match.index ?? 0;
    const raw = match[0].replace(TRAILING, "");
    const href = raw ? safeHref(raw) : null;
    if (!href) continue;
    if (start > at) parts.push({ text: line.slice(at, start) });
    parts.push({ text: raw, href });
    at = start + raw.length;
  }
  if (at < line.length) parts.push({ text: line.slice(at) });
  return parts;
}

/** The text as headings and paragraphs (lines kept inside a paragraph). */
export function textBlocks(text: string): TextBlock[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .flatMap((block): TextBlock[] => {
      const lines = block.split("\n").map((line) => line.trim());
      const paragraph = (rest: string[]): TextBlock[] => (rest.length ? [{ kind: "paragraph", lines: rest.map(linkParts) }] : []);
      // A heading is a block's first line: what follows it on the next lines is its first paragraph.
      if (lines[0]?.startsWith("# "))
        return [{ kind: "heading", parts: linkParts(lines[0].slice(2).trim()) }, ...paragraph(lines.slice(1))];
      return paragraph(lines);
    });
}

// ---- a store's own pages ----

export const POLICY_KINDS = ["returns", "shipping", "privacy"] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

/** Each page's title and its path under the store (the footer's links). */
export const POLICY_PAGES: Record<PolicyKind, { title: string; path: string }> = {
  returns: { title: "Cambios y devoluciones", path: "/cambios-y-devoluciones" },
  shipping: { title: "Envíos", path: "/envios" },
  privacy: { title: "Privacidad", path: "/privacidad" },
};

export const POLICY_MAX = 8_000;
export const LEGAL_NAME_MAX = 120;
export const TAX_ID_MAX = 30;

/** What a store's tax id is called where it is. */
const TAX_ID_NAMES: Partial<Record<StoreCountry, string>> = {
  AR: "CUIT",
  BO: "NIT",
  BR: "CNPJ",
  CL: "RUT",
  CO: "NIT",
  CR: "Cédula jurídica",
  DO: "RNC",
  EC: "RUC",
  ES: "NIF",
  GT: "NIT",
  HN: "RTN",
  MX: "RFC",
  NI: "RUC",
  PA: "RUC",
  PE: "RUC",
  PY: "RUC",
  SV: "NIT",
  US: "EIN",
  UY: "RUT",
  VE: "RIF",
};

export const taxIdName = (country: StoreCountry): string => TAX_ID_NAMES[country] ?? "Identificación fiscal";

/** An Argentine CUIT/CUIL: 11 digits whose last one checks the others (mod 11). */
export function isCuit(value: string): boolean {
  const digits = value.replace(/[\s.-]/g, "");
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const check = 11 - (sum % 11);
  return (check === 11 ? 0 : check === 10 ? 9 : check) === Number(digits[10]);
}

const TAX_ID_MESSAGES = defineMessages({
  tooLong: { id: "stores.refusal.taxIdTooLong", defaultMessage: "El {name} puede tener hasta {max} caracteres" },
  characters: {
    id: "stores.refusal.taxIdCharacters",
    defaultMessage: "Escribe el {name} solo con letras, números, puntos o guiones",
  },
  cuit: { id: "stores.refusal.cuit", defaultMessage: "Escribe un CUIT válido: 11 números, por ejemplo 30-71234567-1" },
});

/**
 * The problem with a typed tax id in the store's country, or null (empty is fine: it is optional): in `t`'s variant
 * (the merchant's), or the base's neutral words without one.
 */
export function taxIdProblem(value: string, country: StoreCountry, t?: Translate): string | null {
  if (!value) return null;
  const name = taxIdName(country);
  const say = t ?? neutralText;
  if (value.length > TAX_ID_MAX) return say(TAX_ID_MESSAGES.tooLong, { name, max: TAX_ID_MAX });
  if (!/^[0-9A-Za-zÑñ.\- /]+$/.test(value)) return say(TAX_ID_MESSAGES.characters, { name });
  if (country === "AR" && !isCuit(value)) return say(TAX_ID_MESSAGES.cuit);
  return null;
}

/** The footer's line: 'Razón social · CUIT 30-71234567-1', or null when the merchant gave neither. */
export function fiscalLine(store: { legalName: string; taxId: string }, country: StoreCountry): string | null {
  const parts = [store.legalName.trim(), store.taxId.trim() ? `${taxIdName(country)} ${store.taxId.trim()}` : ""].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

const TEMPLATE = defineMessages({
  returnsIntro: { id: "policies.returns.intro", defaultMessage: "En {store} queremos que quedes conforme con tu compra." },
  returnsChanges: { id: "policies.returns.changesTitle", defaultMessage: "Cambios" },
  returnsChangesText: {
    id: "policies.returns.changes",
    defaultMessage:
      "Puedes pedir el cambio de un producto dentro de los 30 días de recibido, sin uso y con su empaque. Escríbenos con tu código de pedido y te diremos cómo enviarlo o dónde entregarlo.",
  },
  returnsRefunds: { id: "policies.returns.refundsTitle", defaultMessage: "Devoluciones" },
  returnsRefundsText: {
    id: "policies.returns.refunds",
    defaultMessage:
      "Si el producto llegó fallado o no es el que pediste, te lo cambiamos o te devolvemos el dinero, y nos hacemos cargo del envío.",
  },
  returnsWithdrawal: { id: "policies.returns.withdrawalTitle", defaultMessage: "Botón de arrepentimiento" },
  returnsWithdrawalText: {
    id: "policies.returns.withdrawal",
    defaultMessage:
      "Puedes cancelar tu compra dentro de los 10 días de hecho el pedido, sin dar motivos, con el Botón de arrepentimiento que está al pie de cada página de la tienda.",
  },
  shippingIntro: { id: "policies.shipping.intro", defaultMessage: "En {store} preparamos tu pedido apenas lo confirmamos." },
  shippingMethods: { id: "policies.shipping.methodsTitle", defaultMessage: "Formas de entrega" },
  shippingMethodsText: {
    id: "policies.shipping.methods",
    defaultMessage:
      "Al hacer tu pedido eliges cómo recibirlo: retiro en nuestro punto de retiro, envío a domicilio a las zonas que atendemos (con su costo, que ves antes de confirmar) o a coordinar con nosotros.",
  },
  shippingTimes: { id: "policies.shipping.timesTitle", defaultMessage: "Plazos" },
  shippingTimesText: {
    id: "policies.shipping.times",
    defaultMessage: "Te avisamos por WhatsApp o por correo cuándo sale tu pedido. Si hay una demora, te escribimos.",
  },
  privacyIntro: {
    id: "policies.privacy.intro",
    defaultMessage: "Esta página explica qué datos guarda {store} cuando compras y para qué.",
  },
  privacyOrders: { id: "policies.privacy.ordersTitle", defaultMessage: "Tus pedidos" },
  privacyOrdersText: {
    id: "policies.privacy.orders",
    defaultMessage:
      "Cuando haces un pedido, {store} guarda lo que escribes en él: tu nombre, teléfono, correo, dirección y nota, los productos y el pago. Los usamos solo para atender tu pedido y para escribirte sobre él.",
  },
  privacyCustomers: { id: "policies.privacy.customersTitle", defaultMessage: "Nuestra lista de clientes" },
  privacyCustomersText: {
    id: "policies.privacy.customers",
    defaultMessage:
      "Con tus pedidos te agregamos a nuestra lista de clientes (nombre, teléfono o correo, pedidos y total comprado). Puedes pedirnos que borremos tus datos cuando quieras: escríbenos.",
  },
  privacyStats: { id: "policies.privacy.statsTitle", defaultMessage: "Estadísticas sin cookies" },
  privacyStatsText: {
    id: "policies.privacy.stats",
    defaultMessage:
      "Contamos las visitas a la tienda y de dónde llegan sin cookies y sin guardar datos personales: solo quedan los totales de cada día. Tu carrito y tu último pedido se guardan en cookies de esta tienda para que no se pierdan.",
  },
  privacyPlatform: { id: "policies.privacy.platformTitle", defaultMessage: "La plataforma" },
  privacyPlatformText: {
    id: "policies.privacy.platform",
    defaultMessage:
      "La tienda funciona en Vitrina, que guarda estos datos por cuenta de {store} y no los usa para nada más ni los vende.",
  },
});

/**
 * The templates a store starts with, written for its name in its own words (`t`: the store's translator, so an
 * Argentine store's read with 'vos'); the merchant edits them in 'Políticas'.
 */
export function policyTemplate(kind: PolicyKind, store: { name: string; country: StoreCountry }, t: Translate): string {
  const values = { store: store.name };
  const heading = (message: MessageDescriptor) => `# ${t(message)}`;
  if (kind === "returns")
    return [
      t(TEMPLATE.returnsIntro, values),
      heading(TEMPLATE.returnsChanges),
      t(TEMPLATE.returnsChangesText),
      heading(TEMPLATE.returnsRefunds),
      t(TEMPLATE.returnsRefundsText),
      ...(store.country === "AR" ? [heading(TEMPLATE.returnsWithdrawal), t(TEMPLATE.returnsWithdrawalText)] : []),
    ].join("\n\n");
  if (kind === "shipping")
    return [
      t(TEMPLATE.shippingIntro, values),
      heading(TEMPLATE.shippingMethods),
      t(TEMPLATE.shippingMethodsText),
      heading(TEMPLATE.shippingTimes),
      t(TEMPLATE.shippingTimesText),
    ].join("\n\n");
  return [
    t(TEMPLATE.privacyIntro, values),
    heading(TEMPLATE.privacyOrders),
    t(TEMPLATE.privacyOrdersText, values),
    heading(TEMPLATE.privacyCustomers),
    t(TEMPLATE.privacyCustomersText),
    heading(TEMPLATE.privacyStats),
    t(TEMPLATE.privacyStatsText),
    heading(TEMPLATE.privacyPlatform),
    t(TEMPLATE.privacyPlatformText, values),
  ].join("\n\n");
}

/** The page's text: the merchant's, or the template while they keep it. */
export function policyText(
  kind: PolicyKind,
  saved: string | null,
  store: { name: string; country: StoreCountry },
  t: Translate,
): string {
  return saved?.trim() ? saved : policyTemplate(kind, store, t);
}
