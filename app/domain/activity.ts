/**
 * 'Actividad': the record of who changed what in a store's workspace (docs/decisions/0065-activity-log.md). What an
 * entry is, how its values read, the page's filters and pages, and the CSV. Plain functions; the table's writer is
 * app/workspace/activity.server.ts.
 */
import { type ActivityField, isStoreSetting } from "./activity-entries";
import { csvDocument, SPREADSHEET_SEPARATOR, spreadsheetDecimal } from "./csv";
import { defineMessages, type Translate } from "./messages";
import { formatMoney, toDecimalString } from "./money";
import { isoLocalDateTime } from "./sales";

/** The kinds of change, each one of the page's filter choices (its Spanish name). */
export const ACTIVITY_KINDS = {
  product: "Productos",
  price: "Precios",
  stock: "Stock",
  section: "Secciones",
  sale: "Ventas",
  delivery: "Envíos",
  settings: "Configuración",
  look: "Diseño",
  member: "Equipo",
  domain: "Dominio propio",
  payments: "Cobros en línea",
  promotion: "Promociones y descuentos",
} as const;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;
export const ACTIVITY_KIND_IDS = Object.keys(ACTIVITY_KINDS) as [ActivityKind, ...ActivityKind[]];

/** How long entries are kept: the upkeep deletes older ones. */
const ACTIVITY_RETENTION_MONTHS = 12;

/** The first instant still kept at `now`: 12 calendar months back (UTC), a day the month lacks becoming its last. */
export function activityCutoff(now: Date): Date {
  const cutoff = new Date(now);
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - ACTIVITY_RETENTION_MONTHS);
  const last = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(day, last));
  return cutoff;
}

/** Entries per page ('Ver más'). */
export const ACTIVITY_PAGE_SIZE = 50;
/** Entries in one CSV at most (a year of a busy store's changes). */
export const ACTIVITY_CSV_LIMIT = 20_000;

/** Who made a change: their user id, and their name and email as they were then. */
export interface Actor {
  userId: string;
  label: string;
}

export function actorLabel(user: { name: string; lastname: string; email: string }): string {
  const name = `${user.name} ${user.lastname}`.trim();
  return name ? `${name} (${user.email})` : user.email;
}

/**
 * A before or after value as it is kept: an amount as '<minor units> <currency>' (so it reads in the currency it
 * had, though the store changes it later), units as the number, a state as its name.
 */
function readMoneyValue(value: string): { minor: number; currency: string } | null {
  const match = /^(-?\d+) ([A-Z]{3})$/.exec(value);
  return match ? { minor: Number(match[1]), currency: match[2] as string } : null;
}

/** A value for the page: an amount written in its currency as the store's country writes it, anything else as kept. */
export function activityValueText(value: string | null, country: string | null): string {
  if (value === null) return "";
  const money = readMoneyValue(value);
  return money ? formatMoney(money.minor, money.currency, country) : value;
}

/** A value for a spreadsheet: an amount as a number with the country's decimal mark, units as the number. */
function activityValueCell(value: string | null, country: string): string {
  if (value === null) return "";
  const money = readMoneyValue(value);
  return money ? spreadsheetDecimal(toDecimalString(money.minor, money.currency), country) : value;
}

function activityCurrency(entry: Pick<ActivityRow, "before" | "after">): string {
  return readMoneyValue(entry.after ?? "")?.currency ?? readMoneyValue(entry.before ?? "")?.currency ?? "";
}

interface ProductSide {
  name: string;
  description: string;
  category: number;
  compareAtPrice: number | null;
  published: boolean;
  options: ReadonlyArray<{ name: string; values: readonly string[] }>;
}
interface VariantSide {
  values: readonly string[];
  price: number | null;
  sku: string | null;
  stock: number;
  enabled: boolean;
}

const variantsKey = (variants: readonly VariantSide[]) =>
  JSON.stringify(variants.map((v) => [v.values, v.price, v.sku, v.stock, v.enabled]));

/**
 * What a product's edit changed besides its price and stock (which have entries of their own), as the entry names
 * it ('name', 'description'…, said 'nombre', 'descripción'), compared with the product as the request read it.
 */
export function productChanges(
  before: { product: ProductSide; variantsBefore: readonly VariantSide[] },
  after: ProductSide & { variants: readonly VariantSide[]; newImage: boolean },
): ActivityField[] {
  const p = before.product;
  const changes: Array<[boolean, ActivityField]> = [
    [p.name !== after.name, "name"],
    [p.compareAtPrice !== after.compareAtPrice, "compareAtPrice"],
    [p.description !== after.description, "description"],
    [p.category !== after.category, "category"],
    [p.published !== after.published, after.published ? "published" : "hidden"],
    [after.newImage, "cover"],
    [
      JSON.stringify(p.options) !== JSON.stringify(after.options) ||
        variantsKey(before.variantsBefore) !== variantsKey(after.variants),
      "variants",
    ],
  ];
  return changes.filter(([changed]) => changed).map(([, field]) => field);
}

/** The named settings `after` changes of the store as it was read (nothing for a save that changes nothing). */
export function settingChanges(before: Record<string, unknown>, after: Record<string, unknown>): ActivityField[] {
  return Object.entries(after).flatMap(([key, value]) =>
    isStoreSetting(key) && value !== undefined && (before[key] ?? null) !== (value ?? null) ? [key] : [],
  );
}

/** An entry as the page and the CSV read it. */
export interface ActivityRow {
  id: number;
  at: Date;
  actorUserId: string;
  actorLabel: string;
  kind: string;
  subject: string | null;
  /** What happened, in the reader's words (`activitySummaryText`). */
  summary: string;
  before: string | null;
  after: string | null;
}

export const kindLabel = (kind: string): string => ACTIVITY_KINDS[kind as ActivityKind] ?? kind;

/** The page's filters, read from its address: ?persona=, ?tipo=, ?desde=, ?hasta= (the store's days), ?antes= (the page). */
export interface ActivityQuery {
  actor: string | null;
  kind: ActivityKind | null;
  /** yyyy-mm-dd, the store's days, both included. */
  from: string | null;
  to: string | null;
  /** Keyset: the entries older than this one ('Ver más'). */
  before: { at: number; id: number } | null;
}

const ACTIVITY_MESSAGES = defineMessages({
  badDate: { id: "activity.refusal.badDate", defaultMessage: "Escribe la fecha como aaaa-mm-dd" },
  badRange: { id: "activity.refusal.badRange", defaultMessage: "La fecha 'Desde' debe ser anterior a 'Hasta'" },
  badKind: { id: "activity.refusal.badKind", defaultMessage: "Elige un tipo de cambio de la lista" },
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The page's and the CSV's filters from the address; a refusal in the merchant's words (`t`). */
export function parseActivityQuery(
  params: URLSearchParams,
  t: Translate,
): { ok: true; query: ActivityQuery } | { ok: false; error: string } {
  const actor = params.get("persona")?.trim().slice(0, 80) || null;
  const kindText = params.get("tipo")?.trim() || null;
  if (kindText && !(kindText in ACTIVITY_KINDS)) return { ok: false, error: t(ACTIVITY_MESSAGES.badKind) };
  const from = params.get("desde")?.trim() || null;
  const to = params.get("hasta")?.trim() || null;
  if ((from && !validDay(from)) || (to && !validDay(to))) return { ok: false, error: t(ACTIVITY_MESSAGES.badDate) };
  if (from && to && from > to) return { ok: false, error: t(ACTIVITY_MESSAGES.badRange) };
  const cursor = /^(\d{1,15})-(\d{1,15})$/.exec(params.get("antes") ?? "");
  return {
    ok: true,
    query: {
      actor,
      kind: (kindText as ActivityKind | null) ?? null,
      from,
      to,
      before: cursor ? { at: Number(cursor[1]), id: Number(cursor[2]) } : null,
    },
  };
}

/** The address of a page of entries with these filters (without the page's cursor unless given). */
export function activityQueryString(query: Omit<ActivityQuery, "before"> & { before?: ActivityQuery["before"] }): string {
  const params = new URLSearchParams();
  if (query.actor) params.set("persona", query.actor);
  if (query.kind) params.set("tipo", query.kind);
  if (query.from) params.set("desde", query.from);
  if (query.to) params.set("hasta", query.to);
  if (query.before) params.set("antes", `${query.before.at}-${query.before.id}`);
  return params.toString();
}

const CSV_HEADER = ["Fecha", "Persona", "Tipo", "Qué", "Cambio", "Antes", "Después", "Moneda"] as const;

/** The entries for a spreadsheet: dates in the store's zone, amounts and units as numbers. */
export function activityCsv(rows: readonly ActivityRow[], timeZone: string, country: string): string {
  const lines: string[][] = [[...CSV_HEADER]];
  for (const r of rows)
    lines.push([
      isoLocalDateTime(r.at, timeZone),
      r.actorLabel,
      kindLabel(r.kind),
      r.subject ?? "",
      r.summary,
      activityValueCell(r.before, country),
      activityValueCell(r.after, country),
      activityCurrency(r),
    ]);
  return csvDocument(lines, SPREADSHEET_SEPARATOR);
}
