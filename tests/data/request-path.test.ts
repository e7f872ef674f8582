// The shared request path (app/request-handler.server.ts) with the app's real routes and entry, on real libSQL: what a
// client's bad request answers, and what it writes to the log and the error tracker.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createFetchHandler } from "~/request-handler.server";
import type { ErrorReports } from "~/services/error-reports";
import { reportingLogger } from "~/services/error-reports";
import { FaultSwitch } from "~/services/faults";
import { jsonLogger } from "~/services/log";
import { appBuild } from "../support/app-build";
import { signedInMerchant } from "../support/merchants";
import { createTestServices } from "../support/services";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

const faults = new FaultSwitch();
const s = createTestServices({ faults });
const ORIGIN = s.config.APP_ORIGIN;
let handler: ReturnType<typeof createFetchHandler>;
let merchant: Awaited<ReturnType<typeof signedInMerchant>>;

/** The log lines and error reports of the requests so far. */
const lines: Array<Record<string, unknown>> = [];
const reports: Array<{ event: string; error: unknown; fields: Record<string, unknown> }> = [];
const tracker: ErrorReports = {
  capture: (event, error, fields) => void reports.push({ event, error, fields }),
  flush: async () => {},
};

beforeAll(async () => {
  merchant = await signedInMerchant(s, "standard", { saleNumber: "573001112233" });
  const log = reportingLogger(
    jsonLogger((line) => lines.push(JSON.parse(line))),
    tracker,
  );
  handler = createFetchHandler(await appBuild(), () => ({ ...s, log }));
}, 60_000);

/** One request as a same-site browser page would send it; its answer and the lines and reports it made. */
async function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  lines.length = 0;
  reports.length = 0;
  const response = await handler(new Request(ORIGIN + path, { ...init, headers: { Origin: ORIGIN, ...init.headers } }));
  const body = await response.text();
  return { status: response.status, body, lines: [...lines], reports: [...reports] };
}

const errorLines = (answer: { lines: Array<Record<string, unknown>> }) => answer.lines.filter((l) => l.level === "error");

describe("a client's bad request", () => {
  it("an unknown address, even with a line break in it, is a 404 with its request line only: no error line, no report", async () => {
    for (const path of ["/nada%0A", "/nada%0D", "/nada%E2%80%A8", "/Store%0A/1234567890"]) {
      const answer = await send(path);
      expect(answer.status, path).toBe(404);
      expect(errorLines(answer), path).toEqual([]);
      expect(answer.reports, path).toEqual([]);
      expect(answer.lines.map((l) => l.event)).toEqual(["request"]);
    }
  });

  it("a method a route does not take (a stored file deleted, replaced or posted to) is a 405, not an error", async () => {
    for (const method of ["DELETE", "PUT", "POST"]) {
      const answer = await send("/files/logos/abc.webp", {
        method,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "a=1",
      });
      expect(answer.status, method).toBe(405);
      expect(errorLines(answer), method).toEqual([]);
      expect(answer.reports, method).toEqual([]);
    }
  });

  it("a body that is not a form, to any action, is a Spanish 415 with no error line; forms and webhooks go on", async () => {
    const cookie = { Cookie: merchant.cookie };
    const site = `/site/${merchant.store.url}`;
    const actions = ["/Auth", `${site}/Cart`, `${site}/Checkout`, `/Store/${merchant.store.id}/cobros`, "/Auth/logout"];
    const bodies: Array<{ headers: Record<string, string>; body?: string }> = [
      { headers: { "Content-Type": "application/json" }, body: '{"email":"a@b.co"}' },
      { headers: { "Content-Type": "text/plain" }, body: "email=a@b.co" },
      { headers: { "Content-Type": "application/xml" }, body: "<email>a@b.co</email>" },
      { headers: {} },
      { headers: {}, body: "" },
    ];
    for (const path of actions) {
      for (const { headers, body } of bodies) {
        for (const method of ["POST", "PUT"]) {
          const what = `${method} ${path} ${headers["Content-Type"] ?? "(none)"}`;
          const answer = await send(path, { method, headers: { ...cookie, ...headers }, body });
          expect(answer.status, what).toBe(415);
          expect(answer.body, what).toBe("No pudimos leer el formulario. Vuelve a cargar la página e inténtalo de nuevo.");
          expect(errorLines(answer), what).toEqual([]);
          expect(answer.reports, what).toEqual([]);
        }
      }
    }
    // A data request of the app moving without a reload is refused the same way.
    const data = await send("/Auth.data", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(data.status).toBe(415);

    // A form, urlencoded or multipart, still reaches its action.
    const form = await send("/Auth", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=nadie%40correo.test&password=x&redirectTo=%2F",
    });
    expect(form.status).toBe(401); // the sign-in's own refusal
    const multipart = await send("/Auth/logout", {
      method: "POST",
      headers: { ...cookie, "Content-Type": "multipart/form-data; boundary=x" },
      body: "--x--\r\n",
    });
    expect(multipart.status).toBe(302);
    // MercadoPago's notifications are JSON: not refused for it (here, with no MercadoPago configured, a 404).
    const webhook = await send("/webhooks/mercadopago", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"type":"payment","data":{"id":"1"}}',
    });
    expect(webhook.status).not.toBe(415);
    expect(errorLines(webhook)).toEqual([]);
  });
});

describe("the paths the log keeps", () => {
  it("an error line and its report carry the scrubbed path: a reset link's token never reaches either", async () => {
    // As a reset link's token is: 43 characters of base64url.
    const token = "Zx9kQ2mP7rT4vW8yB3nL6hJ1fD5sA0cE-q_7Hd2Lw4N";
    faults.set("database", true);
    const answer = await send(`/Auth/ResetPassword/${token}`).finally(() => faults.set("database", false));
    expect(answer.status).toBe(503);
    expect(errorLines(answer)).toEqual([expect.objectContaining({ event: "unexpected", path: "/Auth/ResetPassword/:segment" })]);
    expect(answer.reports).toEqual([
      expect.objectContaining({ event: "unexpected", fields: expect.objectContaining({ path: "/Auth/ResetPassword/:segment" }) }),
    ]);
    expect(JSON.stringify(answer.lines)).not.toContain(token);
    expect(JSON.stringify(answer.reports.map((r) => r.fields))).not.toContain(token);
  });

  it("a data request's path has its ids as ':id' too", async () => {
    const path = `/Store/${merchant.store.id}/sales/6508702829.data`;
    const answer = await send(path, { headers: { Cookie: merchant.cookie } });
    const line = answer.lines.find((l) => l.event === "request");
    expect(line?.path).toBe("/Store/:id/sales/:id.data");
    expect(JSON.stringify(answer.lines)).not.toContain("6508702829");
  });
});
