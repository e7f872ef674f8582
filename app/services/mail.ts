import { Resend } from "resend";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
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
