/** Sales rules as plain functions: state transitions, the 'Hoy' range, CSV for bookkeeping, the buyer's chat link. */
import type { StoreCountry } from "./countries";
import { csvDocument, SPREADSHEET_SEPARATOR, spreadsheetDecimal, type TextCell, textCell } from "./csv";
import { DELIVERY_METHOD_MESSAGES, DELIVERY_METHODS, type DeliveryMethod } from "./delivery";
import type { ProgressFilter } from "./fulfilment";
import { defineMessages, type MessageDescriptor, type Translate } from "./messages";
import { toDecimalString } from "./money";
import type { PaymentMethod } from "./payment-methods";
import { displayPhone, normalizePhone, storedPhone } from "./phone";

export type SaleState = "Pendiente" | "Confirmada" | "Cancelada";
export type SaleAction = "confirm" | "cancel";

export const SALES_PAGE_SIZE = 20;
/** 'Cargar más ventas' adds a page at a time; past this the merchant searches or exports instead. */
export const SALES_MAX_SHOWN = 1000;
// A filtered list also looks among the store's newest SALES_MAX_SHOWN sales only, so a filter that matches nothing
// reads a bounded stretch of the index, whatever the store's history; older sales are found by their code.

/** A sale code is 10 digits. */
export const SALE_CODE_PATTERN = /^\d{10}$/;

/** The desk's answers and refusals: `notPending` takes the sale's `state`, `noStock` the product's `name`. */
export const SALE_MESSAGES = defineMessages({
  badCode: { id: "sales.query.badCode", defaultMessage: "El código de venta tiene 10 dígitos" },
  confirmed: { id: "sales.sale.confirmed", defaultMessage: "Venta completada" },
  cancelled: { id: "sales.sale.cancelled", defaultMessage: "Compra cancelada" },
  notPending: {
    id: "sales.sale.notPending",
    defaultMessage:
      "Esta venta ya está {state, select, Confirmada {confirmada} Cancelada {cancelada} other {pendiente}} y no se puede cambiar",
  },
  noStock: { id: "sales.sale.noStock", defaultMessage: "Stock insuficiente para {name}" },
  paidOnline: {
    id: "sales.sale.paidOnline",
    defaultMessage: "Esta venta está pagada en línea: para cancelarla usa 'Cancelar y reembolsar'",
  },
  refunded: { id: "sales.sale.refunded", defaultMessage: "Venta reembolsada y cancelada" },
});

/** 'Cancelar y reembolsar': why a refund was not made (shown beside a retry), or is under way. */
export const REFUND_MESSAGES = defineMessages({
  notRefundable: {
    id: "sales.refund.notRefundable",
    defaultMessage: "Esta venta no tiene un pago en línea aprobado para reembolsar",
  },
  inProgress: {
    id: "sales.refund.inProgress",
    defaultMessage: "Ya estamos pidiendo este reembolso a Mercado Pago: espera unos segundos y vuelve a abrir la venta",
  },
  unlinked: {
    id: "sales.refund.unlinked",
    defaultMessage: "Tu cuenta de Mercado Pago ya no está vinculada: vincúlala de nuevo en Cobros en línea para reembolsar",
  },
  providerFailed: {
    id: "sales.refund.providerFailed",
    defaultMessage: "Mercado Pago no hizo el reembolso ahora: no cambió nada. Vuelve a intentarlo en unos minutos",
  },
  processing: {
    id: "sales.refund.processing",
    defaultMessage: "Mercado Pago está procesando el reembolso: vuelve a intentarlo en unos minutos para confirmarlo",
  },
  changed: { id: "sales.refund.changed", defaultMessage: "La venta cambió mientras se reembolsaba: revisa su estado" },
});

export type SalePaymentMethod = PaymentMethod;
export type SalePaymentStatus = "none" | "pending" | "approved" | "rejected" | "refunded";
/** What a sale holds of the stock (db/schema.ts SALE_STOCK_STATES). */
type SaleStockState = "held" | "taken" | "released" | "unreserved" | "short";

/** The list's 'Entrega' filter: one delivery method. */
export const DELIVERY_FILTERS = DELIVERY_METHODS;
export const DELIVERY_FILTER_LABELS: Record<DeliveryMethod, MessageDescriptor> = defineMessages({
  pickup: { id: "sales.filter.delivery.pickup", defaultMessage: "Retiro en tienda" },
  delivery: { id: "sales.filter.delivery.delivery", defaultMessage: "Envío a domicilio" },
  arrange: { id: "sales.filter.delivery.arrange", defaultMessage: "A coordinar" },
});

/** The list's 'Pago' filter: paid on delivery, by transfer or in cash, or an online payment in one state. */
export const PAYMENT_FILTERS = ["on_delivery", "transfer", "cash", "pending", "approved", "rejected", "refunded"] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];
/** The filters that pick a way to pay rather than an online payment's state. */
export const METHOD_FILTERS = ["on_delivery", "transfer", "cash"] as const satisfies readonly PaymentFilter[];
/** The filter's labels, also the payment's words on the desk; the CSV writes their neutral text (`defaultMessage`). */
export const PAYMENT_FILTER_LABELS: Record<PaymentFilter, MessageDescriptor> = defineMessages({
  on_delivery: { id: "sales.payment.onDelivery", defaultMessage: "Al recibir" },
  transfer: { id: "sales.payment.transfer", defaultMessage: "Transferencia" },
  cash: { id: "sales.payment.cash", defaultMessage: "Efectivo" },
  pending: { id: "sales.payment.pending", defaultMessage: "Pendiente" },
  approved: { id: "sales.payment.approved", defaultMessage: "Aprobado" },
  rejected: { id: "sales.payment.rejected", defaultMessage: "Rechazado" },
  refunded: { id: "sales.payment.refunded", defaultMessage: "Reembolsado" },
});

/** How long an order waiting for its online payment keeps its stock: the store's setting, in minutes. */
export const PAYMENT_HOLD_MINUTES = { min: 10, max: 1440, default: 30 } as const;

/** The words for what a pending order holds of the stock, and for a paid order without it. */
const STOCK_NOTES = defineMessages({
  held: { id: "sales.stock.held", defaultMessage: "Reservado" },
  lapsed: { id: "sales.stock.lapsed", defaultMessage: "Pago no completado" },
  paidShort: { id: "sales.stock.paidShort", defaultMessage: "Pagado — sin stock" },
  short: { id: "sales.stock.short", defaultMessage: "Sin stock reservado" },
  unreserved: { id: "sales.stock.unreserved", defaultMessage: "Reservando…" },
  draft: { id: "sales.stock.draft", defaultMessage: "Armado: esperando al cliente" },
  draftLapsed: { id: "sales.stock.draftLapsed", defaultMessage: "Armado: venció sin confirmar" },
  heldUntil: { id: "sales.stock.heldUntil", defaultMessage: "Reserva hasta {date}" },
  receiptExtended: { id: "sales.stock.receiptExtended", defaultMessage: "Comprobante recibido: reserva extendida hasta {date}" },
  holdLapsed: { id: "sales.stock.holdLapsed", defaultMessage: "Reserva vencida: ya no reserva stock" },
});

interface StockNoteSale {
  state: SaleState;
  /** Built by the merchant, waiting for the customer ('Armar pedido'). */
  draft?: boolean;
  stockState: SaleStockState;
  paymentMethod: SalePaymentMethod;
  paymentStatus: SalePaymentStatus;
  /** Until when an unpaid order holds its units, and whether a transfer's receipt extended it. */
  reservedUntil?: Date | null;
  holdExtendedAt?: Date | null;
}

/**
 * What the desk says of a pending order's stock (dates in the store's `timeZone`): 'Reserva hasta …' while an unpaid
 * order holds its units ('Comprobante recibido: reserva extendida hasta …' once a receipt extended it), 'Reservado'
 * for a paid one, 'Pago no completado' when its online payment lapsed and its units went back, 'Reserva vencida: ya
 * no reserva stock' when another way to pay's hold ended, 'Pagado — sin stock' when it was paid without units to
 * give (refund it), 'Sin stock reservado' when it could not be reserved; an order the merchant built, whether it still
 * waits for the customer or lapsed. Nothing for a closed order.
 */
export function stockNote(sale: StockNoteSale, timeZone: string, t: Translate): string | null {
  if (sale.state !== "Pendiente") return null;
  if (sale.draft) return t(sale.stockState === "held" ? STOCK_NOTES.draft : STOCK_NOTES.draftLapsed);
  if (sale.stockState === "held") {
    if (!sale.reservedUntil || sale.paymentStatus === "approved") return t(STOCK_NOTES.held);
    const date = formatSaleDate(sale.reservedUntil, timeZone);
    const extended = sale.holdExtendedAt && sale.paymentMethod === "transfer" && sale.paymentStatus === "pending";
    return t(extended ? STOCK_NOTES.receiptExtended : STOCK_NOTES.heldUntil, { date });
  }
  if (sale.stockState === "short") return t(sale.paymentStatus === "approved" ? STOCK_NOTES.paidShort : STOCK_NOTES.short);
  if (sale.stockState === "released") return t(sale.paymentMethod === "online" ? STOCK_NOTES.lapsed : STOCK_NOTES.holdLapsed);
  if (sale.stockState === "unreserved") return t(STOCK_NOTES.unreserved);
  return null;
}

export interface SalesFilters {
  delivery?: DeliveryMethod;
  payment?: PaymentFilter;
  /** 'Avance': the delivery progress (app/domain/fulfilment.ts). */
  progress?: ProgressFilter;
}

export const hasFilters = (filters: SalesFilters | undefined) =>
  Boolean(filters?.delivery || filters?.payment || filters?.progress);

/** A transfer's state once the buyer sent a receipt: to review, verified by the merchant, or refused. */
const TRANSFER_STATE_LABELS: Partial<Record<SalePaymentStatus, MessageDescriptor>> = defineMessages({
  pending: { id: "sales.payment.receiptReceived", defaultMessage: "Comprobante recibido" },
  approved: { id: "sales.payment.receiptVerified", defaultMessage: "Pago verificado" },
  rejected: { id: "sales.payment.receiptRejected", defaultMessage: "Comprobante rechazado" },
});

const PAYMENT_TEXTS = defineMessages({
  online: { id: "sales.payment.onlineState", defaultMessage: "En línea — {state}" },
  transfer: { id: "sales.payment.transferState", defaultMessage: "Transferencia — {state}" },
});

function paymentStateMessage(sale: { paymentMethod: SalePaymentMethod; paymentStatus: SalePaymentStatus }): MessageDescriptor {
  if (sale.paymentMethod === "transfer") return TRANSFER_STATE_LABELS[sale.paymentStatus] ?? PAYMENT_FILTER_LABELS.transfer;
  if (sale.paymentMethod !== "online") return PAYMENT_FILTER_LABELS[sale.paymentMethod];
  return sale.paymentStatus === "none" ? PAYMENT_FILTER_LABELS.pending : PAYMENT_FILTER_LABELS[sale.paymentStatus];
}

/**
 * The payment's state in a few words: the way to pay for payment by hand (a transfer's receipt state once there is
 * one), else the online payment's state.
 */
export const paymentStateLabel = (
  sale: { paymentMethod: SalePaymentMethod; paymentStatus: SalePaymentStatus },
  t: Translate,
): string => t(paymentStateMessage(sale));

/** How the sale is paid, for the merchant: 'Al recibir', 'Efectivo', 'Transferencia — Comprobante recibido', 'En línea — Aprobado'. */
export function paymentText(sale: { paymentMethod: SalePaymentMethod; paymentStatus: SalePaymentStatus }, t: Translate): string {
  if (sale.paymentMethod === "online") return t(PAYMENT_TEXTS.online, { state: paymentStateLabel(sale, t) });
  if (sale.paymentMethod === "transfer" && sale.paymentStatus !== "none")
    return t(PAYMENT_TEXTS.transfer, { state: paymentStateLabel(sale, t) });
  return t(PAYMENT_FILTER_LABELS[sale.paymentMethod]);
}

/**
 * The query string of a list state (no leading '?', empty for the default 'Últimas 20'): `code=…` for a search,
 * otherwise `view=today` for 'Hoy' and `limit=…` after 'Cargar más ventas'; `delivery=…` and `payment=…` filter either.
 */
export function salesQueryString(state: { code?: string; mode?: "latest" | "today"; limit?: number } & SalesFilters): string {
  const params = new URLSearchParams();
  if (state.code) params.set("code", state.code);
  else {
    if (state.mode === "today") params.set("view", "today");
    if (state.limit && state.limit > SALES_PAGE_SIZE) params.set("limit", String(state.limit));
  }
  if (state.delivery) params.set("delivery", state.delivery);
  if (state.payment) params.set("payment", state.payment);
  if (state.progress) params.set("progress", state.progress);
  return params.toString();
}

const TRANSITIONS: Record<SaleAction, SaleState> = { confirm: "Confirmada", cancel: "Cancelada" };

/** Only a pending sale changes: 'Completar' makes it Confirmada, 'Cancelar' makes it Cancelada. Anything else is refused. */
export function nextSaleState(current: SaleState, action: SaleAction): SaleState | null {
  return current === "Pendiente" ? TRANSITIONS[action] : null;
}

export function canChangeSale(state: SaleState): boolean {
  return state === "Pendiente";
}

/**
 * Quantities per product to take from stock, for lines of products sold as one thing; lines of deleted
 * products (no product id) and lines of a variant (taken from the variant instead) are skipped.
 */
export function stockNeeds(
  lines: ReadonlyArray<{ productId: string | null; variant?: string | null; quantity: number }>,
): Map<string, number> {
  const needs = new Map<string, number>();
  for (const line of lines) {
    if (line.productId && !line.variant) needs.set(line.productId, (needs.get(line.productId) ?? 0) + line.quantity);
  }
  return needs;
}

/** Quantities per variant to take from stock; lines whose variant was deleted since (no variant id) are skipped. */
export function variantStockNeeds(
  lines: ReadonlyArray<{ variantId?: number | null; variant?: string | null; quantity: number }>,
): Map<number, number> {
  const needs = new Map<number, number>();
  for (const line of lines) {
    if (line.variant && line.variantId != null) needs.set(line.variantId, (needs.get(line.variantId) ?? 0) + line.quantity);
  }
  return needs;
}

const DEFAULT_TIME_ZONE = "America/Bogota";

/** The store's IANA zone if this runtime knows it, otherwise the product default. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

const dayKeyFormats = new Map<string, Intl.DateTimeFormat>();

/** The local calendar day of an instant in a zone, as a sortable number yyyymmdd. */
function localDayKey(ms: number, timeZone: string): number {
  let format = dayKeyFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" });
    dayKeyFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return get("year") * 10_000 + get("month") * 100 + get("day");
}

/** The first instant whose local day is at least `day`, searched in [lo, hi] (local days never go backwards). */
function firstInstantOfDay(day: number, timeZone: string, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDayKey(mid, timeZone) >= day) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const HOUR = 3_600_000;

/**
 * 'Hoy' in the store's time zone: from local midnight (or the first instant of the day where a DST jump
 * skips midnight) up to the start of the next local day. Both bounds are epoch ms, `from` inclusive, `to` exclusive.
 */
export function todayRange(now: Date, timeZone: string): { from: Date; to: Date } {
  const zone = safeTimeZone(timeZone);
  const t = now.getTime();
  const today = localDayKey(t, zone);
  // Offsets stay within ±14 h and DST moves at most a few hours, so a day starts within 27 h before now.
  const from = firstInstantOfDay(today, zone, t - 27 * HOUR, t);
  const to = firstInstantOfDay(dayAfterKey(today), zone, t, t + 27 * HOUR);
  return { from: new Date(from), to: new Date(to) };
}

/** yyyymmdd of the calendar day after `key` (month and year rollovers). */
function dayAfterKey(key: number): number {
  const y = Math.floor(key / 10_000);
  const m = Math.floor((key % 10_000) / 100);
  const d = key % 100;
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return next.getUTCFullYear() * 10_000 + (next.getUTCMonth() + 1) * 100 + next.getUTCDate();
}

/** Date and time of a sale for the merchant, in the store's zone: '10 mar 2026, 10:00'. */
export function formatSaleDate(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("es", { dateStyle: "medium", timeStyle: "short", timeZone: safeTimeZone(timeZone) }).format(
    date,
  );
}

const localDateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * 'yyyy-mm-dd hh:mm' in the store's zone: sorts as text and every spreadsheet reads it. The zone's format is built once
 * per process: building one costs far more than using it, and an export writes thousands of dates.
 */
export function isoLocalDateTime(date: Date, timeZone: string): string {
  let format = localDateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: safeTimeZone(timeZone),
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    localDateTimeFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}`;
}

/** The store's local calendar day, 'YYYY-MM-DD': a discount code's dates, a file name's day. */
export function storeToday(now: Date, timeZone: string): string {
  return isoLocalDateTime(now, timeZone).slice(0, 10);
}

export interface CsvSale {
  id: string;
  createdAt: Date;
  state: SaleState;
  buyerName: string;
  buyerPhone: string | null;
  delivery: DeliveryMethod;
  address: string | null;
  note: string | null;
  total: number;
  currency: string;
  lines: ReadonlyArray<{ name: string; quantity: number }>;
  subtotal: number;
  discount: number;
  discountCode: string | null;
  deliveryFee: number;
  deliveryZone: string | null;
  pickupPoint: string | null;
  paymentMethod: SalePaymentMethod;
  paymentStatus: SalePaymentStatus;
  buyerEmail: string | null;
  paymentAdjustment: number;
}

const CSV_HEADER = [
  "Código",
  "Fecha",
  "Estado",
  "Comprador",
  "Teléfono",
  "Entrega",
  "Dirección",
  "Nota",
  "Productos",
  "Total",
  "Moneda",
  // Added with delivery zones, discounts and online payments: after the original columns, so sheets that
  // read those by position keep working.
  "Subtotal",
  "Descuento",
  "Código de descuento",
  "Envío",
  "Zona",
  "Punto de retiro",
  "Pago",
  "Estado del pago",
  "Correo",
  "Descuento por forma de pago",
  "Recargo por forma de pago",
] as const;

/** A sale's delivery progress as the export writes it (app/fulfilment). */
interface CsvProgress {
  step: string;
  carrier: string;
  trackingNumber: string;
}

/**
 * What the desk's export knows of the store: its country (amounts with its spreadsheets' decimal mark, phones read
 * there and written in international form as text), and each sale's delivery progress, written in three columns
 * after the others.
 */
export interface CsvSheet {
  country: StoreCountry;
  progress: ReadonlyMap<string, CsvProgress>;
}

const PROGRESS_HEADER = ["Avance", "Empresa de envío", "Número de seguimiento"] as const;

/**
 * The shown sales as CSV for bookkeeping: UTF-8 with BOM (Excel), CRLF, dates in the store's zone, totals as plain
 * decimals; with `sheet`, as the store's spreadsheets read them, with the delivery progress.
 */
export function salesCsv(rows: ReadonlyArray<CsvSale>, timeZone: string, sheet?: CsvSheet): string {
  const lines: Array<Array<string | TextCell>> = [sheet ? [...CSV_HEADER, ...PROGRESS_HEADER] : [...CSV_HEADER]];
  const amount = (minor: number, currency: string) => {
    const plain = toDecimalString(minor, currency);
    return sheet ? spreadsheetDecimal(plain, sheet.country) : plain;
  };
  const phone = (typed: string | null) => {
    if (!sheet) return typed ?? "";
    // Read as the buyer's chat reads it (whatsapp.ts buyerWhatsappNumber, which this module cannot import).
    const number = typed ? (normalizePhone(typed, sheet.country) ?? storedPhone(typed.replace(/\D/g, ""), sheet.country)) : null;
    return textCell(number ? displayPhone(number) : (typed ?? ""));
  };
  for (const sale of rows) {
    const progress = sheet?.progress.get(sale.id);
    lines.push([
      sale.id,
      isoLocalDateTime(sale.createdAt, timeZone),
      sale.state,
      sale.buyerName,
      phone(sale.buyerPhone),
      DELIVERY_METHOD_MESSAGES[sale.delivery].defaultMessage,
      sale.address ?? "",
      sale.note ?? "",
      sale.lines.map((l) => `${l.name} x ${l.quantity}`).join("; "),
      amount(sale.total, sale.currency),
      sale.currency,
      amount(sale.subtotal, sale.currency),
      amount(sale.discount, sale.currency),
      sale.discountCode ?? "",
      amount(sale.deliveryFee, sale.currency),
      sale.deliveryZone ?? "",
      sale.pickupPoint ?? "",
      sale.paymentMethod === "online" ? "En línea" : PAYMENT_FILTER_LABELS[sale.paymentMethod].defaultMessage,
      sale.paymentMethod === "online" || sale.paymentStatus !== "none" ? paymentStateMessage(sale).defaultMessage : "",
      sale.buyerEmail ?? "",
      amount(Math.max(0, -sale.paymentAdjustment), sale.currency),
      amount(Math.max(0, sale.paymentAdjustment), sale.currency),
      ...(sheet ? [progress?.step ?? "", progress?.carrier ?? "", progress?.trackingNumber ?? ""] : []),
    ]);
  }
  return csvDocument(lines, SPREADSHEET_SEPARATOR);
}

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(userAgent ?? "");
}

export function buyerGreeting(buyerName: string, storeName: string, code: string): string {
  return `Hola ${buyerName}, te escribimos de ${storeName} por tu pedido ${code}.`;
}
