import { z } from "zod";
import { notFound } from "~/http/responses";
import { getServices } from "~/services/services";
import { ownedStoreContext } from "~/workspace/context.server";
import { readPage } from "~/workspace/page-reads.server";
import { qrPng, qrSvg } from "~/workspace/store-qr.server";
import { codeShareLinks, QR_FORMATS } from "../code-link";
import { discountCodeQrReads } from "../page-reads.server";
import type { Route } from "./+types/discount-code-qr";

/** A code's link as a QR (PNG or SVG), drawn on request: the link changes with the code's name and the store's. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const format = z.enum(QR_FORMATS).safeParse(params.format);
  if (!format.success) notFound();
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const [[code]] = await readPage(context, discountCodeQrReads, { request, params });
  if (!code) notFound();
  const target = codeShareLinks(services.config, store, code).qrTarget;
  const name = `qr-${code.code}.${format.data}`;
  const body = format.data === "png" ? new Uint8Array(qrPng(target)) : qrSvg(target);
  return new Response(body, {
    headers: {
      "Content-Type": format.data === "png" ? "image/png" : "image/svg+xml",
      "Content-Disposition": `attachment; filename="${name}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
