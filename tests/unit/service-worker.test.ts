// The service worker's handlers (app/pwa/service-worker.ts) run on a stand-in for its global scope:
// the events it receives, its caches, the network, its windows and notifications.
import { describe, expect, it, vi } from "vitest";
import { ICONS, OFFLINE_PATH } from "~/pwa/manifest";
import { type CacheLike, startServiceWorker, type WindowClientLike, type WorkerScope } from "~/pwa/service-worker";
import { cacheNameFor, GENERIC_NOTICE } from "~/pwa/sw-rules";

const ORIGIN = "https://app.vitrina.example";
const PRECACHE = [OFFLINE_PATH, ICONS.any192.path, ICONS.badge96.path];
const OFFLINE_HTML = "<title>Sin conexión · Vitrina</title>";

class FakeCache implements CacheLike {
  readonly entries = new Map<string, Response>();
  constructor(private readonly network: (request: Request) => Promise<Response>) {}
  async match(request: Request | string) {
    return this.entries.get(typeof request === "string" ? request : request.url)?.clone();
  }
  async put(request: Request | string, response: Response) {
    this.entries.set(typeof request === "string" ? request : request.url, response);
  }
  async addAll(requests: Request[]) {
    for (const request of requests) {
      const response = await this.network(request);
      if (!response.ok) throw new TypeError(`${request.url}: ${response.status}`);
      this.entries.set(request.url, response);
    }
  }
}

function worker({ windows = [] as WindowClientLike[] } = {}) {
  let online = true;
  const requests: Request[] = [];
  const network = vi.fn(async (request: Request) => {
    requests.push(request);
    if (!online) throw new TypeError("Failed to fetch");
    const path = new URL(request.url).pathname;
    if (path === OFFLINE_PATH) return new Response(OFFLINE_HTML, { headers: { "content-type": "text/html" } });
    return new Response(`desde la red: ${path}`);
  });
  const caches = new Map<string, FakeCache>();
  const listeners = new Map<string, (event: never) => void>();
  const scope = {
    location: { origin: ORIGIN },
    caches: {
      open: async (name: string) => caches.get(name) ?? caches.set(name, new FakeCache(network)).get(name),
      keys: async () => [...caches.keys()],
      delete: async (name: string) => caches.delete(name),
    },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
      claim: vi.fn(async () => {}),
    },
    registration: { showNotification: vi.fn(async () => {}), navigationPreload: { enable: vi.fn(async () => {}) } },
    fetch: network,
    skipWaiting: vi.fn(async () => {}),
    addEventListener: (type: string, listener: (event: never) => void) => listeners.set(type, listener),
  };
  startServiceWorker(scope as unknown as WorkerScope, { version: "v2", precache: PRECACHE, offlinePath: OFFLINE_PATH });

  /** Dispatches an event; resolves with what it answered, once everything it waits for is done. */
  async function dispatch(type: string, fields: Record<string, unknown> = {}) {
    const waits: Promise<unknown>[] = [];
    let answer: Promise<Response> | undefined;
    const event = {
      ...fields,
      waitUntil: (p: Promise<unknown>) => waits.push(p),
      respondWith: (r: Promise<Response>) => (answer = r),
    };
    listeners.get(type)?.(event as never);
    const response = await answer;
    await Promise.all(waits);
    return response;
  }
  const navigate = (path: string, method = "GET") =>
    dispatch("fetch", { request: new Request(`${ORIGIN}${path}`, { method, ...(method === "GET" ? {} : { body: "x" }) }) });
  return {
    scope,
    caches,
    requests,
    dispatch,
    /**
     * A page the browser opens (Request's mode cannot be set to "navigate" outside a browser), with the
     * answer to the request the browser sent on its own while the worker started, if any (navigation preload).
     */
    open: (path: string, preloadResponse?: Promise<Response | undefined>) => {
      const request = new Request(`${ORIGIN}${path}`);
      Object.defineProperty(request, "mode", { value: "navigate" });
      return dispatch("fetch", { request, ...(preloadResponse ? { preloadResponse } : {}) });
    },
    navigate,
    get: (path: string) => dispatch("fetch", { request: new Request(`${ORIGIN}${path}`) }),
    offline: () => {
      online = false;
    },
    online: () => {
      online = true;
    },
  };
}

const installed = async (options?: Parameters<typeof worker>[0]) => {
  const sw = worker(options);
  await sw.dispatch("install");
  await sw.dispatch("activate");
  sw.requests.length = 0;
  return sw;
};

describe("install and activate", () => {
  it("stores the offline page and the icons, from the server rather than the HTTP cache, and takes over at once", async () => {
    const sw = worker();
    await sw.dispatch("install");
    const cache = sw.caches.get(cacheNameFor("v2"));
    expect([...(cache?.entries.keys() ?? [])]).toEqual(PRECACHE.map((p) => `${ORIGIN}${p}`));
    expect(sw.requests.map((r) => r.cache)).toEqual(PRECACHE.map(() => "reload"));
    expect(sw.scope.skipWaiting).toHaveBeenCalled();
  });

  it("activation deletes the caches of other builds, keeps others' caches, and claims the open pages", async () => {
    const sw = worker();
    await sw.scope.caches.open(cacheNameFor("v1"));
    await sw.scope.caches.open("otra-biblioteca");
    await sw.dispatch("install");
    await sw.dispatch("activate");
    expect([...sw.caches.keys()].sort()).toEqual([cacheNameFor("v2"), "otra-biblioteca"].sort());
    expect(sw.scope.clients.claim).toHaveBeenCalled();
  });

  it("installing routes build files, files and public stores to the network without waking the worker", async () => {
    const sw = worker();
    const addRoutes = vi.fn(async (_routes: unknown) => {});
    await sw.dispatch("install", { addRoutes });
    const paths = addRoutes.mock.calls[0]?.[0] as Array<{ condition: { urlPattern: { pathname: string } }; source: string }>;
    expect(paths.every((route) => route.source === "network")).toBe(true);
    expect(paths.map((route) => route.condition.urlPattern.pathname)).toEqual(
      expect.arrayContaining(["/assets/*", "/site/*", "/files/*", "/webhooks/*"]),
    );
    // Pages stay with the worker: their preload and the offline page.
    expect(paths.some((route) => /^\/(Store|Auth)?\*?$/.test(route.condition.urlPattern.pathname))).toBe(false);
    expect(sw.scope.skipWaiting).toHaveBeenCalled();
  });

  it("a browser that refuses the routes, or has none, still installs the worker", async () => {
    for (const addRoutes of [
      vi.fn(async () => {
        throw new TypeError("not supported");
      }),
      vi.fn(() => {
        throw new TypeError("not in install");
      }),
      undefined,
    ]) {
      const sw = worker();
      await sw.dispatch("install", addRoutes ? { addRoutes } : {});
      expect(sw.scope.skipWaiting).toHaveBeenCalled();
      expect([...(sw.caches.get(cacheNameFor("v2"))?.entries.keys() ?? [])]).toEqual(PRECACHE.map((p) => `${ORIGIN}${p}`));
    }
  });

  it("activation turns navigation preload on: a page's request leaves while the worker starts", async () => {
    const sw = worker();
    await sw.dispatch("install");
    expect(sw.scope.registration.navigationPreload.enable).not.toHaveBeenCalled();
    await sw.dispatch("activate");
    expect(sw.scope.registration.navigationPreload.enable).toHaveBeenCalledOnce();
  });
});

describe("fetch", () => {
  it("merchant pages come from the network and are never stored", async () => {
    const sw = await installed();
    const response = await sw.open("/Store/1234567890/sales");
    expect(await response?.text()).toBe("desde la red: /Store/1234567890/sales");
    expect(sw.requests).toHaveLength(1);
    const cache = sw.caches.get(cacheNameFor("v2"));
    expect([...(cache?.entries.keys() ?? [])].some((k) => k.includes("/Store/"))).toBe(false);
  });

  it("without a network, a merchant page is the Spanish offline page; back online, the page again", async () => {
    const sw = await installed();
    sw.offline();
    expect(await (await sw.open("/Store/1234567890/products"))?.text()).toBe(OFFLINE_HTML);
    expect(await (await sw.open("/Auth"))?.text()).toBe(OFFLINE_HTML);
    sw.online();
    expect(await (await sw.open("/Store/1234567890/products"))?.text()).toBe("desde la red: /Store/1234567890/products");
  });

  it("a merchant page the browser preloaded is that answer, not a second request, and is never stored", async () => {
    const sw = await installed();
    const response = await sw.open("/Store/1234567890/sales", Promise.resolve(new Response("precargada")));
    expect(await response?.text()).toBe("precargada");
    expect(sw.requests).toHaveLength(0);
    const cache = sw.caches.get(cacheNameFor("v2"));
    expect([...(cache?.entries.keys() ?? [])].some((k) => k.includes("/Store/"))).toBe(false);
    // A browser that preloaded nothing for this page (preload off): the worker asks the network itself.
    expect(await (await sw.open("/Store/1234567890/sales", Promise.resolve(undefined)))?.text()).toBe(
      "desde la red: /Store/1234567890/sales",
    );
  });

  it("a preload that failed for want of a network is the offline page", async () => {
    const sw = await installed();
    sw.offline();
    const response = await sw.open("/Store/1234567890/sales", Promise.reject(new TypeError("Failed to fetch")));
    expect(await response?.text()).toBe(OFFLINE_HTML);
  });

  it("if the browser evicted the offline page too, a bare Spanish one stands in", async () => {
    const sw = await installed();
    sw.caches.get(cacheNameFor("v2"))?.entries.clear();
    sw.offline();
    const response = await sw.open("/");
    expect(response?.status).toBe(503);
    expect(await response?.text()).toContain("Sin conexión");
  });

  it("the icons: the network once, then the cache", async () => {
    const sw = await installed();
    sw.caches.get(cacheNameFor("v2"))?.entries.clear();
    const first = await sw.get(ICONS.apple180.path);
    expect(await first?.text()).toBe(`desde la red: ${ICONS.apple180.path}`);
    sw.offline();
    const again = await sw.get(ICONS.apple180.path);
    expect(await again?.text()).toBe(`desde la red: ${ICONS.apple180.path}`);
    expect(sw.requests).toHaveLength(1);
  });

  it("hashed build files are the browser's: the worker neither answers nor stores them (its HTTP cache keeps them)", async () => {
    const sw = await installed();
    for (const path of ["/assets/entry.client-CY-QUM85.js", "/assets/app-DTrXiQKE.css"]) {
      expect(await sw.get(path), path).toBeUndefined();
    }
    expect(sw.requests).toHaveLength(0);
    const cache = sw.caches.get(cacheNameFor("v2"));
    expect([...(cache?.entries.keys() ?? [])].some((k) => k.includes("/assets/"))).toBe(false);
  });

  it("does not answer public stores, files, webhooks, local tools, writes, data requests or other origins", async () => {
    const sw = await installed();
    sw.offline();
    for (const path of [
      "/site/demo",
      "/site/demo/Cart",
      "/files/stores/1/a.webp",
      "/webhooks/mercadopago",
      "/_dev/correo",
      "/QR/1",
    ])
      expect(await sw.open(path), path).toBeUndefined();
    expect(await sw.navigate("/Auth", "POST")).toBeUndefined();
    expect(await sw.get("/Store/1234567890/products.data")).toBeUndefined();
    expect(await sw.dispatch("fetch", { request: new Request("https://cdn.example/x.js") })).toBeUndefined();
    expect(sw.requests).toHaveLength(0);
  });
});

describe("push", () => {
  const push = (text: string | null) => ({ data: text === null ? null : { text: () => text } });

  it("shows the server's notification with the app's icon and badge, and the page to open", async () => {
    const sw = await installed();
    await sw.dispatch(
      "push",
      push(JSON.stringify({ title: "Nuevo pedido #A1", body: "Ana: 2 productos", url: "/Store/1/sales/9" })),
    );
    expect(sw.scope.registration.showNotification).toHaveBeenCalledWith("Nuevo pedido #A1", {
      body: "Ana: 2 productos",
      icon: ICONS.any192.path,
      badge: ICONS.badge96.path,
      data: { url: "/Store/1/sales/9" },
      tag: "vitrina:/Store/1/sales/9",
      lang: "es",
    });
  });

  it("a push without a payload, or one it cannot read, still shows a generic 'Nuevo pedido' opening the home", async () => {
    for (const data of [
      push(null),
      push("{roto"),
      push('{"title":3}'),
      {
        data: {
          text: () => {
            throw new Error("x");
          },
        },
      },
    ]) {
      const sw = await installed();
      await sw.dispatch("push", data);
      expect(sw.scope.registration.showNotification).toHaveBeenCalledWith(
        GENERIC_NOTICE.title,
        expect.objectContaining({ body: GENERIC_NOTICE.body, data: { url: "/" } }),
      );
    }
  });
});

describe("notificationclick", () => {
  const appWindow = (url: string) => ({ url, focus: vi.fn(async () => {}), navigate: vi.fn(async () => {}) });
  const click = (data: unknown) => {
    const notification = { data, close: vi.fn() };
    return { notification };
  };

  it("closes the notification, brings an open window of the app forward and takes it to the page", async () => {
    const store = appWindow(`${ORIGIN}/site/demo`);
    const app = appWindow(`${ORIGIN}/Store/1/products`);
    const sw = await installed({ windows: [store, app] });
    const event = click({ url: "/Store/1/sales/9" });
    await sw.dispatch("notificationclick", event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).toHaveBeenCalledWith(`${ORIGIN}/Store/1/sales/9`);
    expect(store.navigate).not.toHaveBeenCalled();
    expect(sw.scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it("opens a window when no page of the app is open, or when the open one cannot be reused", async () => {
    const store = appWindow(`${ORIGIN}/site/demo`);
    const sw = await installed({ windows: [store] });
    await sw.dispatch("notificationclick", click({ url: "/Store/1/sales/9" }));
    expect(sw.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/Store/1/sales/9`);

    const stuck = { ...appWindow(`${ORIGIN}/`), navigate: vi.fn(async () => Promise.reject(new TypeError("not controlled"))) };
    const other = await installed({ windows: [stuck] });
    await other.dispatch("notificationclick", click({ url: "/Account" }));
    expect(other.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/Account`);
  });

  it("opens only this app: another origin, or no url, opens the home", async () => {
    for (const data of [{ url: "https://evil.example/robar" }, { url: "javascript:alert(1)" }, null, "texto"]) {
      const sw = await installed();
      await sw.dispatch("notificationclick", click(data));
      expect(sw.scope.clients.openWindow, JSON.stringify(data)).toHaveBeenCalledWith(`${ORIGIN}/`);
    }
  });
});
