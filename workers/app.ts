// The Cloudflare runtime: Turso over HTTP, R2 for files, Resend for mail, MercadoPago for payments,
// and Workers Cache in front of the public store pages (docs/decisions/0013-edge-cache-for-public-pages.md).

import { exports, WorkerEntrypoint, waitUntil } from "cloudflare:workers";
import { createClient } from "@libsql/client/web";
import type { ServerBuild } from "react-router";
import { sessionCookie } from "../app/auth/cookies.server";
import { createServices } from "../app/compose-services.server";
import { deletingRenditions } from "../app/media/renditions";
import { resolveVapidKeys } from "../app/notifications/vapid-keys.server";
import { checkVapidPair } from "../app/notifications/vapid-pair";
import { createFetchHandler } from "../app/request-handler.server";
import { AdjustableClock, type Clock, systemClock } from "../app/services/clock";
import { type Config, parseConfig } from "../app/services/config";
import { createDb } from "../app/services/db";
import type { EdgeCache } from "../app/services/edge-cache";
import { R2FileStore } from "../app/services/files";
import { jsonLogger } from "../app/services/log";
import type { Services } from "../app/services/services";
import { CART_COOKIE } from "../app/site/cookies";
import { forEdge, publicPageCacheKey, storeCacheTag, withEdgeTtl } from "../app/site/edge-cache";
import { routedPath } from "../app/site/tenant";
import {
  type CountingSettings,
  countingSettings,
  StatsBuffer,
  statsEventsOf,
  withOwnVisitCookie,
} from "../app/stats/count-visit.server";
import { ProductViewBuffer, productViewsOf, withProductViews } from "../app/stats/product-views.server";
import { flushSoon, statsWriter } from "../app/stats/stats-flush.server";
import { logUpkeep, runUpkeep } from "../app/upkeep.server";
import { R2Outbox } from "./r2-outbox";

export interface Env {
  FILES: R2Bucket;
  [setting: string]: unknown;
}

interface PublicSiteEntrypoint {
  fetch(request: Request, init?: RequestInit<RequestInitCfProperties & { cacheKey?: string }>): Promise<Response>;
  purgeStore(storeId: string): Promise<void>;
}

/** Purges run in the entrypoint that owns the cached pages: purges are scoped to their entrypoint. */
const publicSite = () => (exports as unknown as { PublicSite: PublicSiteEntrypoint }).PublicSite;
const edgeCache: EdgeCache = { purgeStore: (storeId) => publicSite().purgeStore(storeId) };

let cached:
  | {
      handler: (request: Request, clientIp?: string) => Promise<Response>;
      config: Config;
      services: () => Services;
      counting: CountingSettings;
      now: () => number;
      /** The isolate's statistics events, written a moment after the first one (decision 0051). */
      stats: {
        buffer: StatsBuffer;
        views: ProductViewBuffer;
        flushSoon: (waitUntil: (promise: Promise<unknown>) => void) => void;
      };
    }
  | undefined;

async function appFor(env: Env) {
  if (cached) return cached;
  const config = parseConfig({ ...env, RUNTIME: "cloudflare" });
  await checkVapidPair(config);
  const client = createClient({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN });
  const files = deletingRenditions(new R2FileStore(env.FILES));
  // Local runs get the test clock (/_dev/reloj), held by the isolate: a restart of `wrangler dev` resets it.
  const clock: Clock = config.devTools ? new AdjustableClock() : systemClock;
  const outbox = new R2Outbox(env.FILES, () => clock.now());
  // Web Push keys: configured (production), or the pair local runs keep in the database.
  const vapid = await resolveVapidKeys(config, createDb(client), clock.now());
  const build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
  // Work after the answer (ad conversions) is kept alive by the request's waitUntil.
  const buffer = new StatsBuffer();
  const services = () =>
    createServices({ config, client, files, outbox, clock, edgeCache, vapid, afterResponse: waitUntil, recentVisits: buffer });
  const handler = createFetchHandler(build, services);
  const counting = countingSettings(config, {
    sessionCookie: sessionCookie(config).name,
    cartCookie: CART_COOKIE,
    routedPath: (request) => routedPath(request, config.STORES_DOMAIN, config.APP_ORIGIN),
  });
  const now = () => clock.now().getTime();
  // Product views also go to the ad platforms the store set up, with the counts (app/stats/product-views.server.ts).
  const views = new ProductViewBuffer();
  const writer = withProductViews(statsWriter(buffer, services), views, services);
  cached = { handler, config, services, counting, now, stats: { buffer, views, flushSoon: flushSoon(writer) } };
  return cached;
}

const clientIp = (request: Request) => request.headers.get("CF-Connecting-IP") ?? "unknown";

async function serve(env: Env, run: (app: NonNullable<typeof cached>) => Promise<Response>) {
  try {
    return await run(await appFor(env));
  } catch (error) {
    jsonLogger().error("worker.failed", error);
    return new Response("Error de configuración del servidor", { status: 500 });
  }
}

/** Anonymous store pages, behind Workers Cache (enabled for this entrypoint only, in wrangler.toml). */
export class PublicSite extends WorkerEntrypoint<Env> {
  override async fetch(request: Request): Promise<Response> {
    return serve(this.env, async (app) => withEdgeTtl(await app.handler(forEdge(request), clientIp(request))));
  }

  async purgeStore(storeId: string): Promise<void> {
    const result = await this.ctx.cache?.purge({ tags: [storeCacheTag(storeId)] });
    if (result && !result.success) throw new Error(`purge ${storeId}: ${JSON.stringify(result.errors)}`);
  }
}

/**
 * The gateway: anonymous store pages go through the cache, everything else straight to the app. Every answer is
 * counted here for the store statistics, cached or not, after it is ready and written with `waitUntil`.
 */
export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    return serve(env, async (app) => {
      const cacheKey = publicPageCacheKey(request, app.config.STORES_DOMAIN, app.config.APP_ORIGIN);
      const answer = cacheKey
        ? await publicSite().fetch(request, { cf: { cacheKey } })
        : await app.handler(request, clientIp(request));
      const response = withOwnVisitCookie(request, answer, app.config.VITRINA_ENV === "production");
      try {
        const at = app.now();
        const events = statsEventsOf(request, response, app.counting, clientIp(request), at);
        if (events.length > 0) {
          for (const event of events) app.stats.buffer.push(event);
          for (const view of productViewsOf(request, events, app.counting, clientIp(request), at)) app.stats.views.push(view);
          app.stats.flushSoon((promise) => ctx.waitUntil(promise));
        }
      } catch (error) {
        // Counting never costs a shopper the page: the view is not counted, and the log says why.
        jsonLogger().error("stats.count_failed", error);
      }
      return response;
    });
  },

  /** The Cron Trigger (wrangler.toml, every minute): the platform's upkeep (app/upkeep.server.ts). */
  async scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    const app = await appFor(env);
    ctx.waitUntil(
      (async () => {
        const services = app.services();
        try {
          logUpkeep(services.log, await runUpkeep(services));
        } catch (error) {
          services.log.error("upkeep.failed", error);
        }
        await services.errorReports?.flush();
      })(),
    );
  },
} satisfies ExportedHandler<Env>;
