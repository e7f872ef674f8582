import { copyFileSync, mkdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { createServices } from "../../app/compose-services.server";
import { deletingRenditions } from "../../app/media/renditions";
import { parseConfig } from "../../app/services/config";
import { META_GRAPH_VERSION } from "../../app/services/conversions";
import type { FaultSwitch } from "../../app/services/faults";
import { silentLogger } from "../../app/services/log";
import { DiskFileStore } from "../../server/disk-files";
import { forThisFile } from "./for-this-file";
import { BASE_DB, TMP_DIR } from "./paths";
import { MemoryMailer, TEST_PASSWORD_HASHING, TEST_VAPID, TestClock } from "./services";

interface ReceivedConversion {
  platform: "meta" | "ga4";
  /** The dataset or measurement id the address named. */
  target: string;
  /** The access token or API secret the address carried. */
  secret: string;
  body: Record<string, unknown>;
  /** The event id, as each platform deduplicates by it (GA4: its params' event_id). */
  eventId: string;
  eventName: string;
  status: number;
}

/**
 * A local HTTP stand-in for Meta's Conversions API (`POST /{version}/{dataset}/events?access_token=`) and GA4's
 * Measurement Protocol (`POST /mp/collect?measurement_id=&api_secret=`), answering as they do, recording every request
 * the app's real client sends. `failNext(n)` answers the next n with a 503, as a platform having a bad moment.
 */
async function startConversionsStandIn() {
  const received: ReceivedConversion[] = [];
  let failing = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const meta = url.pathname.match(new RegExp(`^/${META_GRAPH_VERSION.replace(".", "\\.")}/(\\d+)/events$`));
      const ga4 = url.pathname === "/mp/collect";
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        // Recorded as an empty body, and refused below.
      }
      if (req.method !== "POST" || (!meta && !ga4)) {
        res.writeHead(404).end();
        return;
      }
      const status = failing > 0 ? 503 : req.headers["content-type"] === "application/json" ? (meta ? 200 : 204) : 400;
      if (failing > 0) failing--;
      const metaEvent = (body.data as Array<Record<string, unknown>> | undefined)?.[0];
      const gaEvent = (body.events as Array<{ name: string; params: Record<string, unknown> }> | undefined)?.[0];
      received.push({
        platform: meta ? "meta" : "ga4",
        target: meta ? (meta[1] ?? "") : (url.searchParams.get("measurement_id") ?? ""),
        secret: (meta ? url.searchParams.get("access_token") : url.searchParams.get("api_secret")) ?? "",
        body,
        eventId: String(meta ? metaEvent?.event_id : gaEvent?.params.event_id),
        eventName: String(meta ? metaEvent?.event_name : gaEvent?.name),
        status,
      });
      if (status === 200) res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ events_received: 1 }));
      else res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    /** What the platforms kept: the accepted requests, one per platform and event id. */
    accepted: () => received.filter((r) => r.status < 300),
    failNext(n: number) {
      failing = n;
    },
    reset() {
      received.length = 0;
      failing = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ConversionsStandIn = Awaited<ReturnType<typeof startConversionsStandIn>>;

/** The stand-in, started before this file's tests and closed after. */
export const conversionsStandInForThisFile = (): ConversionsStandIn => forThisFile(startConversionsStandIn);

/**
 * Real services on a fresh copy of the base database, sending conversions to `origin` (the stand-in) with the real HTTP
 * client. What a request leaves running after its answer is kept in `pending`; `settle()` waits for it.
 */
export function createConversionServices(origin: string, options: { faults?: FaultSwitch } = {}) {
  const dir = join(TMP_DIR, `conversions-${process.pid}-${crypto.randomUUID().slice(0, 8)}`);
  mkdirSync(dir, { recursive: true });
  const dbPath = join(dir, "vitrina.db");
  copyFileSync(BASE_DB, dbPath);
  const config = parseConfig({
    RUNTIME: "node",
    APP_ORIGIN: "http://localhost:3999",
    STORES_DOMAIN: "localhost",
    DATABASE_URL: `file:${dbPath}`,
    CONVERSIONS_API_ORIGIN: origin,
    ...TEST_PASSWORD_HASHING,
  });
  const pending: Array<Promise<unknown>> = [];
  const testClock = new TestClock();
  const outbox = new MemoryMailer();
  const services = createServices({
    config,
    client: createClient({ url: config.DATABASE_URL, timeout: 5000 }),
    files: deletingRenditions(new DiskFileStore(join(dir, "files"))),
    outbox,
    clock: testClock,
    vapid: TEST_VAPID,
    log: silentLogger,
    faults: options.faults,
    afterResponse: (task) => pending.push(task),
  });
  const settle = async () => {
    while (pending.length) await pending.shift();
  };
  return { ...services, outbox, testClock, dbPath, pending, settle };
}
