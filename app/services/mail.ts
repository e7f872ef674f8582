import { Resend } from "resend";
import type { Logger } from "./log";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * A mailer whose sends are logged ('mail.sent'), never with the address, subject or body (a subject may carry a
 * code); a failure is thrown on, for the caller to log with what it was sending. `log` is read at each send:
 * within a request it carries the request's id.
 */
export function loggedMailer(mailer: Mailer, log: () => Logger): Mailer {
  return {
    async send(message) {
      await mailer.send(message);
      log().info("mail.sent");
    },
  };
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
  async send(message: MailMessage) {
    const { error } = await this.resend.emails.send({ from: this.from, ...message });
    if (error) throw new MailError(`No se pudo enviar el correo: ${error.message}`);
  }
}
