import { data } from "react-router";

/**
 * The one 404 of the app: the root error boundary words it by `kind`. A foreign or unknown id gets
 * the same answer, so nothing tells another merchant's data exists.
 */
export function notFound(kind: "not_found" | "store_not_found" = "not_found", headers?: HeadersInit): never {
  throw data({ kind }, { status: 404, headers });
}

/**
 * A request refused with a reason the shopper can read (the cart: 'Este producto está agotado'): the
 * root error boundary shows the message as the page's title.
 */
export function refused(message: string, status: 400 | 404 | 409): never {
  throw data({ kind: "refused", message }, { status });
}

/**
 * The one 403 of the workspace: a member of the store's staff whose role does not include the section (the root
 * error boundary words it, or says `words`: the merchant's variant). A store the user has no part in answers the 404
 * instead.
 */
export function forbidden(words?: { title: string; description: string }): never {
  throw data({ kind: "forbidden", ...words }, { status: 403 });
}
