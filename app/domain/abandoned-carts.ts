/**
 * Abandoned carts ('Carritos abandonados', docs/decisions/0057-abandoned-carts.md) as plain rules: the store's
 * settings and their choices, when a checkout with a contact counts as abandoned, the lines it keeps, how a restored
 * cart compares with today's catalog, and the words the buyer reads (WhatsApp, the one reminder email).
 */
import { z } from "zod";
import { type CartLine, lineKey } from "./cart";
import type { StoreCountry } from "./countries";
import { defineMessage, defineMessages, type Translate } from "./messages";
import { type MoneyWriting, moneyFormat } from "./money";
import { buyerWhatsappNumber } from "./whatsapp";

/** How long a checkout waits for its order before the merchant sees it, in minutes. */
export const ABANDONED_AFTER_CHOICES = [30, 60, 120, 240, 720, 1440] as const;
/** How long after the checkout the one reminder email goes, in hours. */
export const REMINDER_HOURS_CHOICES = [1, 3, 6, 12, 24, 48] as const;

export interface AbandonedCartSettings {
  afterMinutes: number;
  emailOn: boolean;
  emailHours: number;
}

export const ABANDONED_CART_DEFAULTS: AbandonedCartSettings = { afterMinutes: 60, emailOn: true, emailHours: 6 };

/** Checkouts are listed, and kept at all, this long after their last change; the upkeep purges older ones. */
const ABANDONED_CART_KEEP_DAYS = 30;
export const ABANDONED_CART_KEEP_MS = ABANDONED_CART_KEEP_DAYS * 24 * 60 * 60 * 1000;

export const ABANDONED_CART_MESSAGES = defineMessages({
  afterMinutes: {
    id: "orders.abandoned.afterMinutes",
    defaultMessage: "Elige después de cuánto tiempo ver un carrito abandonado",
  },
  emailHours: { id: "orders.abandoned.emailHours", defaultMessage: "Elige cuándo enviar el correo" },
  saved: { id: "orders.abandoned.saved", defaultMessage: "Guardamos la configuración de carritos abandonados" },
  notFound: {
    id: "orders.abandoned.notFound",
    defaultMessage: "Este enlace ya no sirve: el carrito venció o ya se convirtió en un pedido.",
  },
});

const DELAY_MESSAGES = defineMessages({
  minutes: {
    id: "sales.carts.delay.minutes",
    defaultMessage: "{minutes, plural, one {{minutes} minuto} other {{minutes} minutos}}",
  },
  hours: { id: "sales.carts.delay.hours", defaultMessage: "{hours, plural, one {{hours} hora} other {{hours} horas}}" },
});

/** A delay in the merchant's words: '1 hora', '6 horas'. */
export const hoursLabel = (hours: number, t: Translate) => t(DELAY_MESSAGES.hours, { hours });
/** The delay before a cart counts as abandoned: '30 minutos', '1 hora', '12 horas'. */
export const afterLabel = (minutes: number, t: Translate) =>
  minutes < 60 ? t(DELAY_MESSAGES.minutes, { minutes }) : hoursLabel(minutes / 60, t);

/** The settings form: the choices above only. */
export const abandonedCartSettingsSchema = (t: Translate) =>
  z.object({
    afterMinutes: z.coerce
      .number()
      .refine((v) => (ABANDONED_AFTER_CHOICES as readonly number[]).includes(v), t(ABANDONED_CART_MESSAGES.afterMinutes)),
    emailOn: z.preprocess((v) => v === "on" || v === "1" || v === "true", z.boolean()),
    emailHours: z.coerce
      .number()
      .refine((v) => (REMINDER_HOURS_CHOICES as readonly number[]).includes(v), t(ABANDONED_CART_MESSAGES.emailHours)),
  });

/** Whether a checkout last changed at `updatedAt` and without an order is shown as abandoned at `now`. */
export function isAbandoned(updatedAt: Date, now: Date, afterMinutes: number): boolean {
  const age = now.getTime() - updatedAt.getTime();
  return age >= afterMinutes * 60_000 && age < ABANDONED_CART_KEEP_MS;
}

/** A cart line as the checkout record keeps it: what to put back in the cart, and what it cost then. */
export interface SavedLine {
  productId: string;
  variantId: number | null;
  quantity: number;
  name: string;
  unitPrice: number;
}

const savedLineSchema = z.object({
  productId: z.string().regex(/^\d{7}$/),
  variantId: z.number().int().positive().nullable(),
  quantity: z.number().int().min(1).max(999),
  name: z.string().max(300),
  unitPrice: z.number().int().min(0),
});

export const savedLinesText = (lines: readonly SavedLine[]) => JSON.stringify(lines);

/** The record's lines; anything malformed is dropped. */
export function readSavedLines(text: string): SavedLine[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const parsed = savedLineSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

type RestoreNotice =
  | { kind: "price"; name: string; before: number; now: number }
  | { kind: "fewer"; name: string; left: number }
  | { kind: "soldOut"; name: string }
  | { kind: "gone"; name: string };

/**
 * A saved cart put back with today's catalog (`items`: what the store sells now, by line key, with the units left):
 * lines still for sale go back at today's price, with at most the units left; a changed price, fewer units, a
 * sold-out line and one no longer for sale (hidden, deleted, a variant switched off) are each told, and the last
 * two left out.
 */
export function restoreCart(
  saved: readonly SavedLine[],
  items: ReadonlyArray<{ key: string; name: string; price: number; stock: number }>,
): { lines: CartLine[]; notices: RestoreNotice[] } {
  const byKey = new Map(items.map((i) => [i.key, i]));
  const lines: CartLine[] = [];
  const notices: RestoreNotice[] = [];
  for (const line of saved) {
    const item = byKey.get(lineKey(line));
    if (!item) {
      notices.push({ kind: "gone", name: line.name });
      continue;
    }
    if (item.stock < 1) {
      notices.push({ kind: "soldOut", name: item.name });
      continue;
    }
    if (item.price !== line.unitPrice) notices.push({ kind: "price", name: item.name, before: line.unitPrice, now: item.price });
    const quantity = Math.min(line.quantity, item.stock);
    if (quantity < line.quantity) notices.push({ kind: "fewer", name: item.name, left: item.stock });
    lines.push(
      line.variantId === null
        ? { productId: line.productId, quantity }
        : { productId: line.productId, variantId: line.variantId, quantity },
    );
  }
  return { lines, notices };
}

const RESTORE_MESSAGES = defineMessages({
  price: { id: "orders.restore.price", defaultMessage: "“{name}” cambió de precio: ahora {now} (antes {before})." },
  fewer: { id: "orders.restore.fewer", defaultMessage: "De “{name}” quedan {left}: tu carrito tiene esa cantidad." },
  soldOut: { id: "orders.restore.soldOut", defaultMessage: "“{name}” está agotado y quedó fuera de tu carrito." },
  gone: { id: "orders.restore.gone", defaultMessage: "“{name}” ya no está a la venta y quedó fuera de tu carrito." },
});

/** A notice as the restored cart's page says it. */
export function restoreNoticeText(notice: RestoreNotice, writing: MoneyWriting, t: Translate): string {
  const money = moneyFormat(writing);
  switch (notice.kind) {
    case "price":
      return t(RESTORE_MESSAGES.price, { name: notice.name, now: money(notice.now), before: money(notice.before) });
    case "fewer":
      return t(RESTORE_MESSAGES.fewer, { name: notice.name, left: notice.left });
    case "soldOut":
      return t(RESTORE_MESSAGES.soldOut, { name: notice.name });
    case "gone":
      return t(RESTORE_MESSAGES.gone, { name: notice.name });
  }
}

/** The first word of a name, for a greeting. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";

const RECOVERY_MESSAGE = defineMessage({
  id: "whatsapp.recovery.text",
  defaultMessage:
    "Hola {name}, te escribimos de {store}. Vimos que tu pedido quedó sin terminar: te lo guardamos tal cual para que lo completes cuando quieras: {link}",
});

/** The merchant's WhatsApp message to a buyer who left their cart, with the link that restores it (the store's words). */
export function recoveryMessage(m: { buyerName: string; storeName: string; link: string }, t: Translate): string {
  return t(RECOVERY_MESSAGE, { name: firstName(m.buyerName), store: m.storeName, link: m.link });
}

/** The merchant's chat with the buyer (wa.me, in international form) with `text` written; null without a valid number. */
export function recoveryChatUrl(phone: string | null, country: StoreCountry, text: string): string | null {
  const number = buyerWhatsappNumber(phone, country);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : null;
}
