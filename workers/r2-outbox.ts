import type { Mailer, MailMessage } from "../app/services/mail";
import type { Outbox, OutboxMessage } from "../app/services/outbox";

/** Outbox for a Worker run without RESEND_API_KEY (local workerd runs): messages kept in R2 under outbox/. */
export class R2Outbox implements Mailer, Outbox {
  constructor(
    private readonly bucket: R2Bucket,
    private readonly now: () => Date,
  ) {}
  async send(message: MailMessage) {
    const sentAt = this.now().toISOString();
    const id = `${sentAt.replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}`;
    const record: OutboxMessage = { id, sentAt, ...message };
    await this.bucket.put(`outbox/${id}.json`, JSON.stringify(record), { httpMetadata: { contentType: "application/json" } });
  }
  async messages(): Promise<OutboxMessage[]> {
    const listed = await this.bucket.list({ prefix: "outbox/" });
    const all = await Promise.all(
      listed.objects.map(async (o) => (await (await this.bucket.get(o.key))?.json()) as OutboxMessage),
    );
    return all.filter(Boolean).sort((a, b) => b.sentAt.localeCompare(a.sentAt));
  }
}
