import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { MailMessage } from "~/services/mail";
import { DiskOutbox } from "../../server/outbox";
import { TMP_DIR } from "../support/paths";

function freshDir() {
  const dir = join(TMP_DIR, `outbox-${process.pid}-${crypto.randomUUID().slice(0, 8)}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const clock = () => new Date("2026-03-10T15:00:00Z");

function mail(n: number): MailMessage {
  return { to: `cliente${n}@example.com`, subject: `Pedido ${n}`, text: `texto ${n}`, html: `<p>${n}</p>` };
}

describe("disk outbox", () => {
  it("lists only the messages it can read, skipping empty, truncated and odd entries", async () => {
    const dir = freshDir();
    const outbox = new DiskOutbox(dir, clock);
    await outbox.send(mail(1));
    const [valid] = readdirSync(dir);
    // What a kill -9 mid-write can leave behind, plus entries that are not messages at all.
    writeFileSync(join(dir, "x.json"), "");
    writeFileSync(join(dir, "truncated.json"), '{"id":"truncated","sentAt":"2026-03-10T15:00:00.000Z","to":"a@');
    mkdirSync(join(dir, "folder.json"));
    writeFileSync(join(dir, "null.json"), "null");
    writeFileSync(join(dir, "partial.json"), JSON.stringify({ id: "partial", sentAt: "2026-03-10T15:00:00.000Z" }));

    const messages = await outbox.messages();
    expect(messages).toEqual([{ ...mail(1), sentAt: "2026-03-10T15:00:00.000Z", id: valid?.replace(/\.json$/, "") }]);
  });

  it("send leaves only the message file behind", async () => {
    const dir = freshDir();
    const outbox = new DiskOutbox(dir, clock);
    await outbox.send(mail(1));
    const names = readdirSync(dir);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/\.json$/);
  });

  it("concurrent sends each produce a readable message", async () => {
    const dir = freshDir();
    const outbox = new DiskOutbox(dir, clock);
    await Promise.all(Array.from({ length: 20 }, (_, n) => outbox.send(mail(n))));
    const messages = await outbox.messages();
    expect(messages).toHaveLength(20);
    expect(new Set(messages.map((m) => m.id)).size).toBe(20);
    expect(messages.map((m) => m.to).sort()).toEqual(Array.from({ length: 20 }, (_, n) => mail(n).to).sort());
    expect(readdirSync(dir).every((name) => name.endsWith(".json"))).toBe(true);
  });
});
