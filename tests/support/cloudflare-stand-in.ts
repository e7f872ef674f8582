import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

interface ReceivedCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * A local HTTP stand-in for Cloudflare's custom hostnames API (`/client/v4/zones/{zone}/custom_hostnames[/{id}]`),
 * answering as it does (`{ success, errors, result }`) and recording every call the app's real client makes.
 * `answerNext` replaces the next answer (a 409 duplicate, a 503, one that never comes).
 */
export async function startCloudflareStandIn() {
  const received: ReceivedCall[] = [];
  const hostnames = new Map<string, Record<string, unknown>>();
  let next: { status: number; body?: unknown } | "hang" | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const body = text ? JSON.parse(text) : null;
      const path = req.url ?? "/";
      received.push({ method: req.method ?? "", path, headers: req.headers, body });
      const reply = (status: number, payload: unknown) =>
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(payload));
      if (next === "hang") {
        next = null;
        return;
      }
      if (next) {
        const { status, body: answer } = next;
        next = null;
        reply(status, answer ?? { success: false, errors: [{ code: 10000, message: "stand-in" }], result: null });
        return;
      }
      const match = path.match(/^\/client\/v4\/zones\/([a-f0-9]{32})\/custom_hostnames(?:\/([a-z0-9]+))?$/);
      if (!match || req.headers.authorization !== "Bearer token-de-prueba") {
        reply(match ? 403 : 404, { success: false, errors: [{ code: 10000, message: "Authentication error" }] });
        return;
      }
      const id = match[2];
      if (req.method === "POST" && !id) {
        const created = {
          id: crypto.randomUUID().replace(/-/g, ""),
          hostname: body.hostname,
          status: "pending",
          ssl: { status: "initializing", method: body.ssl?.method, type: body.ssl?.type },
          ownership_verification: { type: "txt", name: `_cf-custom-hostname.${body.hostname}`, value: "valor-txt" },
        };
        hostnames.set(created.id, created);
        reply(200, { success: true, errors: [], messages: [], result: created });
      } else if (req.method === "GET" && id) {
        const found = hostnames.get(id);
        if (found) reply(200, { success: true, errors: [], result: found });
        else reply(404, { success: false, errors: [{ code: 1436, message: "Custom hostname not found" }] });
      } else if (req.method === "DELETE" && id) {
        if (hostnames.delete(id)) reply(200, { success: true, errors: [], result: { id } });
        else reply(404, { success: false, errors: [{ code: 1436, message: "Custom hostname not found" }] });
      } else reply(405, { success: false, errors: [] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    api: `http://127.0.0.1:${port}/client/v4`,
    received,
    hostnames,
    answerNext(answer: { status: number; body?: unknown } | "hang") {
      next = answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
