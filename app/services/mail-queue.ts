// Mails that must not be lost: a message the provider does not take is kept in the mail_queue table and retried by
// the upkeep, waiting 1, 2, 4… minutes between tries (at most 6 hours), until the provider takes it. Each message
// carries one idempotency key from its first try to its last, so a try whose answer was lost is not sent twice.
import { and, asc, eq, lte } from "drizzle-orm";
import { mailQueue } from "../../db/schema";
import type { Clock } from "./clock";
import type { Db } from "./db";
import type { Logger } from "./log";
import type { Mailer, MailMessage } from "./mail";

const MAX_WAIT_MINUTES = 6 * 60;
/** Queued mails one upkeep run tries at most; the rest wait for the next run. */
const RETRIES_PER_RUN = 20;

/** Minutes to wait after the `attempts`-th failed try: 1, 2, 4… up to 6 hours. */
const retryWaitMinutes = (attempts: number) => Math.min(MAX_WAIT_MINUTES, 2 ** Math.max(0, attempts - 1));

const after = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

export interface MailQueue {
  /** Tries the queued mails whose wait is over; answers how many the provider took. */
  retryDue(): Promise<number>;
}

/**
 * The platform's mailer: each message goes to `provider` at once; when the provider fails, it is queued (logged
 * 'mail.queued', without the provider's words, which may name the address) and the caller goes on as if sent, since
 * the queue will deliver it. Only a failure to queue it is thrown. `queue.retryDue` is the upkeep's part.
 */
export function queueingMailer<M extends Mailer>(
  provider: M,
  deps: { db: Db; clock: Clock; log: () => Logger },
): { mail: M; queue: MailQueue } {
  const { db, clock } = deps;
  const send = async (message: MailMessage) => {
    const id = crypto.randomUUID();
    try {
      await provider.send(message, { idempotencyKey: id });
    } catch (error) {
      const now = clock.now();
      await db.insert(mailQueue).values({
        id,
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attempts: 1,
        nextAt: after(now, retryWaitMinutes(1)),
        lastError: reason(error),
        createdAt: now,
      });
      deps.log().warn("mail.queued", { attempts: 1 });
    }
  };
  // Everything else of the provider stays reachable (the local outbox's messages, for its page).
  const mail = new Proxy(provider, { get: (target, property) => (property === "send" ? send : Reflect.get(target, property)) });
  const queue: MailQueue = {
    async retryDue() {
      const now = clock.now();
      const due = await db
        .select()
        .from(mailQueue)
        .where(lte(mailQueue.nextAt, now))
        .orderBy(asc(mailQueue.nextAt))
        .limit(RETRIES_PER_RUN);
      let sent = 0;
      for (const queued of due) {
        const attempts = queued.attempts + 1;
        // Claimed by moving its next try on: of two runs at once, one sends it.
        const claimed = await db
          .update(mailQueue)
          .set({ attempts, nextAt: after(now, retryWaitMinutes(attempts)) })
          .where(and(eq(mailQueue.id, queued.id), eq(mailQueue.attempts, queued.attempts)))
          .returning({ id: mailQueue.id });
        if (claimed.length === 0) continue;
        const message = { to: queued.recipient, subject: queued.subject, text: queued.text, html: queued.html };
        try {
          await provider.send(message, { idempotencyKey: queued.id });
        } catch (error) {
          await db
            .update(mailQueue)
            .set({ lastError: reason(error) })
            .where(eq(mailQueue.id, queued.id));
          deps.log().warn("mail.retry_failed", { attempts });
          continue;
        }
        await db.delete(mailQueue).where(eq(mailQueue.id, queued.id));
        sent++;
      }
      return sent;
    },
  };
  return { mail, queue };
}
