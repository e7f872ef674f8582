import { asc, inArray, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { z } from "zod";
import { trackingOf } from "~/domain/carriers";
import { storeCountry } from "~/domain/countries";
import { PROGRESS_FILTERS, STEP_LABELS } from "~/domain/fulfilment";
import type { Translate } from "~/domain/messages";
import { SALE_SEARCH_MESSAGES, SEARCH_MAX_CHARS, saleSearchExpression } from "~/domain/sale-search";
import {
  DELIVERY_FILTERS,
  PAYMENT_FILTERS,
  SALE_CODE_PATTERN,
  SALE_MESSAGES,
  SALES_MAX_SHOWN,
  SALES_PAGE_SIZE,
  type SalesFilters,
} from "~/domain/sales";
import { deliveriesQuery } from "~/fulfilment/progress-records.server";
import { progressCondition, saleSearchQuery, searchMatchesQuery } from "~/fulfilment/sale-search.server";
import { type SalesView, salesListQuery, salesListResult } from "~/orders/order-queries.server";
import type { Db } from "~/services/db";
import type { IdRef } from "~/workspace/page-reads.server";
import { saleLines } from "../../db/schema";

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
  progress: z.enum(PROGRESS_FILTERS).optional().catch(undefined),
  q: z
    .string()
    .transform((s) => s.trim().slice(0, SEARCH_MAX_CHARS))
    .optional()
    .catch(undefined),
});

interface ListState {
  code: string;
  /** What the search box holds ('?q='): a name, phone, email, product or code, searched through the index. */
  search: string;
  mode: "latest" | "today";
  limit: number;
  filters: SalesFilters;
}

export type ParsedSalesQuery = ({ ok: true; view: SalesView } | { ok: false; error: string }) & ListState;

export function parseSalesQuery(params: URLSearchParams, t: Translate): ParsedSalesQuery {
  const query = querySchema.parse({
    code: params.get("code") ?? undefined,
    view: params.get("view") ?? undefined,
    limit: params.get("limit") ?? undefined,
    delivery: params.get("delivery") ?? undefined,
    payment: params.get("payment") ?? undefined,
    progress: params.get("progress") ?? undefined,
    q: params.get("q") ?? undefined,
  });
  const filters: SalesFilters = {};
  if (query.delivery) filters.delivery = query.delivery;
  if (query.payment) filters.payment = query.payment;
  if (query.progress) filters.progress = query.progress;
  const narrow = query.progress ? progressCondition(query.progress) : undefined;
  const base = { code: query.code ?? "", search: query.q ?? "", mode: query.view, limit: query.limit, filters };
  if (query.code) {
    if (!SALE_CODE_PATTERN.test(query.code)) return { ok: false, error: t(SALE_MESSAGES.badCode), ...base };
    return { ok: true, view: { kind: "code", code: query.code, filters, narrow }, ...base };
  }
  return {
    ok: true,
    view:
      query.view === "today"
        ? { kind: "today", limit: query.limit, filters, narrow }
        : { kind: "latest", limit: query.limit, filters, narrow },
    ...base,
  };
}

/**
 * The statements of the desk's list for one batch: its sales (`limit + 1`: the search's through the index, else the
 * view's), the delivery progress of those same sales, and how many sales a search matches (no row without one).
 */
export function deskQueries(
  db: Db,
  store: { id: IdRef; timeZone: string; country: string },
  query: ParsedSalesQuery & { ok: true },
  now: Date,
) {
  const expression = query.search ? saleSearchExpression(query.search, storeCountry(store)) : null;
  const rows =
    expression && query.view.kind !== "code"
      ? saleSearchQuery(db, store.id, expression, query.filters, query.limit)
      : salesListQuery(db, store, query.view, now);
  const shown = rows.as("shown");
  const matches =
    expression && query.view.kind !== "code"
      ? searchMatchesQuery(db, store.id, expression)
      : db
          .select({ matches: sql<number>`0`.mapWith(Number) })
          .from(saleLines)
          .where(sql`0`);
  return { rows, progress: deliveriesQuery(db, store.id, db.select({ id: shown.id }).from(shown)), matches };
}

/** A search nothing in which can be looked up (every word under 3 characters): its message, else null. */
/** A search the index cannot run (words under 3 characters), in the merchant's words (`t`); null when it can. */
export const searchProblem = (query: ListState, store: { country: string; timeZone: string }, t: Translate) =>
  searchRefused(query, store) ? t(SALE_SEARCH_MESSAGES.tooShort) : null;

/** Whether the search has nothing in it to look up (every word under 3 characters). */
export const searchRefused = (query: ListState, store: { country: string; timeZone: string }) =>
  Boolean(query.search && !query.code && !saleSearchExpression(query.search, storeCountry(store)));

/** The desk's query as its address asks, refused (with its message, in `t`'s words) when its search has nothing to look up. */
export function salesDeskQuery(
  params: URLSearchParams,
  store: { country: string; timeZone: string },
  t: Translate,
): ParsedSalesQuery {
  const parsed = parseSalesQuery(params, t);
  const problem = searchProblem(parsed, store, t);
  return problem ? { ...parsed, ok: false as const, error: problem } : parsed;
}

/**
 * The export's statements for one batch: the sales the list shows (exactly those), their lines and their delivery
 * progress. `store.id` may be a page's scoped id.
 */
export function deskExportQueries(
  db: Db,
  store: { id: IdRef; timeZone: string; country: string },
  query: ParsedSalesQuery & { ok: true },
  now: Date,
) {
  const desk = deskQueries(db, store, query, now);
  const shown = desk.rows.as("shown_lines");
  return [
    desk.rows,
    db
      .select()
      .from(saleLines)
      .where(inArray(saleLines.saleId, db.select({ id: shown.id }).from(shown)))
      .orderBy(asc(saleLines.saleId), asc(saleLines.position)),
    desk.progress,
  ] as const;
}

/** The export's sales with their lines and delivery progress, from deskExportQueries' answers. */
export function deskExportOf(
  [rows, lines, progressRows]: BatchResponse<ReturnType<typeof deskExportQueries>>,
  query: ParsedSalesQuery & { ok: true },
) {
  const bySale = new Map<string, Array<typeof saleLines.$inferSelect>>();
  for (const line of lines) bySale.set(line.saleId, [...(bySale.get(line.saleId) ?? []), line]);
  const sales = salesListResult(rows, query.view).sales.map((sale) => ({ ...sale, lines: bySale.get(sale.id) ?? [] }));
  const progress = new Map(
    progressRows.map((p) => {
      const tracking = p.step === "preparing" ? null : trackingOf(p);
      return [
        p.saleId,
        {
          step: STEP_LABELS[p.step].defaultMessage,
          carrier: tracking?.carrierName ?? "",
          trackingNumber: p.trackingNumber ?? "",
        },
      ];
    }),
  );
  return { sales, progress };
}
