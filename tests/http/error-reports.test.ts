// Unexpected errors of the built server reach the error tracker set in SENTRY_DSN (a stand-in Sentry here, real
// HTTP): one report per error, tagged with the log line's event and the request's id, with nothing personal in it.
import { createServer, type Server } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseConfig } from "~/services/config";
import { type RunningServer, send, startServer } from "./server";

let tracker: Server;
let trackerPort: number;
const received: Array<{ path: string; body: string }> = [];
let server: RunningServer;

beforeAll(async () => {
  tracker = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks);
      const body = request.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
      received.push({ path: request.url ?? "", body: body.toString("utf8") });
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((ready) => tracker.listen(0, "127.0.0.1", ready));
  trackerPort = (tracker.address() as { port: number }).port;
  server = await startServer({ SENTRY_DSN: `http://clavepublica@127.0.0.1:${trackerPort}/42` });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  tracker?.close();
});

/** The event of a Sentry envelope: a header line, an item header line, then the event. */
const eventOf = (envelope: string) => JSON.parse(envelope.split("\n")[2] ?? "{}");

it("a page that fails unexpectedly is reported once, with the request's id and no personal data", async () => {
  expect(received).toEqual([]);
  // A fault nobody planned for: a table the store's home reads is gone.
  await server.db().execute("drop table section_items");
  const reply = await send(server, "/site/demo?correo=ana@correo.test&tel=%2B573001234567");
  expect(reply.status).toBe(500);
  const requestId = reply.headers["x-request-id"];
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

  // The report left before the answer did.
  expect(received).toHaveLength(1);
  expect(received[0]?.path).toMatch(/^\/api\/42\/envelope\/\?sentry_key=clavepublica&sentry_version=7/);
  const event = eventOf(received[0]?.body ?? "");
  expect(event.tags).toMatchObject({ event: "unexpected", requestId, path: "/site/demo" });
  expect(event.environment).toBe("local");
  expect(JSON.stringify(event.exception.values)).toContain("no such table: section_items");
  expect(event.request).toBeUndefined();
  const sent = received[0]?.body ?? "";
  for (const personal of ["ana@correo.test", "573001234567", "correo=", "Cookie"]) expect(sent).not.toContain(personal);

  // A page that works sends nothing.
  expect((await send(server, "/Auth")).status).toBe(200);
  expect(received).toHaveLength(1);
});

it("SENTRY_DSN must be a DSN; without it errors are only logged", () => {
  const base = { RUNTIME: "node", APP_ORIGIN: "http://localhost:3000", DATABASE_URL: "file:x.db" };
  expect(() => parseConfig({ ...base, SENTRY_DSN: "no es una dirección" })).toThrow(/SENTRY_DSN: debe ser el DSN del proyecto/);
  expect(parseConfig({ ...base, SENTRY_DSN: "" }).SENTRY_DSN).toBeUndefined();
});
