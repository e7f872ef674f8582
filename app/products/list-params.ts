import { PRODUCT_FILTERS, type ProductFilter } from "~/domain/catalog";

/** The products list's page size ('Cargar más' adds another). */
export const PRODUCT_PAGE = 60;

/** The filter as the URL names it (`?estado=publicados`). */
export const FILTER_PARAMS: Record<ProductFilter, string | null> = { all: null, published: "publicados", hidden: "ocultos" };

const filterOf = (param: string | null): ProductFilter =>
  PRODUCT_FILTERS.find((f) => FILTER_PARAMS[f] !== null && FILTER_PARAMS[f] === param) ?? "all";

/** What the products list's address asks for: its search, how many rows and which filter. */
export function productListParams(params: URLSearchParams) {
  return {
    query: (params.get("q") ?? "").slice(0, 80),
    limit: Math.min(Math.max(Number(params.get("limit")) || PRODUCT_PAGE, PRODUCT_PAGE), 2000),
    filter: filterOf(params.get("estado")),
  };
}
