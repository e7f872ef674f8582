import { Resend } from "resend";
import type { Logger } from "./log";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SendOptions {
  /** The same key on every try of one message: the provider sends it once (app/services/mail-queue.ts). */
  idempotencyKey?: string;
}

export interface Mailer {
  send(message: MailMessage, options?: SendOptions): Promise<void>;
}

/**
 * A mailer whose sends are logged ('mail.sent'), never with the address, subject or body (a subject may carry a
 * code); a failure is thrown on, for the caller to log with what it was sending. `log` is read at each send:
 * within a request it carries the request's id.
 */
export function loggedMailer<M extends Mailer>(mailer: M, log: () => Logger): M {
  const send = async (message: MailMessage, options?: SendOptions) => {
    await mailer.send(message, options);
    log().info("mail.sent");
  };
  // Everything else of the mailer stays reachable (the local outbox's messages, for its page).
  return new Proxy(mailer, { get: (target, property) => (property === "send" ? send : Reflect.get(target, property)) });
}

class MailError extends Error {
  override name = "MailError";
}

export class ResendMailer implements Mailer {
  private readonly resend: Resend;
  constructor(
    apiKey: string,
    private readonly from: string,
    baseUrl?: string,
  ) {
    this.resend = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  }
  async send(message: MailMessage, options?: SendOptions) {
    const { error } = await this.resend.emails.send(
      { from: this.from, ...message },
      options?.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : undefined,
    );
    if (error) throw new MailError(`No se pudo enviar el correo: ${error.message}`);
  }
}
