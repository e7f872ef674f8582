/**
 * A store's customers as plain rules: how an order's buyer is recognised (their WhatsApp number in E.164, or their
 * email), the list's query (search, sort, how many), what 'Pedidos' and 'Total comprado' count, and the CSV export.
 */
import type { StoreCountry } from "./countries";
import { csvDocument, SPREADSHEET_SEPARATOR } from "./csv";
import { defineMessage, defineMessages, type MessageDescriptor } from "./messages";
import { toDecimalString } from "./money";
import { normalizePhone } from "./phone";
import { isoLocalDateTime } from "./sales";

/** How an order's buyer is known: their number as E.164 digits, their email in lower case; null when neither. */
export interface CustomerKey {
  phone: string | null;
  email: string | null;
}

/**
 * The buyer of an order as the customer list knows them. A number is read with the store's country's rules, so
 * '11 5555-1234', '+54 9 11 5555-1234' and '011 15 5555-1234' are one person in Argentina; a number that is no
 * valid number anywhere is kept as its digits, so the same typing still finds the same customer.
 */
export function customerKey(buyer: { phone: string | null; email: string | null }, country: StoreCountry): CustomerKey | null {
  const typed = buyer.phone?.trim() ?? "";
  const phone = typed ? (normalizePhone(typed, country) ?? (typed.replace(/\D/g, "") || null)) : null;
  const email = buyer.email?.trim().toLowerCase() || null;
  return phone || email ? { phone, email } : null;
}

/** What an order keeps of its buyer once the customer asked to be forgotten. */
export const FORGOTTEN_BUYER = { name: "Cliente eliminado", address: "Dirección eliminada" } as const;

export const CUSTOMER_SORTS = ["recent", "orders", "spent", "name"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMER_SORT_LABELS: Record<CustomerSort, MessageDescriptor> = defineMessages({
  recent: { id: "customers.sort.recent", defaultMessage: "Último pedido" },
  orders: { id: "customers.sort.orders", defaultMessage: "Más pedidos" },
  spent: { id: "customers.sort.spent", defaultMessage: "Más comprado" },
  name: { id: "customers.sort.name", defaultMessage: "Nombre" },
});

export interface CustomerListQuery {
  search: string;
  sort: CustomerSort;
  limit: number;
}

export const CUSTOMERS_PAGE_SIZE = 50;
/** 'Ver más clientes' adds a page at a time; past this the merchant searches or exports. */
export const CUSTOMERS_MAX_SHOWN = 1000;
/** The CSV export holds the whole list, up to this many (a small store's lifetime, several times over). */
export const CUSTOMERS_CSV_MAX = 20_000;
/** The merge form offers this many other customers at most, by name. */
export const MERGE_CANDIDATES_MAX = 300;
export const CUSTOMER_SEARCH_MAX = 100;

/** A customer's orders, counted: '1 pedido', '3 pedidos'. */
export const CUSTOMER_ORDERS = defineMessage({
  id: "customers.orders.count",
  defaultMessage: "{count, plural, one {{count} pedido} other {{count} pedidos}}",
});

export const CUSTOMER_MESSAGES = defineMessages({
  notFound: { id: "customers.refusal.notFound", defaultMessage: "Este cliente ya no está en tu lista" },
  mergeTarget: { id: "customers.refusal.mergeTarget", defaultMessage: "Elige con qué cliente unirlo" },
  mergeSelf: { id: "customers.refusal.mergeSelf", defaultMessage: "Elige otro cliente: es el mismo" },
  merged: { id: "customers.notice.mergedDetail", defaultMessage: "Los pedidos de {name} ahora están en este cliente" },
  confirmForget: {
    id: "customers.refusal.confirmForget",
    defaultMessage: "Marca la casilla para confirmar que quieres borrar sus datos",
  },
  forgotten: {
    id: "customers.notice.forgottenDetail",
    defaultMessage: "Borramos los datos de este cliente. Sus pedidos quedan en Ventas sin su nombre ni contacto.",
  },
});

/** One customer as the list shows and exports it: what their orders add up to. */
export interface CustomerSummary {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  /** 'Pedidos': the orders that were not cancelled. */
  orders: number;
  /**
   * 'Total comprado': the confirmed orders' totals (a pending order is not yet money, a cancelled one never was), in
   * the store's currency; orders placed in another currency, before the store changed it, are left out of the sum.
   */
  spent: number;
  lastOrderAt: Date | null;
}

const CSV_HEADER = ["Nombre", "WhatsApp", "Email", "Pedidos", "Total comprado", "Moneda", "Último pedido"] as const;

/** The customer list for a spreadsheet: one row each, amounts as decimals in the store's currency. */
export function customersCsv(rows: readonly CustomerSummary[], currency: string, timeZone: string): string {
  const lines: string[][] = [[...CSV_HEADER]];
  for (const c of rows) {
    lines.push([
      c.name,
      c.phone ? `+${c.phone}` : "",
      c.email ?? "",
      String(c.orders),
      toDecimalString(c.spent, currency),
      currency,
      c.lastOrderAt ? isoLocalDateTime(c.lastOrderAt, timeZone) : "",
    ]);
  }
  return csvDocument(lines, SPREADSHEET_SEPARATOR);
}

/** The query string of a list state, without its defaults. */
export function customerQueryString(query: Partial<CustomerListQuery>): string {
  const params = new URLSearchParams();
  if (query.search) params.set("q", query.search);
  if (query.sort && query.sort !== "recent") params.set("sort", query.sort);
  if (query.limit && query.limit > CUSTOMERS_PAGE_SIZE) params.set("limit", String(query.limit));
  return params.toString();
}

/** The search box's text as a LIKE pattern (its own % and _ taken literally with '\' as the escape). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
