import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { jsonLogger, loggedPath, scrub } from "~/services/log";
import { loggedMailer, type MailMessage } from "~/services/mail";
import { isOutbox } from "~/services/outbox";

describe("the platform's log", () => {
  it("writes one JSON line per event, with the request's fields and its time", () => {
    const lines: string[] = [];
    const log = jsonLogger(
      (l) => lines.push(l),
      () => new Date("2026-11-26T12:00:00Z"),
    ).with({ requestId: "r-1" });
    log.info("order.placed", { storeId: "1234567890", saleId: "9876543210", total: 4300, skipped: undefined });
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      {
        time: "2026-11-26T12:00:00.000Z",
        level: "info",
        event: "order.placed",
        requestId: "r-1",
        storeId: "1234567890",
        saleId: "9876543210",
        total: 4300,
      },
    ]);
  });

  it("writes an error's kind and message, scrubbed of emails, phone numbers and secrets", () => {
    const lines: string[] = [];
    const cause = new TypeError("fetch failed for ana.ruiz@correo.test");
    jsonLogger((l) => lines.push(l)).error(
      "mail.failed",
      new Error("refused +57 300 123 4567 with token 3f9a2c81d7e64b5a9c0e1f2a3b4c5d6e, sale 9876543210", { cause }),
    );
    const written = JSON.parse(lines[0] as string);
    expect(written).toMatchObject({
      level: "error",
      event: "mail.failed",
      errorName: "Error",
      errorMessage: "refused [teléfono] with token [secreto], sale 9876543210",
      errorCause: "TypeError: fetch failed for [correo]",
    });
  });

  it("says what a thrown value that is not an Error held, never '[object Object]'", () => {
    const lines: string[] = [];
    const log = jsonLogger((l) => lines.push(l));
    log.error("unexpected", new ErrorResponse(502, "Bad Gateway", null));
    log.error("unexpected", new Response("no", { status: 504 }));
    log.error("unexpected", { message: "rechazado para ana@correo.test" });
    log.error("unexpected", { reason: "sin stock", productId: 1234567 });
    log.error("unexpected", "texto");
    const written = lines.map((l) => JSON.parse(l));
    expect(written.map((l) => [l.errorName, l.errorMessage])).toEqual([
      ["ErrorResponseImpl", "502 Bad Gateway"],
      ["Response", "504"],
      ["object", "rechazado para [correo]"],
      ["object", '{"reason":"sin stock","productId":1234567}'],
      ["string", "texto"],
    ]);
    expect(lines.join("")).not.toContain("[object Object]");
  });

  it("keeps a path with its ids as ':id' and long segments as ':segment', a data request's too", () => {
    expect(loggedPath("/Store/1234567890/sales/6508702829")).toBe("/Store/:id/sales/:id");
    expect(loggedPath("/Store/1234567890/sales/6508702829.data")).toBe("/Store/:id/sales/:id.data");
    expect(loggedPath("/Store/1234567890.data")).toBe("/Store/:id.data");
    expect(loggedPath("/Auth/ResetPassword/Zx9kQ2mP7rT4vW8yB3nL6hJ1fD5sA0cE-q_7Hd2Lw4N.data")).toBe(
      "/Auth/ResetPassword/:segment.data",
    );
    expect(loggedPath("/site/demo/Product/taza/1234567.data")).toBe("/site/demo/Product/taza/:id.data");
    expect(loggedPath("/_root.data")).toBe("/_root.data");
    expect(loggedPath("/site/demo/sitemap.xml")).toBe("/site/demo/sitemap.xml");
  });

  it("leaves ids, words and amounts alone", () => {
    expect(scrub("store 1234567890 sale 9876543210 total 43.000 CLP en Bogotá")).toBe(
      "store 1234567890 sale 9876543210 total 43.000 CLP en Bogotá",
    );
    expect(scrub("5491155551234 y 573001234567")).toBe("[teléfono] y [teléfono]");
  });
});

describe("the logged mailer", () => {
  it("logs each send and keeps the rest of the mailer (the local outbox's messages)", async () => {
    const sent: MailMessage[] = [];
    const outbox = {
      send: async (m: MailMessage) => void sent.push(m),
      messages: async () => sent.map((m) => ({ ...m, id: "1", sentAt: "" })),
    };
    const lines: string[] = [];
    const mailer = loggedMailer(outbox, () => jsonLogger((l) => lines.push(l)));
    await mailer.send({ to: "ana@correo.test", subject: "Tu código es 12345", text: "12345", html: "12345" });
    expect(isOutbox(mailer) && (await mailer.messages()).map((m) => m.to)).toEqual(["ana@correo.test"]);
    expect(lines.map((l) => JSON.parse(l).event)).toEqual(["mail.sent"]);
    expect(lines.join("")).not.toMatch(/ana@|12345/);
  });
});
