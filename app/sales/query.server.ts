import { z } from "zod";
import {
  DELIVERY_FILTERS,
  PAYMENT_FILTERS,
  SALE_CODE_PATTERN,
  SALE_MESSAGES,
  SALES_MAX_SHOWN,
  SALES_PAGE_SIZE,
  type SalesFilters,
} from "~/domain/sales";
import type { SalesView } from "~/orders/order-queries.server";

/**
 * The list's query string, shared by the page and the CSV export so the export holds exactly the shown sales:
 * `?code=4821937465` (exact code), `?view=today` ('Hoy'), `&limit=40` (after 'Cargar más ventas'), and the filters
 * `&delivery=pickup|delivery|arrange` ('Entrega') and `&payment=on_delivery|pending|approved|rejected` ('Pago').
 * An unknown filter value is dropped (the list shows 'Todas'/'Todos'), as an unknown view is.
 */
const querySchema = z.object({
  code: z
    .string()
    .transform((s) => s.replace(/\s/g, ""))
    .optional(),
  view: z.enum(["latest", "today"]).catch("latest"),
  limit: z.coerce
    .number()
    .int()
    .catch(SALES_PAGE_SIZE)
    .transform((n) => Math.min(SALES_MAX_SHOWN, Math.max(SALES_PAGE_SIZE, Math.ceil(n / SALES_PAGE_SIZE) * SALES_PAGE_SIZE))),
  delivery: z.enum(DELIVERY_FILTERS).optional().catch(undefined),
  payment: z.enum(PAYMENT_FILTERS).optional().catch(undefined),
});

interface ListState {
  code: string;
  mode: "latest" | "today";
  limit: number;
  filters: SalesFilters;
}

export type ParsedSalesQuery = ({ ok: true; view: SalesView } | { ok: false; error: string }) & ListState;

export function parseSalesQuery(params: URLSearchParams): ParsedSalesQuery {
  const query = querySchema.parse({
    code: params.get("code") ?? undefined,
    view: params.get("view") ?? undefined,
    limit: params.get("limit") ?? undefined,
    delivery: params.get("delivery") ?? undefined,
    payment: params.get("payment") ?? undefined,
  });
  const filters: SalesFilters = {};
  if (query.delivery) filters.delivery = query.delivery;
  if (query.payment) filters.payment = query.payment;
  const base = { code: query.code ?? "", mode: query.view, limit: query.limit, filters };
  if (query.code) {
    if (!SALE_CODE_PATTERN.test(query.code)) return { ok: false, error: SALE_MESSAGES.badCode, ...base };
    return { ok: true, view: { kind: "code", code: query.code, filters }, ...base };
  }
  return {
    ok: true,
    view:
      query.view === "today" ? { kind: "today", limit: query.limit, filters } : { kind: "latest", limit: query.limit, filters },
    ...base,
  };
}
