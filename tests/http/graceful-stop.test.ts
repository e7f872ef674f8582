// Stopping the Node server (a deploy, a restart): the request in flight is answered, new connections are refused, the
// process leaves cleanly and promptly, and what was saved is there when it starts again.
import { expect, it } from "vitest";
import { placeDemoOrder } from "./demo-order";
import { FORM, send, startServer } from "./server";

const BROWSER = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Mobile Safari/537.36";

it("on SIGTERM an upload in flight is answered, new connections are refused, and the process exits 0", async () => {
  const server = await startServer();
  const { code } = await placeDemoOrder(server);
  // A shopper's visit from the printed QR, counted after its answer and not yet written (the server writes every 3 s).
  const visit = await send(server, "/site/demo?ref=qr", { headers: { "User-Agent": BROWSER } });
  expect(visit.status).toBe(200);
  // A cart form sent slowly: its body is still arriving when the stop comes.
  let release = () => {};
  const gate = new Promise<void>((open) => {
    release = open;
  });
  async function* slowBody() {
    yield new TextEncoder().encode("q=ta");
    await gate;
    yield new TextEncoder().encode("za");
  }
  const inFlight = send(server, "/site/demo/Cart", {
    method: "POST",
    headers: { ...FORM, "Content-Length": String("q=taza".length) },
    stream: slowBody(),
  });
  await new Promise((wait) => setTimeout(wait, 300));
  const exited = new Promise<number | null>((done) => server.child.once("exit", done));
  const started = Date.now();
  server.child.kill("SIGTERM");
  await new Promise((wait) => setTimeout(wait, 300));
  await expect(send(server, "/healthz")).rejects.toThrow(/ECONNREFUSED/);
  release();
  const answered = await inFlight;
  expect(answered.status).toBeGreaterThanOrEqual(200);
  expect(answered.status).toBeLessThan(500);
  expect(await exited).toBe(0);
  // The answered connection closes at once: waiting for its keep-alive to end took 4.9 s.
  expect(Date.now() - started).toBeLessThan(2_000);
  const lines = server
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"));
  const events = lines.map((l) => JSON.parse(l).event as string);
  expect(events).toContain("server.stopping");
  expect(events.at(-1)).toBe("server.stopped");

  // The order placed before the stop is in the database the next start opens.
  const [sale] = (await server.db().execute({ sql: "select state from sales where id = ?", args: [code] })).rows;
  expect(sale?.state).toBe("Pendiente");
  // The statistics' counts waiting in the process were written before it left.
  const visits = await server
    .db()
    .execute(
      "select sum(visits) as n from store_visits_daily join stores on stores.id = store_id where url = 'demo' and source = 'qr'",
    );
  expect(Number(visits.rows[0]?.n)).toBe(1);
  await server.stop();
}, 60_000);
