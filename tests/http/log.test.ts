// The built server's log through a whole journey (the merchant signs in, a shopper orders and opens the order page,
// the merchant reads the sales): one JSON line per request with its id, the notable events, and never a password,
// email, phone number, token or session.
import { chmodSync, mkdirSync, statSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_MERCHANT } from "~/demo/seed.server";
import { placeDemoOrder } from "./demo-order";
import { CookieJar, type RunningServer, send, signIn, startServer } from "./server";

let server: RunningServer;
beforeAll(async () => {
  // Its data folder as an older install left it: open to every user of the machine.
  server = await startServer({}, async (dataDir) => {
    mkdirSync(dataDir, { recursive: true });
    chmodSync(dataDir, 0o755);
    return {};
  });
}, 90_000);
afterAll(() => server?.stop());

const BUYER = { buyerEmail: "lucia.compradora@correo.test", buyerPhone: "+57 311 555 0199", note: "Dejar en portería" };

it("writes one JSON line per request and per event, with the request's id, and no personal data or secret", async () => {
  // What the server printed at start (the local run's demo sign-in, on purpose) is not the log.
  const startup = server.output().length;
  const merchant = new CookieJar();
  const signedIn = await signIn(server, merchant);
  expect(signedIn.status).toBe(302);
  const order = await placeDemoOrder(server, BUYER);
  const page = await send(server, `/site/demo/Order/${order.code}?t=${order.token}`);
  expect(page.status).toBe(200);
  const storeId = String((await server.db().execute("select id from stores where url = 'demo'")).rows[0]?.id);
  const sales = await send(server, `/Store/${storeId}/sales`, { headers: { Cookie: merchant.header } });
  expect(sales.status).toBe(200);
  // A password-reset link carries its token in the path.
  const resetToken = "Zx9kQ2mP7rT4vW8yB3nL6hJ1fD5sA0cE";
  const reset = await send(server, `/Auth/ResetPassword/${resetToken}`);
  // Sent as no form sends it: refused, and the token stays out of every line.
  const resetPut = await send(server, `/Auth/ResetPassword/${resetToken}`, { method: "PUT" });
  expect(resetPut.status).toBe(415);
  await new Promise((done) => setTimeout(done, 200));

  const output = server.output().slice(startup);
  const lines = output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const requests = lines.filter((l) => l.event === "request");
  // The id a response carries names its line, with the route (ids as ':id', no query), status, time and round trips.
  const pageLine = requests.find((l) => l.requestId === page.headers["x-request-id"]);
  expect(pageLine).toMatchObject({ level: "info", method: "GET", path: "/site/demo/Order/:id", site: "demo", status: 200 });
  expect(pageLine?.durationMs).toEqual(expect.any(Number));
  expect(pageLine?.roundTrips).toBe(1);
  expect(requests.find((l) => l.requestId === reset.headers["x-request-id"])?.path).toBe("/Auth/ResetPassword/:segment");
  const salesLine = requests.find((l) => l.requestId === sales.headers["x-request-id"]);
  expect(salesLine).toMatchObject({ path: "/Store/:id/sales", storeId, status: 200 });
  // The checkout's events share its request's id.
  const placed = lines.find((l) => l.event === "order.placed" && l.saleId === order.code);
  expect(placed).toMatchObject({ storeId, paymentMethod: "on_delivery" });
  const checkoutLine = requests.find((l) => l.requestId === order.checkout.headers["x-request-id"]);
  expect(checkoutLine).toMatchObject({ method: "POST", path: "/site/demo/Checkout", status: 303 });
  expect(placed?.requestId).toBe(checkoutLine?.requestId);
  expect(lines.some((l) => l.event === "mail.sent" && l.requestId === placed?.requestId)).toBe(true);

  const session =
    signedIn.cookies
      .find((c) => c.startsWith("vitrina_sesion="))
      ?.split(";")[0]
      ?.split("=")[1] ?? "";
  expect(session.length).toBeGreaterThan(10);
  const secrets = [
    DEMO_MERCHANT.password,
    DEMO_MERCHANT.email,
    BUYER.buyerEmail,
    BUYER.buyerPhone,
    BUYER.buyerPhone.replace(/\D/g, ""),
    BUYER.note,
    order.token,
    resetToken,
    session,
    "Ana Compradora",
  ];
  for (const secret of secrets) expect(output, secret).not.toContain(secret);
});

it("a client's bad request is its request line with a 4xx: no error line, so no error report", async () => {
  const startup = server.output().length;
  const replies = [
    await send(server, "/nada%0A"),
    await send(server, "/nada%0D"),
    await send(server, "/nada%E2%80%A8"),
    await send(server, "/files/logos/x.webp", {
      method: "DELETE",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
    await send(server, "/Auth", { headers: { "Content-Type": "application/json" }, body: '{"email":"a@b.co"}' }),
    await send(server, "/site/demo/Checkout", { headers: { "Content-Type": "text/plain" }, body: "hola" }),
    await send(server, "/site/demo/Cart", { method: "POST" }),
  ];
  expect(replies.map((r) => r.status)).toEqual([404, 404, 404, 405, 415, 415, 415]);
  expect(replies[4]?.body).toBe("No pudimos leer el formulario. Vuelve a cargar la página e inténtalo de nuevo.");
  await new Promise((done) => setTimeout(done, 200));
  const lines = server
    .output()
    .slice(startup)
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines.filter((l) => l.level === "error")).toEqual([]);
  expect(lines.filter((l) => l.event === "request")).toHaveLength(replies.length);
});

it("at start, a data folder open to other users is closed, with a warning line", () => {
  expect(statSync(server.dataDir).mode & 0o777).toBe(0o700);
  const lines = server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toContainEqual(expect.objectContaining({ level: "warn", event: "data_dir.closed", was: "755", now: "700" }));
});
