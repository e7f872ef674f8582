import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Mailer, MailMessage } from "../app/services/mail";
import type { Outbox, OutboxMessage } from "../app/services/outbox";

/** Local mail: every message is saved as JSON under DATA_DIR/outbox and listed at /_dev/correo. */
export class DiskOutbox implements Mailer, Outbox {
  constructor(
    private readonly dir: string,
    private readonly now: () => Date,
  ) {}

  async send(message: MailMessage) {
    await mkdir(this.dir, { recursive: true });
    const sentAt = this.now().toISOString();
    const id = `${sentAt.replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}`;
    const record: OutboxMessage = { id, sentAt, ...message };
    await writeFile(join(this.dir, `${id}.json`), JSON.stringify(record, null, 2));
  }

  async messages(): Promise<OutboxMessage[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    const all = await Promise.all(
      names
        .filter((n) => n.endsWith(".json"))
        .map(async (n) => JSON.parse(await readFile(join(this.dir, n), "utf8")) as OutboxMessage),
    );
    return all.sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.id.localeCompare(a.id));
  }
}
