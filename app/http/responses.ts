import { data } from "react-router";

/**
 * The one 404 of the app: the root error boundary words it by `kind`. A foreign or unknown id gets
 * the same answer, so nothing tells another merchant's data exists.
 */
export function notFound(kind: "not_found" | "store_not_found" = "not_found", headers?: HeadersInit): never {
  throw data({ kind }, { status: 404, headers });
}
