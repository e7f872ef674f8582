import { z } from "zod";
import {
  CUSTOMER_SEARCH_MAX,
  CUSTOMER_SORTS,
  CUSTOMERS_MAX_SHOWN,
  CUSTOMERS_PAGE_SIZE,
  type CustomerListQuery,
} from "~/domain/customers";

/**
 * The customer list's query string, shared by the page and the CSV export: `?q=` (name, email or number),
 * `&sort=recent|orders|spent|name` and `&limit=` (after 'Ver más clientes'). Unknown or out-of-range values fall
 * back to the list's defaults; a search is cut to its first characters.
 */
const querySchema = z.object({
  q: z
    .string()
    .transform((s) => s.trim().slice(0, CUSTOMER_SEARCH_MAX))
    .catch(""),
  sort: z.enum(CUSTOMER_SORTS).catch("recent"),
  limit: z.coerce
    .number()
    .int()
    .catch(CUSTOMERS_PAGE_SIZE)
    .transform((n) =>
      Math.min(CUSTOMERS_MAX_SHOWN, Math.max(CUSTOMERS_PAGE_SIZE, Math.ceil(n / CUSTOMERS_PAGE_SIZE) * CUSTOMERS_PAGE_SIZE)),
    ),
});

export function parseCustomerQuery(params: URLSearchParams): CustomerListQuery {
  const query = querySchema.parse({
    q: params.get("q") ?? "",
    sort: params.get("sort") ?? undefined,
    limit: params.get("limit") ?? undefined,
  });
  return { search: query.q, sort: query.sort, limit: query.limit };
}
