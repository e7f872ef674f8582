import { z } from "zod";

export const PAGE_SIZE = 10;
/** 'Cargar más' without JS shows pages 1…n in one list; this caps n (1,000 products). */
const MAX_PAGES = 100;

/** `?pagina=n` (1…MAX_PAGES) and `?categoria=c` (0…15); anything else falls back to the defaults. */
export function readListParams(request: Request) {
  const params = new URL(request.url).searchParams;
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGES)
    .catch(1)
    .parse(params.get("pagina") ?? 1);
  const rawCategory = params.get("categoria");
  const category =
    rawCategory == null || rawCategory === "" ? null : z.coerce.number().int().min(0).max(15).catch(-1).parse(rawCategory);
  return { page, category: category === -1 ? null : category, query: (params.get("q") ?? "").slice(0, 100) };
}

export function withParams(path: string, params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== "") search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
