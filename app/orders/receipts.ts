/**
 * A transfer's receipt, uploaded by the buyer on the order page: a photo or a PDF, recognised by its first bytes
 * (never by its name or the browser's word), at most 6 MB, kept in the store's private folder and shown only to
 * the store's owner (app/sales/routes/sale-receipt.ts).
 */
import { defineMessages } from "~/domain/messages";
import { ascii, MAX_UPLOAD_BYTES, sniffImageType } from "~/media/image-rules";
import { privateFileKey } from "~/services/files";

export const RECEIPT_MAX_BYTES = MAX_UPLOAD_BYTES;

export const RECEIPT_FORMATS = {
  jpeg: { ext: "jpg", contentType: "image/jpeg" },
  png: { ext: "png", contentType: "image/png" },
  webp: { ext: "webp", contentType: "image/webp" },
  pdf: { ext: "pdf", contentType: "application/pdf" },
} as const;
export type ReceiptFormat = keyof typeof RECEIPT_FORMATS;

export const RECEIPT_MESSAGES = defineMessages({
  choose: { id: "orders.receipt.choose", defaultMessage: "Elige la foto o el PDF del comprobante" },
  tooLarge: {
    id: "orders.receipt.tooLarge",
    defaultMessage: "El comprobante pesa más de 6 MB: envía una foto o un PDF más liviano",
  },
  format: { id: "orders.receipt.format", defaultMessage: "El comprobante debe ser una foto (JPG, PNG o WebP) o un PDF" },
  notAwaited: { id: "orders.receipt.notAwaited", defaultMessage: "Este pedido ya no espera un comprobante" },
  sent: { id: "orders.receipt.sent", defaultMessage: "Recibimos tu comprobante: la tienda lo revisará y te avisará" },
});

/** The receipt's format by its first bytes, or null for anything else (a TIFF photo included: browsers do not show it). */
export function sniffReceipt(bytes: Uint8Array): ReceiptFormat | null {
  const image = sniffImageType(bytes);
  if (image && image !== "tiff") return image;
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === "%PDF-") return "pdf";
  return null;
}

/** Where a sale's receipt is kept: the store's private folder, a fresh random name per upload. */
export const receiptKey = (storeId: string, saleId: string, format: ReceiptFormat) =>
  privateFileKey(storeId, `receipts/${saleId}-${crypto.randomUUID().replace(/-/g, "")}.${RECEIPT_FORMATS[format].ext}`);
