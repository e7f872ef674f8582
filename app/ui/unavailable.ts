import { ERROR_PAGE_TEXT } from "./error-page-texts";
import { escapeHtml } from "./html";

/** What a visitor is told when the database did not answer, on the plain page and in the app alike. */
const UNAVAILABLE_KIND = "database_unavailable";
export const UNAVAILABLE_TEXT = {
  title: "No pudimos atenderte en este momento",
  description: "Tenemos un problema técnico pasajero y no se guardó ningún cambio. En unos minutos se podrá intentar de nuevo.",
} as const;

/**
 * The database did not answer: a plain Spanish page (no app to hydrate, nothing that needs the database) with 503
 * and a Retry-After, so a shopper knows nothing was saved and to try again, and caches and crawlers come back later.
 */
export function unavailablePage(requestId: string, headers: Headers): Response {
  const id = requestId ? `<p class="muted">${ERROR_PAGE_TEXT.supportCode} <code>${escapeHtml(requestId)}</code></p>` : "";
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${UNAVAILABLE_TEXT.title}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}.muted{color:#666}</style></head><body><main class="error-page"><h1>${UNAVAILABLE_TEXT.title}</h1><p>${UNAVAILABLE_TEXT.description}</p>${id}</main></body></html>`;
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Retry-After", "30");
  headers.set("Cache-Control", "no-store");
  headers.set("X-Content-Type-Options", "nosniff");
  return new Response(html, { status: 503, headers });
}

/**
 * The same answer to a JavaScript navigation or form (a `.data` request): a plain 503 whose body the app's error
 * boundary reads (app/root.tsx), to say the same words with this request's id instead of leaving the page half-done.
 */
export function unavailableData(requestId: string): Response {
  return new Response(JSON.stringify({ kind: UNAVAILABLE_KIND, requestId }), {
    status: 503,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Retry-After": "30",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The request id of a `.data` answer made by unavailableData, as the error boundary receives its body. */
export function unavailableRequestId(body: unknown): string | null {
  if (typeof body !== "string") return null;
  try {
    const parsed = JSON.parse(body) as { kind?: unknown; requestId?: unknown };
    return parsed.kind === UNAVAILABLE_KIND ? String(parsed.requestId ?? "") : null;
  } catch {
    return null;
  }
}
