import { ICONS } from "./manifest";
import { appPath, cacheNameFor, handlingFor, isStaleCache, NETWORK_ROUTES, notificationTag, parsePushPayload } from "./sw-rules";

/**
 * The service worker's event handlers, written against the few parts of its global scope they use
 * (so tests can run them on a stand-in `self`). app/pwa/sw.ts starts them on the real one.
 * docs/decisions/0018-installable-merchant-app.md.
 */

interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
/** Static routing: requests matching a route go to their source without a fetch event (Chromium 123+). */
interface InstallEventLike extends ExtendableEventLike {
  addRoutes?(routes: Array<{ condition: { urlPattern: { pathname: string } }; source: "network" }>): Promise<void>;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  /** A page's own request, sent by the browser while the worker started (navigation preload). */
  preloadResponse?: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: { data: unknown; close(): void };
}
export interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
export interface CacheLike {
  match(request: Request | string): Promise<Response | undefined>;
  put(request: Request | string, response: Response): Promise<void>;
  addAll(requests: Request[]): Promise<void>;
}

export interface WorkerScope {
  location: { origin: string };
  caches: { open(name: string): Promise<CacheLike>; keys(): Promise<string[]>; delete(name: string): Promise<boolean> };
  clients: {
    /** Windows this worker controls. */
    matchAll(options: { type: "window" }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  registration: {
    showNotification(title: string, options: NotificationOptions): Promise<void>;
    navigationPreload?: { enable(): Promise<void> };
  };
  fetch(request: Request): Promise<Response>;
  skipWaiting(): Promise<void>;
  addEventListener(type: "install", listener: (event: InstallEventLike) => void): void;
  addEventListener(type: "activate", listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEventLike) => void): void;
  addEventListener(type: "push", listener: (event: PushEventLike) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEventLike) => void): void;
}

interface WorkerOptions {
  /** Changes with every build (the build plugin writes it): names the cache. */
  version: string;
  /** Paths stored at install (the offline page). */
  precache: readonly string[];
  offlinePath: string;
}

/** Last resort when the stored offline page is gone too (the browser may evict caches). */
const BARE_OFFLINE_PAGE =
  '<!doctype html><html lang="es"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Sin conexión</title><h1>Sin conexión</h1><p>No hay conexión a internet en este momento.</p><a href="">Reintentar</a></html>';

export function startServiceWorker(scope: WorkerScope, { version, precache, offlinePath }: WorkerOptions) {
  const cacheName = cacheNameFor(version);
  const origin = scope.location.origin;
  const absolute = (path: string) => new URL(path, origin).href;

  scope.addEventListener("install", (event) => {
    // Build files and public pages skip the worker (static routes, set while installing): it has nothing to do
    // with them, and waking it for each of a page's files costs the page time. Without the API the fetch
    // handler passes them on.
    try {
      event.waitUntil(
        (
          event.addRoutes?.(NETWORK_ROUTES.map((pathname) => ({ condition: { urlPattern: { pathname } }, source: "network" }))) ??
          Promise.resolve()
        ).catch(() => undefined),
      );
    } catch {
      // A browser that refuses the routes: the fetch handler answers as before.
    }
    event.waitUntil(
      (async () => {
        const cache = await scope.caches.open(cacheName);
        // From the server, not the browser's HTTP cache: a new build may have changed them.
        await cache.addAll(precache.map((path) => new Request(absolute(path), { cache: "reload" })));
        // Nothing it stores is a page, so the new worker can take over open pages at once.
        await scope.skipWaiting();
      })(),
    );
  });

  scope.addEventListener("activate", (event) => {
    event.waitUntil(
      (async () => {
        const names = await scope.caches.keys();
        await Promise.all(names.filter((name) => isStaleCache(name, cacheName)).map((name) => scope.caches.delete(name)));
        // A page's request leaves while the worker starts, not after: the worker only passes it on.
        await scope.registration.navigationPreload?.enable();
        await scope.clients.claim();
      })(),
    );
  });

  scope.addEventListener("fetch", (event) => {
    const handling = handlingFor(event.request, origin);
    // "network": no answer from the worker at all, the browser fetches as if it were not there.
    if (handling === "cache-first") event.respondWith(cacheFirst(event));
    else if (handling === "network-first") event.respondWith(networkFirst(event));
  });

  async function cacheFirst(event: FetchEventLike): Promise<Response> {
    const cache = await scope.caches.open(cacheName);
    const stored = await cache.match(event.request);
    if (stored) return stored;
    const response = await scope.fetch(event.request);
    if (response.status === 200) event.waitUntil(cache.put(event.request, response.clone()));
    return response;
  }

  /** Merchant pages are never stored: only the network has them (the preloaded answer if any); without it, the offline page. */
  async function networkFirst(event: FetchEventLike): Promise<Response> {
    try {
      return (await event.preloadResponse) ?? (await scope.fetch(event.request));
    } catch {
      const cache = await scope.caches.open(cacheName);
      return (
        (await cache.match(absolute(offlinePath))) ??
        new Response(BARE_OFFLINE_PAGE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } })
      );
    }
  }

  scope.addEventListener("push", (event) => {
    const notice = parsePushPayload(pushText(event), origin);
    event.waitUntil(
      scope.registration.showNotification(notice.title, {
        body: notice.body,
        icon: ICONS.any192.path,
        badge: ICONS.badge96.path,
        data: { url: notice.url },
        tag: notificationTag(notice),
        lang: "es",
      }),
    );
  });

  scope.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    event.waitUntil(openInApp(absolute(appPath(data?.url, origin) ?? "/")));
  });

  /** Brings an open window of the app forward on `url`, or opens one. */
  async function openInApp(url: string) {
    const windows = await scope.clients.matchAll({ type: "window" });
    const appWindow = windows.find(
      (w) => handlingFor({ method: "GET", url: w.url, mode: "navigate" }, origin) === "network-first",
    );
    if (appWindow) {
      try {
        await appWindow.focus();
        await appWindow.navigate(url);
        return;
      } catch {
        // The window could not be reused: a new one instead.
      }
    }
    await scope.clients.openWindow(url);
  }
}

function pushText(event: PushEventLike): string | null {
  try {
    return event.data?.text() ?? null;
  } catch {
    return null;
  }
}
