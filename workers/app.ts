// The Cloudflare runtime: Turso over HTTP, R2 for files, Resend for mail, MercadoPago for payments.
import { createClient } from "@libsql/client/web";
import type { ServerBuild } from "react-router";
import { createFetchHandler } from "../app/request-handler.server";
import { systemClock } from "../app/services/clock";
import { type Config, parseConfig } from "../app/services/config";
import { createServices } from "../app/services/create.server";
import { R2FileStore } from "../app/services/files";
import { R2Outbox } from "./r2-outbox";

export interface Env {
  FILES: R2Bucket;
  [setting: string]: unknown;
}

let cached: { handler: (request: Request, clientIp?: string) => Promise<Response>; config: Config } | undefined;

async function handlerFor(env: Env) {
  if (cached) return cached.handler;
  const config = parseConfig({ ...env, RUNTIME: "cloudflare" });
  const client = createClient({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN });
  const files = new R2FileStore(env.FILES);
  const outbox = new R2Outbox(env.FILES, () => systemClock.now());
  const build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
  const handler = createFetchHandler(build, () => createServices({ config, client, files, outbox, clock: systemClock }));
  cached = { handler, config };
  return handler;
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    try {
      return await (await handlerFor(env))(request, request.headers.get("CF-Connecting-IP") ?? "unknown");
    } catch (error) {
      console.error(error);
      return new Response("Error de configuración del servidor", { status: 500 });
    }
  },
} satisfies ExportedHandler<Env>;
