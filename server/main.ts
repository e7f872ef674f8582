// The single-machine runtime: one Node process, a libSQL file, files and outbox on disk.

import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { createClient } from "@libsql/client";
import { type ClientAddress, createRequestListener } from "@remix-run/node-fetch-server";
import type { ServerBuild } from "react-router";
import { sessionCookie } from "../app/auth/cookies.server";
import { createServices } from "../app/compose-services.server";
import { DEMO_MERCHANT, DEMO_STAFF, DEMO_STORE, seedDemo } from "../app/demo/seed.server";
import { deletingRenditions } from "../app/media/renditions";
import { resolveVapidKeys } from "../app/notifications/vapid-keys.server";
import { createFetchHandler } from "../app/request-handler.server";
import { AdjustableClock, type Clock, systemClock } from "../app/services/clock";
import { publicStoreUrl } from "../app/services/config";
import { createDb, withRoundTripDelay } from "../app/services/db";
import { jsonLogger } from "../app/services/log";
import type { Services } from "../app/services/services";
import { CART_COOKIE } from "../app/site/cookies";
import { routedPath } from "../app/site/tenant";
import { countingSettings, StatsBuffer, statsEventsOf, withOwnVisitCookie } from "../app/stats/count-visit.server";
import { ProductViewBuffer, productViewsOf, withProductViews } from "../app/stats/product-views.server";
import { startStatsFlush, statsWriter } from "../app/stats/stats-flush.server";
import { logUpkeep, runUpkeep, UPKEEP_INTERVAL_MS } from "../app/upkeep.server";
import { clientAddress } from "./client-address";
import { compressResponse } from "./compression";
import { DiskFileStore } from "./disk-files";
import { lingerAfterEarlyAnswer } from "./lingering-close";
import { migrateDatabase } from "./migrate";
import { DiskOutbox } from "./outbox";
import { ownDataFolder } from "./owner-only";
import type { ServerSettings } from "./settings";
import { createStaticHandler } from "./static";

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** Serves the app until SIGTERM or SIGINT stops it (server/index.ts reads the settings first). */
export async function startServer({ config, port, dataDir }: ServerSettings) {
  // Before the database is opened: what the server writes (the database among it) is its user's only.
  ownDataFolder(dataDir, jsonLogger());

  // A busy timeout lets concurrent requests queue for the write lock instead of failing.
  const directClient = createClient({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN, timeout: 5000 });
  // The benchmark's simulated distance to the database; never in production.
  const client = config.devTools ? withRoundTripDelay(directClient, Number(process.env.DB_RTT_MS ?? 0)) : directClient;
  // WAL: readers never block the writer (one process, many concurrent requests).
  if (config.DATABASE_URL.startsWith("file:")) await directClient.execute("PRAGMA journal_mode = WAL");
  await migrateDatabase(directClient, process.env.MIGRATIONS_DIR ?? join(projectRoot, "migrations"));

  const files = deletingRenditions(new DiskFileStore(join(dataDir, "files")));
  const clock = config.devTools ? testClock(join(dataDir, "reloj.json")) : systemClock;
  const outbox = new DiskOutbox(join(dataDir, "outbox"), () => clock.now());
  // Web Push keys: configured, or (local runs) generated at the first start and kept in the database.
  const vapid = await resolveVapidKeys(config, createDb(directClient), clock.now());
  // The store statistics' page views, counted after each answer and written every few seconds in one batch.
  const statsBuffer = new StatsBuffer();
  const services = () => createServices({ config, client, files, outbox, clock, vapid, recentVisits: statsBuffer });

  // The demo merchant's password is published: never create it where real merchants sign in.
  const seeded = config.seedDemo ? await seedDemo(services()) : null;

  const upkeep = startUpkeep(services);

  // Product views also go to the ad platforms the store set up, with the counts (app/stats/product-views.server.ts).
  const productViews = new ProductViewBuffer();
  const stats = startStatsFlush(withProductViews(statsWriter(statsBuffer, services), productViews, services));
  const counting = countingSettings(config, {
    sessionCookie: sessionCookie(config).name,
    cartCookie: CART_COOKIE,
    routedPath: (request) => routedPath(request, config.STORES_DOMAIN, config.APP_ORIGIN),
  });

  const handler = createFetchHandler(build as unknown as ServerBuild, services);
  const serveStatic = createStaticHandler(join(projectRoot, "build/node/client"));
  const listener = createRequestListener(async (request: Request, peer: ClientAddress) => {
    const ip = clientAddress(peer.address, request.headers.get("X-Forwarded-For"), config.TRUST_PROXY);
    const fixed = await serveStatic(request);
    if (fixed) return compressResponse(request, fixed);
    const response = withOwnVisitCookie(request, await handler(request, ip), config.VITRINA_ENV === "production");
    const at = clock.now().getTime();
    setImmediate(() => {
      try {
        const events = statsEventsOf(request, response, counting, ip, at);
        for (const event of events) statsBuffer.push(event);
        for (const view of productViewsOf(request, events, counting, ip, at)) productViews.push(view);
      } catch (error) {
        // Counting never takes the server down: the view is not counted, and the log says why.
        services().log.error("stats.count_failed", error);
      }
    });
    return compressResponse(request, response);
  });
  let stopping = false;
  const server = createServer((request, response) => {
    lingerAfterEarlyAnswer(request);
    // Stopping: a connection whose request was answered closes now, not when its keep-alive ends (5 s later).
    response.once("finish", () => stopping && server.closeIdleConnections());
    return listener(request, response);
  });
  server.listen(port, () => {
    const lines = [
      `Vitrina lista en ${config.APP_ORIGIN}`,
      ...(seeded
        ? [
            `  Tienda demo:        ${publicStoreUrl(config, DEMO_STORE.url)}`,
            `                      ${config.APP_ORIGIN}/site/${DEMO_STORE.url}`,
            `  Comerciante demo:   ${DEMO_MERCHANT.email} / ${DEMO_MERCHANT.password}${seeded.created ? " (creado ahora)" : ""}`,
            `  Equipo (Ventas):    ${DEMO_STAFF.email} / ${DEMO_STAFF.password}`,
          ]
        : []),
      ...(config.devTools
        ? [`  Correo (outbox):    ${config.APP_ORIGIN}/_dev/correo`, `  Reloj de pruebas:   ${config.APP_ORIGIN}/_dev/reloj`]
        : []),
      `  Datos:              ${dataDir}`,
    ];
    console.log(lines.join("\n"));
  });
  // A stop (a deploy, a restart): no new connections, requests in flight finish (up to STOP_GRACE_MS), the upkeep's
  // run in progress ends, then the database is closed and the process leaves.
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const log = services().log;
    log.info("server.stopping", { signal });
    const forced = setTimeout(() => {
      log.warn("server.stop_timeout", { graceMs: STOP_GRACE_MS });
      server.closeAllConnections();
      directClient.close();
      process.exit(1);
    }, STOP_GRACE_MS);
    forced.unref();
    server.close(async () => {
      await upkeep.stop();
      await stats.stop();
      directClient.close();
      log.info("server.stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** How long a stop waits for requests in flight before it closes their connections. */
const STOP_GRACE_MS = 10_000;

/**
 * The platform's upkeep (app/upkeep.server.ts) every minute, and once now, so orders placed before an upgrade get
 * their reservations and products their search index at the first start. Never two runs at once.
 */
function startUpkeep(services: () => Services): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    const now = services();
    running = runUpkeep(now)
      .then(
        (report) => logUpkeep(now.log, report),
        (error) => now.log.error("upkeep.failed", error),
      )
      .then(() => now.errorReports?.flush())
      .then(() => logMemory(now.log))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, UPKEEP_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

const MiB = 1024 * 1024;

/** The process's memory once a minute, with the upkeep: a leak shows as a heap that keeps growing. */
function logMemory(log: Services["log"]) {
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  const mib = (bytes: number) => Math.round(bytes / MiB);
  log.info("process.memory", {
    rssMiB: mib(rss),
    heapUsedMiB: mib(heapUsed),
    heapTotalMiB: mib(heapTotal),
    externalMiB: mib(external),
    arrayBuffersMiB: mib(arrayBuffers),
  });
}

/** Local runs: the test clock (/_dev/reloj), its offset kept in DATA_DIR so a restart keeps it. */
function testClock(file: string): Clock {
  let offset = 0;
  try {
    const saved = JSON.parse(readFileSync(file, "utf8")) as { offsetMs?: unknown };
    if (typeof saved.offsetMs === "number" && Number.isFinite(saved.offsetMs)) offset = saved.offsetMs;
  } catch {
    // No file yet: real time.
  }
  return new AdjustableClock(offset, (offsetMs) => writeFileSync(file, JSON.stringify({ offsetMs })));
}
