/**
 * The buyer's receipt of a transfer order, from the order page's form: checked by size and by its bytes, stored in
 * the store's private folder, then attached to the order in one conditioned write. Nothing is left behind when the
 * order no longer waits for a receipt (the new file is deleted) or when a receipt replaces another (the old one is).
 */
import type { Services } from "~/services/services";
import { attachReceipt } from "./order-records.server";
import { RECEIPT_FORMATS, RECEIPT_MAX_BYTES, RECEIPT_MESSAGES, receiptKey, sniffReceipt } from "./receipts";

export type ReceiptUpload = { ok: true; attached: boolean } | { ok: false; status: number; message: string };

export async function receiveReceipt(
  services: Pick<Services, "db" | "files" | "clock">,
  storeId: string,
  saleId: string,
  field: FormDataEntryValue | null,
): Promise<ReceiptUpload> {
  if (!field || typeof field === "string" || field.size === 0)
    return { ok: false, status: 400, message: RECEIPT_MESSAGES.choose };
  if (field.size > RECEIPT_MAX_BYTES) return { ok: false, status: 413, message: RECEIPT_MESSAGES.tooLarge };
  const bytes = new Uint8Array(await field.arrayBuffer());
  const format = sniffReceipt(bytes);
  if (!format) return { ok: false, status: 415, message: RECEIPT_MESSAGES.format };
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
