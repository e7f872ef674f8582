import { describe, expect, it } from "vitest";
import { jsonLogger, scrub } from "~/services/log";
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
