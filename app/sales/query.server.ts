import { z } from "zod";
import { SALE_CODE_PATTERN, SALE_MESSAGES, SALES_MAX_SHOWN, SALES_PAGE_SIZE } from "~/domain/sales";
import type { SalesView } from "./sales.server";

/**
 * The list's query string, shared by the page and the CSV export so the export holds exactly the shown sales:
 * `?code=4821937465` (exact code), `?view=today` ('Hoy'), `&limit=40` (after 'Cargar más ventas').
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
});

export type ParsedSalesQuery =
  | { ok: true; view: SalesView; code: string; mode: "latest" | "today"; limit: number }
  | { ok: false; error: string; code: string; mode: "latest" | "today"; limit: number };

export function parseSalesQuery(params: URLSearchParams): ParsedSalesQuery {
  const query = querySchema.parse({
    code: params.get("code") ?? undefined,
    view: params.get("view") ?? undefined,
    limit: params.get("limit") ?? undefined,
  });
  const base = { code: query.code ?? "", mode: query.view, limit: query.limit };
  if (query.code) {
    if (!SALE_CODE_PATTERN.test(query.code)) return { ok: false, error: SALE_MESSAGES.badCode, ...base };
    return { ok: true, view: { kind: "code", code: query.code }, ...base };
  }
  return {
    ok: true,
    view: query.view === "today" ? { kind: "today", limit: query.limit } : { kind: "latest", limit: query.limit },
    ...base,
  };
}
