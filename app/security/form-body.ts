import { isSignedEndpoint } from "./origin";

/**
 * Every action of the app reads a form: a page's form, or the same form sent by React Router when the page moves
 * without a reload (a `.data` request). A state-changing request with any other body (JSON, text, XML, or none at all)
 * is refused here, before routing, with a Spanish 415, instead of failing in the action's `request.formData()` as a
 * 500 and an error report. MercadoPago's signed webhooks are the one exception: their body is JSON.
 */
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
const READS_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const FORM_BODY_MESSAGE = "No pudimos leer el formulario. Vuelve a cargar la página e inténtalo de nuevo.";

/** The 415 for a state-changing request whose body is not a form (`path`: the routed one), or null. */
export function notAForm(request: Request, path: string, storeHost: string | null): Response | null {
  if (!READS_BODY.has(request.method)) return null;
  if (storeHost === null && isSignedEndpoint(path)) return null;
  if (FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) return null;
  // Connection: close lets the server drop a body nobody will read.
  return new Response(FORM_BODY_MESSAGE, {
    status: 415,
    headers: { "Content-Type": "text/plain; charset=utf-8", Connection: "close", "Cache-Control": "no-store" },
  });
}
