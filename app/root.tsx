import { useCallback, useEffect, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ICONS, MANIFEST_PATH, SERVICE_WORKER_PATH, THEME_COLOR } from "./pwa/manifest";
import { getServices, requestIdContext } from "./services/services";
import appCss from "./styles/app.css?inline";
import siteCss from "./styles/site.css?raw";
import { AppScripts, appStarted, HOLD_UNTIL_STARTED } from "./ui/app-scripts";
import { ERROR_PAGE_TEXT } from "./ui/error-page-texts";
import { readNotice } from "./ui/flash.server";
import type { LookView } from "./ui/look-view";
import type { Notice } from "./ui/notice";
import { NotificationBanner } from "./ui/overlays";
import { UNAVAILABLE_TEXT, unavailableRequestId } from "./ui/unavailable";
import { FORBIDDEN } from "./workspace/forbidden-texts";

// Rendered on hydrated pages only (public store pages inline their CSS instead of <Links />): the
// merchant app is installable, the stores are not (docs/decisions/0018-installable-merchant-app.md).
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: MANIFEST_PATH },
  { rel: "apple-touch-icon", href: ICONS.apple180.path },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { notice, headers } = await readNotice(getServices(context).config, request);
  // Shown only by the error page, so a merchant can quote it when reporting a failure.
  const requestId = context.get(requestIdContext);
  return data({ notice, requestId }, headers ? { headers } : undefined);
}

/** Public store pages set `handle = { hydrate: false }`: HTML and inlined CSS only, no framework JS. */
export interface RouteHandle {
  hydrate?: boolean;
}

function useHydrates(): boolean {
  return !useMatches().some((m) => (m.handle as RouteHandle | undefined)?.hydrate === false);
}

/** The store's look on a public page (app/ui/look-view.ts), from the page's loader data. */
function usePublicLook(): LookView | null {
  const matches = useMatches();
  for (const m of matches) {
    const look = (m.loaderData as { site?: { look?: LookView } } | undefined)?.site?.look;
    if (look) return look;
  }
  return null;
}

/**
 * The merchant app's stylesheet, inline in the head: a merchant page paints with its document alone, no request
 * before the paint (docs/decisions/0070-merchant-first-paint-adopted.md). The client build does not carry its
 * text: hydration keeps the one the server sent, read back from the page.
 */
function AppStyle() {
  const text = import.meta.env.SSR ? appCss : (document.getElementById("app-css")?.textContent ?? "");
  return <style id="app-css" dangerouslySetInnerHTML={{ __html: text }} />;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const hydrates = useHydrates();
  const look = usePublicLook();
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {hydrates ? (
          <>
            <meta name="theme-color" content={THEME_COLOR} />
            {/* The server's text, which has run by the time the app hydrates: the client build does not carry it. */}
            <script
              suppressHydrationWarning
              dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? HOLD_UNTIL_STARTED : "" }}
            />
            <AppStyle />
            <Links />
          </>
        ) : (
          <>
            {look && <meta name="theme-color" content={look.themeColor} />}
            {/* Public pages never hydrate: the client build leaves their stylesheet out of the merchant app's code. */}
            <style dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? siteCss + (look?.css ?? "") : "" }} />
          </>
        )}
      </head>
      <body>
        {children}
        {hydrates && (
          <>
            <ScrollRestoration />
            <AppScripts />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * The installable app's service worker (app/pwa/sw.ts), registered from hydrated pages only: public
 * store pages run no framework JS, so they never register it. Built files only (none in development).
 */
function useServiceWorker() {
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: "/" }).catch((error: unknown) => {
      console.warn("Vitrina: no se pudo registrar el service worker", error);
    });
  }, []);
}

export default function App() {
  const { notice } = useLoaderData<typeof loader>();
  useServiceWorker();
  // The root's effects run after every other of the first render: the whole page has hydrated.
  useEffect(appStarted, []);
  return (
    <>
      <Outlet />
      {notice && <NoticeHost key={notice.id} notice={notice} />}
    </>
  );
}

function NoticeHost({ notice }: { notice: Notice }) {
  const [open, setOpen] = useState(true);
  const close = useCallback(() => setOpen(false), []);
  if (!open) return null;
  return (
    <NotificationBanner
      title={notice.title}
      description={notice.description}
      kind={notice.kind}
      timeoutMs={notice.timeoutMs}
      onClose={close}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const outageRequestId = isRouteErrorResponse(error) && error.status === 503 ? unavailableRequestId(error.data) : null;
  let title: string = ERROR_PAGE_TEXT.unexpectedTitle;
  let description: string = ERROR_PAGE_TEXT.unexpected;
  if (isRouteErrorResponse(error)) {
    if (error.data?.kind === "refused" && typeof error.data.message === "string") {
      // A refusal that says why (app/http/responses.ts `refused`: the cart's 'Este producto está agotado').
      title = error.data.message;
      description = ERROR_PAGE_TEXT.refusedHint;
    } else if (error.status === 404) {
      title = error.data?.kind === "store_not_found" ? "Esta página fue eliminada" : "Página no encontrada";
      description = error.data?.kind === "store_not_found" ? ERROR_PAGE_TEXT.storeGone : ERROR_PAGE_TEXT.pageGone;
    } else if (error.status === 403) {
      // Worded on the server in the merchant's variant (app/workspace/forbidden.server.ts); these are its neutral texts.
      title = typeof error.data?.title === "string" ? error.data.title : FORBIDDEN.title.defaultMessage;
      description = typeof error.data?.description === "string" ? error.data.description : FORBIDDEN.description.defaultMessage;
    } else if (outageRequestId !== null) {
      title = UNAVAILABLE_TEXT.title;
      description = UNAVAILABLE_TEXT.description;
    } else if (error.status === 503) {
      title = "Esta tienda no está disponible por el momento";
      description = ERROR_PAGE_TEXT.storeUnavailable;
    }
  }
  // The failed request's own id when the database did not answer a navigation, else the page's.
  const pageRequestId = useRouteLoaderData<typeof loader>("root")?.requestId;
  const requestId = outageRequestId || pageRequestId;
  const unexpected = !isRouteErrorResponse(error) || error.status >= 500;
  return (
    <main className="error-page">
      <title>{title}</title>
      <h1>{title}</h1>
      <p>{description}</p>
      {unexpected && requestId && (
        <p className="muted">
          {ERROR_PAGE_TEXT.supportCode} <code data-request-id="">{requestId}</code>
        </p>
      )}
    </main>
  );
}
