import { SALE_CODE_PATTERN } from "~/domain/sales";
import { notFound } from "~/http/responses";
import { RECEIPT_FORMATS } from "~/orders/receipts";
import { getServices } from "~/services/services";
import { readPage } from "~/workspace/page-reads.server";
import { saleReceiptReads } from "../page-reads.server";
import type { Route } from "./+types/sale-receipt";

/**
 * /Store/{storeId}/sales/{saleId}/receipt: the transfer receipt the buyer uploaded, for the store's owner only (the
 * workspace layout answers 404 to anyone else, and the sale is looked up within the owned store). Never cached,
 * never run as a page: its type is the one its bytes have, sniffing and scripts are off.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const saleId = params.saleId ?? "";
  if (!SALE_CODE_PATTERN.test(saleId)) notFound();
  const { files } = getServices(context);
  const [[sale]] = await readPage(context, saleReceiptReads, { request, params });
  const key = sale?.receiptKey;
  // The key's extension is the format the upload found in the file's bytes (app/orders/receipts.ts).
  const format = Object.values(RECEIPT_FORMATS).find((f) => key?.endsWith(`.${f.ext}`));
  const file = key && format ? await files.get(key) : null;
  if (!file || !format) notFound();
  const name = `comprobante-${saleId}.${format.ext}`;
  return new Response(file.body, {
    headers: {
      "Content-Type": format.contentType,
      "Content-Length": String(file.size),
      // A photo is shown; a PDF is downloaded, to open in the merchant's own reader, never as a page of the app.
      "Content-Disposition": `${format.ext === "pdf" ? "attachment" : "inline"}; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Referrer-Policy": "no-referrer",
    },
  });
}
