import { mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Mailer, MailMessage } from "../app/services/mail";
import type { Outbox, OutboxMessage } from "../app/services/outbox";
import { writeFileAtomically } from "./atomic-write";
import { OWNER_ONLY_FOLDER } from "./owner-only";

const FIELDS = ["id", "sentAt", "to", "subject", "text", "html"] as const;

function isOutboxMessage(value: unknown): value is OutboxMessage {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return FIELDS.every((field) => typeof record[field] === "string");
}

/** Local mail: every message is saved as JSON under DATA_DIR/outbox and listed at /_dev/correo. */
export class DiskOutbox implements Mailer, Outbox {
  constructor(
    private readonly dir: string,
    private readonly now: () => Date,
  ) {}

  async send(message: MailMessage) {
    await mkdir(this.dir, { recursive: true, mode: OWNER_ONLY_FOLDER });
    const sentAt = this.now().toISOString();
    const id = `${sentAt.replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}`;
    const record: OutboxMessage = { id, sentAt, ...message };
    await writeFileAtomically(join(this.dir, `${id}.json`), JSON.stringify(record, null, 2));
  }

  async messages(): Promise<OutboxMessage[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    // One unreadable file (empty, truncated, a directory, not a message) is skipped, not fatal.
    const read = async (name: string): Promise<OutboxMessage | null> => {
      try {
        const parsed: unknown = JSON.parse(await readFile(join(this.dir, name), "utf8"));
        return isOutboxMessage(parsed) ? parsed : null;
      } catch {
        return null;
      }
    };
    const all = await Promise.all(names.filter((n) => n.endsWith(".json")).map(read));
    return all
      .filter((m): m is OutboxMessage => m !== null)
      .sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.id.localeCompare(a.id));
  }
}
