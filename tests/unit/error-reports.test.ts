import { createServer } from "node:http";
import { expect, it } from "vitest";
import { reportingLogger, sentryReports } from "~/services/error-reports";
import { jsonLogger } from "~/services/log";

/** A stand-in error tracker on a free port: the DSN to give sentryReports and the bodies it received. */
async function standInTracker() {
  const bodies: string[] = [];
  const tracker = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      bodies.push(body);
      response.end("{}");
    });
  });
  await new Promise<void>((ready) => tracker.listen(0, "127.0.0.1", ready));
  const { port } = tracker.address() as { port: number };
  return { dsn: `http://clave@127.0.0.1:${port}/7`, bodies, close: () => tracker.close() };
}

it("an error line is also a report: the line's fields as tags, its messages scrubbed as the log scrubs them", async () => {
  const tracker = await standInTracker();
  const { bodies } = tracker;
  try {
    const reports = sentryReports({ dsn: tracker.dsn, environment: "production" });
    const lines: string[] = [];
    const log = reportingLogger(
      jsonLogger((line) => lines.push(line)),
      reports,
    ).with({ requestId: "r-1" });
    log.info("order.placed", { saleId: "1234567890" });
    log.warn("rate_limited", {});
    const cause = new Error("el proveedor dijo: token sk_live_4fJ9kL2mN8pQ1rS5tU7vW3xY6zA0bC");
    log.error("mail.failed", new Error("rechazado para ana@correo.test, +57 300 123 4567", { cause }), { saleId: "1234567890" });
    await reports.flush();

    expect(lines).toHaveLength(3);
    expect(bodies).toHaveLength(1);
    const event = JSON.parse(bodies[0]?.split("\n")[2] ?? "{}");
    expect(event.tags).toEqual({ event: "mail.failed", requestId: "r-1", saleId: "1234567890" });
    expect(event.environment).toBe("production");
    const messages = event.exception.values.map((v: { value: string }) => v.value);
    expect(messages).toEqual(["el proveedor dijo: token [secreto]", "rechazado para [correo], [teléfono]"]);
    for (const personal of ["ana@correo.test", "300 123 4567", "sk_live"]) expect(bodies[0]).not.toContain(personal);
    // Nothing left to send: flushing again returns at once.
    const started = Date.now();
    await reports.flush();
    expect(Date.now() - started).toBeLessThan(50);
  } finally {
    tracker.close();
  }
});

it("a thrown value that is not an Error is reported as an Error saying what it held, as its log line says", async () => {
  const tracker = await standInTracker();
  try {
    const reports = sentryReports({ dsn: tracker.dsn, environment: "production" });
    const lines: string[] = [];
    const log = reportingLogger(
      jsonLogger((line) => lines.push(line)),
      reports,
    );
    log.error("unexpected", { status: 502, statusText: "Bad Gateway", data: "para ana@correo.test" });
    await reports.flush();
    const event = JSON.parse(tracker.bodies[0]?.split("\n")[2] ?? "{}");
    expect(event.exception.values.map((v: { type: string; value: string }) => [v.type, v.value])).toEqual([
      ["object", "502 Bad Gateway"],
    ]);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ errorName: "object", errorMessage: "502 Bad Gateway" });
    expect(tracker.bodies[0]).not.toContain("ana@correo.test");
  } finally {
    tracker.close();
  }
});
