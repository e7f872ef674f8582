import { type Translate, translatorOfPage } from "~/domain/messages";
import { type PageMessages, pageTranslator } from "~/ui/messages";

/**
 * The merchant's page titles. A store's pages name the store ('Clientes | Panadería Ana'), read from the workspace
 * layout's data so no page loads it again; the account's pages, and the pages before signing in, name Vitrina
 * ('Cuenta | Vitrina').
 */

/** The route of `/Store/{storeId}`, whose loader data carries the store's name. */
const WORKSPACE_ROUTE_ID = "stores/routes/workspace-layout";
/** The route above every merchant page, whose loader data is the merchant's catalog (decision 0067). */
const MESSAGES_ROUTE_ID = "merchant/routes/messages-layout";

export const accountPageTitle = (page: string) => `${page} | Vitrina`;

export function storePageTitle(page: string, matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  const workspace = matches.find((m) => m?.id === WORKSPACE_ROUTE_ID)?.loaderData as { name?: unknown } | undefined;
  return typeof workspace?.name === "string" ? `${page} | ${workspace.name}` : accountPageTitle(page);
}

const neutral = translatorOfPage("es", {});

/**
 * A meta function's translator: the catalog the page's messages came with (`messages`, a sign-in page's own loader
 * data), else the merchant layout's above it; neutral Spanish before any has loaded.
 */
export function metaT(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  messages?: PageMessages,
): Translate {
  const found =
    messages ?? (matches.find((m) => m?.id === MESSAGES_ROUTE_ID)?.loaderData as PageMessages | undefined) ?? undefined;
  return found?.catalog ? pageTranslator(found) : neutral;
}
