/**
 * The buyer's receipt of a transfer order, from the order page's form: checked by size and by its bytes, stored in
 * the store's private folder, then attached to the order in one conditioned write. Nothing is left behind when the
 * order no longer waits for a receipt (the new file is deleted) or when a receipt replaces another (the old one is).
 */
import { translatorFor } from "~/domain/message-catalogs";
import { defineMessages, type Translate } from "~/domain/messages";
import { notifyStoreDevices } from "~/notifications/new-order-push.server";
import { merchantPushT, storeSubscriptionsQuery } from "~/notifications/push-subscriptions.server";
import type { PushNotice } from "~/pwa/sw-rules";
import type { Services } from "~/services/services";
import { merchantLocaleOf } from "~/workspace/merchant-locale.server";
import { receiptReceivedEmail } from "./emails";
import { attachReceipt } from "./order-records.server";
import { RECEIPT_FORMATS, RECEIPT_MAX_BYTES, RECEIPT_MESSAGES, receiptKey, sniffReceipt } from "./receipts";

export type ReceiptUpload = { ok: true; attached: boolean } | { ok: false; status: number; message: string };

export async function receiveReceipt(
  services: Pick<Services, "db" | "files" | "clock">,
  storeId: string,
  saleId: string,
  field: FormDataEntryValue | null,
  t: Translate,
): Promise<ReceiptUpload> {
  if (!field || typeof field === "string" || field.size === 0)
    return { ok: false, status: 400, message: t(RECEIPT_MESSAGES.choose) };
  if (field.size > RECEIPT_MAX_BYTES) return { ok: false, status: 413, message: t(RECEIPT_MESSAGES.tooLarge) };
  const bytes = new Uint8Array(await field.arrayBuffer());
  const format = sniffReceipt(bytes);
  if (!format) return { ok: false, status: 415, message: t(RECEIPT_MESSAGES.format) };
  const key = receiptKey(storeId, saleId, format);
  await services.files.put(key, bytes, RECEIPT_FORMATS[format].contentType);
  const attached = await attachReceipt(services.db, storeId, saleId, key, services.clock.now()).catch(async (error) => {
    await services.files.delete([key]);
    throw error;
  });
  if (!attached) {
    await services.files.delete([key]);
    return { ok: true, attached: false };
  }
  if (attached.replaced) await services.files.delete([attached.replaced]);
  return { ok: true, attached: true };
}

/** The push to the store's devices when a receipt arrives, in the merchant's variant. */
export const RECEIPT_PUSH = defineMessages({
  title: { id: "orders.receipt.push.title", defaultMessage: "Comprobante del pedido #{code}" },
  body: { id: "orders.receipt.push.body", defaultMessage: "{buyer} subió el comprobante de su transferencia" },
});

/**
 * Tells the store's owner that a receipt arrived: Web Push to the store's devices and, unless they turned the
 * new-order emails off, 'Recibiste un comprobante para el pedido {código}'. Called once per receipt the order took
 * (`attached`): a receipt the order no longer waited for tells nobody. Never throws: the receipt is saved.
 */
export async function announceReceipt(
  services: Pick<Services, "db" | "config" | "clock" | "vapid" | "log" | "mail">,
  store: {
    id: string;
    name: string;
    currency: string;
    country: string;
    ownerEmail: string;
    ownerName: string;
    ownerOrderMails: boolean;
    /** The owner's first store, read in the order page's batch (`ownerFirstStoreQuery`): the email's variant. */
    ownerFirstStore: string | null;
  },
  sale: { id: string; buyerName: string; total: number },
): Promise<void> {
  const salePath = `/Store/${store.id}/sales/${sale.id}`;
  const push = async () => {
    const subscriptions = await storeSubscriptionsQuery(services.db, store.id);
    const pushT = merchantPushT(subscriptions);
    const payload = JSON.stringify({
      title: pushT(RECEIPT_PUSH.title, { code: sale.id }),
      body: pushT(RECEIPT_PUSH.body, { buyer: sale.buyerName }),
      url: salePath,
    } satisfies PushNotice);
    await notifyStoreDevices(services, subscriptions, { storeId: store.id, saleId: sale.id }, payload);
  };
  const mail = async () => {
    if (!store.ownerOrderMails) return;
    await services.mail.send(
      receiptReceivedEmail(
        {
          to: store.ownerEmail,
          merchantName: store.ownerName,
          storeName: store.name,
          code: sale.id,
          buyerName: sale.buyerName,
          amount: sale.total,
          currency: store.currency,
          country: store.country,
          saleUrl: `${services.config.APP_ORIGIN}${salePath}`,
        },
        translatorFor(merchantLocaleOf(store.ownerFirstStore)),
      ),
    );
  };
  const results = await Promise.allSettled([push(), mail()]);
  for (const [index, result] of results.entries())
    if (result.status === "rejected")
      services.log.error(index === 0 ? "push.failed" : "mail.failed", result.reason, {
        mail: "receipt-received",
        storeId: store.id,
        saleId: sale.id,
      });
}
