/**
 * The merchant's page titles. A store's pages name the store ('Clientes | Panadería Ana'), read from the workspace
 * layout's data so no page loads it again; the account's pages, and the pages before signing in, name Vitrina
 * ('Cuenta | Vitrina').
 */

/** The route of `/Store/{storeId}`, whose loader data carries the store's name. */
const WORKSPACE_ROUTE_ID = "stores/routes/workspace-layout";

export const accountPageTitle = (page: string) => `${page} | Vitrina`;

export function storePageTitle(page: string, matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  const workspace = matches.find((m) => m?.id === WORKSPACE_ROUTE_ID)?.loaderData as { name?: unknown } | undefined;
  return typeof workspace?.name === "string" ? `${page} | ${workspace.name}` : accountPageTitle(page);
}
