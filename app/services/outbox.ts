import type { Mailer, MailMessage } from "./mail";

export interface OutboxMessage extends MailMessage {
  id: string;
  sentAt: string;
}

/** A mailer that keeps what it sends, for /_dev/correo (local runs only). */
export interface Outbox {
  messages(): Promise<OutboxMessage[]>;
}

export function isOutbox(mailer: Mailer): mailer is Mailer & Outbox {
  return typeof (mailer as Partial<Outbox>).messages === "function";
}
