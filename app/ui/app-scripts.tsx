import { useContext, useState } from "react";
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  Scripts,
} from "react-router";

type Manifest = NonNullable<React.ContextType<typeof FrameworkContext>>["manifest"];
type Router = NonNullable<React.ContextType<typeof DataRouterContext>>["router"];

/**
 * Waits for the page's first paint with content, or 3 s at most (a tab opened in the background paints nothing until
 * it is shown), so the app's code never shares the link with what the page needs to show first
 * (docs/decisions/0071-merchant-code-after-the-paint-with-its-hand-over.md). Not for the load event: the module
 * preloads added before it hold it back, so where the page paints before it loads, its load waits for the code; where
 * the load comes first, the code follows it (a journey that counts the app's files waits for it to start, not for
 * the load).
 */
export const AFTER_FIRST_PAINT = `await new Promise((go) => {
if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return go();
new PerformanceObserver((list, observer) => {
if (!list.getEntriesByName("first-contentful-paint").length) return;
observer.disconnect(); go();
}).observe({ type: "paint", buffered: true });
setTimeout(go, 3000);
});`;

/**
 * Marks what the app must see first: a form that asks before an irreversible step or prepares what it sends (an
 * upload's pictures made small), or an area whose taps only the app answers (a sales row opening its sale). See
 * HOLD_UNTIL_STARTED.
 */
export const NEEDS_APP = { "data-needs-app": "" };

/**
 * In the head of every merchant page, until the app has started (`appStarted`):
 * - a submit of a form marked NEEDS_APP, a tap on a button only the app answers (`type="button"`), or a tap inside
 *   another marked area (not on a link or a control, which work as without JavaScript) is held and handed to the app
 *   once it starts. Without this, 'Eliminar tienda' tapped before the app deleted without its question, and a tap on
 *   'Copiar' or on a sale's row did nothing. A held event goes no further: React's listener on the document
 *   answers events from the moment the page has hydrated (at once, hydrating on the spot, for one tapped while it
 *   hydrates), which is before the root's effect starts the app, and the held one is given again then;
 * - every field the merchant types in or changes is noted with its last value, so the app's state takes it when it
 *   starts rather than undoing it. A file field's picked files stay in it: the app is told of them (a product's
 *   photos show as thumbnails).
 * The app starts after the paint, so a merchant on a slow phone can tap and type before it does. Without JavaScript
 * nothing runs and the forms post as they always have.
 */
export const HOLD_UNTIL_STARTED = `addEventListener("submit", (event) => {
if (window.vitrinaStarted || !(event.target instanceof HTMLFormElement) || !event.target.hasAttribute("data-needs-app")) return;
event.preventDefault(); event.stopPropagation(); window.vitrinaHeld = [event.target, event.submitter];
}, true);
addEventListener("click", (event) => {
if (window.vitrinaStarted || !(event.target instanceof Element)) return;
const button = event.target.closest("button");
if (button && button.type === "button") { event.preventDefault(); event.stopPropagation(); window.vitrinaHeld = [button]; return; }
const area = event.target.closest("[data-needs-app]");
if (!area || area instanceof HTMLFormElement || event.target.closest("a, button, input, label, select, textarea, summary")) return;
event.stopPropagation(); window.vitrinaHeld = [event.target];
}, true);
window.vitrinaTyped = new Map();
const note = (event) => {
const field = event.target;
if (window.vitrinaStarted || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)) return;
window.vitrinaTyped.delete(field);
window.vitrinaTyped.set(field, field.type === "checkbox" || field.type === "radio" ? String(field.checked) : field.value);
};
addEventListener("input", note, true); addEventListener("change", note, true);`;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type StartWindow = {
  vitrinaStarted?: boolean;
  vitrinaHeld?: [HTMLElement, (HTMLElement | null)?];
  vitrinaTyped?: Map<Field, string>;
};

/**
 * Gives the app's state what the merchant typed or chose before it started. Hydration keeps an input's value and a
 * box's tick as the merchant left them, but the app's state still holds the server's, so its next render sets them
 * back (and a text area's value it sets back at once). After hydration a field's default (`defaultValue`,
 * `defaultChecked`, the option `defaultSelected`) is the value the app holds. Each noted field whose last value
 * differs is told to the app as the merchant's own change would be: the app's record of the field's value set to
 * its state, the field set to the merchant's value beneath that record, then the event the app listens to ('input';
 * a tap for a box or an option, 'change' for a list or a file field). One field at a time, each answered before the
 * next, as typing would be: a form that builds its state from several fields (a product's options and their values)
 * builds each change on the one before, and a field that change has set back is given its noted value again.
 */
async function handOverTypedValues(typed: ReadonlyMap<Field, string>) {
  for (const [field, noted] of typed) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLInputElement && field.type === "file") {
      // The picked files stay in the field, where the app reads them: it is only told of them.
      if (!field.files?.length) continue;
      field.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (field instanceof HTMLSelectElement) {
      const appValue = [...field.options].find((option) => option.defaultSelected)?.value ?? field.options[0]?.value;
      if (noted === appValue) continue;
      field.value = noted;
      field.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      const wanted = noted === "true";
      if (wanted === field.defaultChecked || (field.type === "radio" && !wanted)) continue;
      field.checked = !wanted;
      field.click();
    } else {
      if (noted === field.defaultValue) continue;
      field.value = field.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, noted);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
    await new Promise((next) => setTimeout(next, 0));
  }
}

/**
 * Called once hydrated: from here the app answers every field, submit and tap, starting with what the merchant typed
 * and then the one tap or submit held before it started.
 */
export function appStarted() {
  const started = window as unknown as StartWindow;
  started.vitrinaStarted = true;
  const typed = started.vitrinaTyped;
  delete started.vitrinaTyped;
  const held = started.vitrinaHeld;
  delete started.vitrinaHeld;
  void (async () => {
    if (typed) await handOverTypedValues(typed);
    if (!held?.[0].isConnected) return;
    if (held[0] instanceof HTMLFormElement) held[0].requestSubmit(held[1] ?? undefined);
    else held[0].click();
  })();
}

/** The routes of the page and of its parent paths (React Router's lazy route discovery starts from these). */
function partialManifest({ sri: _sri, ...manifest }: Manifest, router: Router) {
  const ids = new Set(router.state.matches.map((m) => m.route.id));
  const segments = router.state.location.pathname.split("/").filter(Boolean);
  segments.pop();
  const paths = ["/"];
  while (segments.length > 0) {
    paths.push(`/${segments.join("/")}`);
    segments.pop();
  }
  for (const path of paths) for (const m of router.match(path) ?? []) ids.add(m.route.id);
  return { ...manifest, routes: Object.fromEntries([...ids].map((id) => [id, manifest.routes[id]])) };
}

/** The module script that starts the app: React Router's own, its static imports made dynamic and started late. */
export function startScript(manifest: Manifest, router: Router, routeIds: readonly string[]): string {
  const routes = routeIds.map((id) => {
    const entry = manifest.routes[id];
    if (!entry) throw new Error(`Route ${id} not found in the manifest`);
    return entry;
  });
  const modules = (route: (typeof routes)[number]) =>
    [
      route.clientActionModule,
      route.clientLoaderModule,
      route.clientMiddlewareModule,
      route.hydrateFallbackModule,
      route.module,
    ].filter((m): m is string => typeof m === "string");
  const preloads = [
    ...new Set([
      manifest.entry.module,
      ...manifest.entry.imports,
      ...routes.flatMap((r) => [...modules(r), ...(r.imports ?? [])]),
    ]),
  ];
  // A route split in several modules (its client loader apart) is their exports together, as React Router builds it.
  const imports = routes.map(
    (r) =>
      `Promise.all(${JSON.stringify(modules(r))}.map((m) => import(m))).then((parts) => parts.length === 1 ? parts[0] : Object.assign({}, ...parts))`,
  );
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  // Code that fails to load (a dropped connection) or to run leaves the server's page, whose forms work without the
  // app: HOLD_UNTIL_STARTED stops holding them for an app that will not start.
  return `try {
${AFTER_FIRST_PAINT}
for (const href of ${json(preloads)}) {
const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link);
}
const modules = await Promise.all([${imports.join(",")}]);
window.__reactRouterManifest = ${json(partialManifest(manifest, router))};
window.__reactRouterRouteModules = Object.fromEntries(${json(routeIds)}.map((id, i) => [id, modules[i]]));
await import(${JSON.stringify(manifest.entry.module)});
} catch (error) {
window.vitrinaStarted = true;
throw error;
}`;
}

/**
 * React Router's `<Scripts />` for a built app, changed in one thing: the app's code is asked for only after
 * the page has painted, with its module preloads added then instead of in the head. The server's
 * HTML is the whole page and every form works without the app; hydration comes after, as before, only later.
 * Development keeps React Router's own (its hot reload runtime goes first).
 */
export function AppScripts() {
  const framework = useContext(FrameworkContext);
  const dataRouter = useContext(DataRouterContext);
  const state = useContext(DataRouterStateContext);
  // Made once: on the client only to hydrate, where the server's scripts are kept as they are.
  const [scripts] = useState(() => {
    if (!framework || !dataRouter || !state) return null;
    const { manifest, serverHandoffString, routeDiscovery, ssr, renderMeta } = framework;
    if (renderMeta) renderMeta.didRenderScripts = true;
    // The client build leaves the start script's making out: the server wrote it, hydration keeps it.
    if (!import.meta.env.SSR || !dataRouter.static || !dataRouter.staticContext) return { handoff: " ", start: " " };
    if (routeDiscovery.mode !== "lazy" || !ssr)
      throw new Error("AppScripts expects lazy route discovery on a server-rendered app");
    return {
      handoff: `window.__reactRouterContext = ${serverHandoffString};window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());`,
      start: startScript(
        manifest,
        dataRouter.router,
        state.matches.map((m) => m.route.id),
      ),
    };
  });
  if (import.meta.env.DEV) return <Scripts />;
  if (!scripts) return null;
  return (
    <>
      <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scripts.handoff }} />
      <script type="module" async suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scripts.start }} />
    </>
  );
}
