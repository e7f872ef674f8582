// The app's server build assembled from its sources (app/routes.ts, app/root.tsx, app/entry.server.tsx), for tests of the
// shared request path (app/request-handler.server.ts) that need no `npm run build`: every route module is the real one;
// only the browser's asset addresses are made up, since no page is hydrated here.
import { resolve } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  type ServerBuild,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
} from "react-router";
import * as entry from "~/entry.server";
import routes from "~/routes";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
type Manifest = ServerBuild["assets"]["routes"];

let built: Promise<ServerBuild> | undefined;

/** The build, assembled once per test worker (loading every route module takes a moment). */
export function appBuild(): Promise<ServerBuild> {
  built ??= assemble();
  return built;
}

async function assemble(): Promise<ServerBuild> {
  const serverRoutes: ServerBuild["routes"] = {};
  const assets: Manifest = {};
  const add = (id: string, parentId: string | undefined, entry: Partial<RouteConfigEntry>, module: RouteModule) => {
    const route = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive };
    serverRoutes[id] = { ...route, module };
    assets[id] = {
      ...route,
      module: `/assets/${id}.js`,
      imports: [],
      css: [],
      hasAction: "action" in module,
      hasLoader: "loader" in module,
      hasClientAction: "clientAction" in module,
      hasClientLoader: "clientLoader" in module,
      hasClientMiddleware: "clientMiddleware" in module,
      hasErrorBoundary: "ErrorBoundary" in module,
      clientActionModule: undefined,
      clientLoaderModule: undefined,
      clientMiddlewareModule: undefined,
      hydrateFallbackModule: undefined,
    };
  };
  // As the build's route transform does, components get the route's data as props (Route.ComponentProps).
  const load = async (file: string): Promise<RouteModule> => {
    // Each export is handed to the wrapper made for it; `never` lets one record hold the three component kinds.
    const module = (await import(resolve("app", file))) as Record<string, never>;
    const wrapped: Record<string, unknown> = { ...module };
    if (module.default) wrapped.default = UNSAFE_withComponentProps(module.default);
    if (module.ErrorBoundary) wrapped.ErrorBoundary = UNSAFE_withErrorBoundaryProps(module.ErrorBoundary);
    if (module.HydrateFallback) wrapped.HydrateFallback = UNSAFE_withHydrateFallbackProps(module.HydrateFallback);
    return wrapped as unknown as RouteModule;
  };
  add("root", undefined, { path: "" }, await load("root.tsx"));
  const walk = async (entries: RouteConfigEntry[], parentId: string) => {
    for (const child of entries) {
      const id = child.id ?? child.file.replace(/\.[jt]sx?$/, "");
      add(id, parentId, child, await load(child.file));
      if (child.children) await walk(child.children, id);
    }
  };
  await walk(await routes, "root");
  return {
    entry: { module: entry },
    routes: serverRoutes,
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: assets,
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
