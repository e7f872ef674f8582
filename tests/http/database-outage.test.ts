// The built server with its database behind the network (libSQL over HTTP, as Turso is reached), then the database
// gone: /readyz says so, every page answers the Spanish 503, a JavaScript navigation gets the same answer for the app to show, nothing
// is half-written, and everything works again when the database is back, without a restart.
import type { Server } from "node:http";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startHranaServer } from "../worker/hrana-server.mjs";
import { placeDemoOrder } from "./demo-order";
import { CookieJar, FORM, form, type RunningServer, send, signIn, startServer } from "./server";

let server: RunningServer;
let database: { server: Server; port: number };
let databasePath: string;

beforeAll(async () => {
  server = await startServer({}, async (dataDir) => {
    databasePath = join(dataDir, "vitrina.db");
    database = await startHranaServer({ path: databasePath });
    return { DATABASE_URL: `http://127.0.0.1:${database.port}` };
  });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  database?.server.close();
});

async function takeDatabaseDown() {
  await new Promise((done) => {
    database.server.close(done);
    database.server.closeAllConnections();
  });
}

it("database gone: Spanish 503s for pages, navigations and orders, nothing saved; back: all works, no restart", async () => {
  const merchant = new CookieJar();
  expect((await signIn(server, merchant)).status).toBe(302);
  const storeId = String((await server.db().execute("select id from stores where url = 'demo'")).rows[0]?.id);
  const salesBefore = Number((await server.db().execute("select count(*) as n from sales")).rows[0]?.n);
  const signedIn = { headers: { Cookie: merchant.header } };
  expect((await send(server, `/Store/${storeId}/sales`, signedIn)).status).toBe(200);
  // The merchant's app open in a browser, hydrated, when the database goes.
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  const context = await browser.newContext({ baseURL: server.origin });
  const session = merchant.header.match(/vitrina_sesion=([^;]+)/)?.[1] ?? "";
  await context.addCookies([{ name: "vitrina_sesion", value: session, url: server.origin }]);
  const app = await context.newPage();
  await app.goto(`/Store/${storeId}/sales`, { waitUntil: "networkidle" });

  await takeDatabaseDown();

  // A load balancer's view: alive, not ready.
  expect((await send(server, "/healthz")).status).toBe(200);
  const notReady = await send(server, "/readyz");
  expect(notReady.status).toBe(503);
  expect(JSON.parse(notReady.body)).toEqual({ status: "unavailable", checks: { database: "failed", files: "ok" } });

  try {
    // A tap on another tab: the app's own navigation gets the 503 and says so, with that request's id.
    const answered = app.waitForResponse((response) => response.url().includes("/products.data"));
    await app.getByRole("navigation", { name: "Secciones de la tienda" }).getByRole("link", { name: "Productos" }).click();
    const failed = await answered;
    expect(failed.status()).toBe(503);
    await app.getByRole("heading", { name: "No pudimos atenderte en este momento" }).waitFor();
    expect(await app.getByText("no se guardó ningún cambio").count()).toBe(1);
    expect(await app.locator("[data-request-id]").textContent()).toBe(failed.headers()["x-request-id"]);
  } finally {
    await browser.close();
  }

  // A shopper's page and a merchant's page, loaded whole: the plain Spanish page with the request's id.
  for (const [path, options] of [
    ["/site/demo", {}],
    [`/Store/${storeId}/sales`, signedIn],
  ] as const) {
    const page = await send(server, path, options);
    expect(page.status, path).toBe(503);
    expect(page.headers["retry-after"]).toBe("30");
    expect(page.body).toContain("<h1>No pudimos atenderte en este momento</h1>");
    expect(page.body).toContain("no se guardó ningún cambio");
    expect(page.body).toContain(String(page.headers["x-request-id"]));
  }
  // The merchant app moving between pages with JavaScript: a 503 its error boundary reads, with this request's id.
  const navigation = await send(server, `/Store/${storeId}/products.data`, signedIn);
  expect(navigation.status).toBe(503);
  expect(JSON.parse(navigation.body)).toEqual({ kind: "database_unavailable", requestId: navigation.headers["x-request-id"] });
  // A shopper's order: refused, and nothing of it is written.
  const checkout = await send(server, "/site/demo/Checkout", {
    headers: FORM,
    body: form({ idempotencyKey: `caida-${crypto.randomUUID()}`, buyerName: "Ana", delivery: "pickup", line: "1234567:1" }),
  });
  expect(checkout.status).toBe(503);

  // Back, on the same address: the same server answers again.
  database = await startHranaServer({ path: databasePath, port: database.port });
  expect((await send(server, "/readyz")).status).toBe(200);
  expect((await send(server, "/site/demo")).status).toBe(200);
  expect((await send(server, `/Store/${storeId}/sales`, signedIn)).status).toBe(200);
  expect(Number((await server.db().execute("select count(*) as n from sales")).rows[0]?.n)).toBe(salesBefore);
  const order = await placeDemoOrder(server);
  expect(order.checkout.status).toBe(303);
  expect(Number((await server.db().execute("select count(*) as n from sales")).rows[0]?.n)).toBe(salesBefore + 1);
});
