import { data, redirect } from "react-router";
import { constantTimeEqual } from "~/domain/constant-time";
import { formatMoney } from "~/domain/money";
import { DRAFT_MESSAGES, draftConfirmationSchema } from "~/domain/order-drafts";
import { manualMethod } from "~/domain/payment-methods";
import { addressWithPostalCode } from "~/domain/postal-codes";
import { lineAmount } from "~/domain/promotions";
import { deliveryText, isMobileUserAgent, phoneDigits, whatsappUrl } from "~/domain/whatsapp";
import { DeliveryTimeline } from "~/fulfilment/delivery-timeline";
import { deliveriesQuery } from "~/fulfilment/progress-records.server";
import { timelineOf } from "~/fulfilment/timeline";
import { fieldErrors } from "~/http/action-result";
import { isUsable, paymentAccountQuery } from "~/online-payments/store-accounts.server";
import { amountRows } from "~/orders/order-amounts";
import { awaitingConfirmation, confirmDraftOrder, draftPayments, lapsedDraft } from "~/orders/order-drafts.server";
import { OrderLines, promotionNote } from "~/orders/order-lines";
import { orderPagePath, orderPageWhatsapp } from "~/orders/order-links";
import { getSale, type OrderRow, orderByIdQuery, orderLinesByIdQuery } from "~/orders/order-queries.server";
import { reserveAgain } from "~/orders/order-records.server";
import { paymentRedirect } from "~/orders/payment-redirect.server";
import { announceReceipt, receiveReceipt } from "~/orders/receipt-upload.server";
import { RECEIPT_FORMATS, RECEIPT_MAX_BYTES, RECEIPT_MESSAGES } from "~/orders/receipts";
import { buyerOf, owesPayment, saleMessage } from "~/orders/sale-message";
import { confirmSalePayment, ONLINE_PAYMENTS_UNAVAILABLE } from "~/orders/sale-payments.server";
import { paymentMethodsQuery } from "~/payment-methods/payment-methods.server";
import type { RouteHandle } from "~/root";
import { PaymentProviderError } from "~/services/payments";
import { DraftReview } from "../draft-review";
import { siteMeta } from "../seo";
import { SiteShell } from "../shell";
import { loadSitePage, type SiteArgs } from "../site.server";
import type { Route } from "./+types/order-page";

export const handle: RouteHandle = { hydrate: false };
// The link carries the order's secret: never cached, never sent on as a referrer.
const PRIVATE_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
export const headers = () => PRIVATE_HEADERS;

const HEADINGS = { Pendiente: "¡Pedido registrado!", Confirmada: "Pedido confirmado", Cancelada: "Pedido cancelado" } as const;

function stateText(state: keyof typeof HEADINGS, byWhatsapp: boolean, buyerPhone: string | null): string {
  if (state === "Confirmada") return "La tienda confirmó tu pedido.";
  if (state === "Cancelada") return "La tienda canceló este pedido.";
  if (byWhatsapp) return "La tienda te responderá por WhatsApp para confirmarlo.";
  return `La tienda recibió tu pedido y te contactará${buyerPhone ? ` al ${buyerPhone}` : ""} para confirmarlo.`;
}

const ONLINE_STATE_TEXT = {
  none: "En línea con Mercado Pago",
  pending: "En línea con Mercado Pago: pendiente",
  approved: "En línea con Mercado Pago: aprobado",
  rejected: "En línea con Mercado Pago: rechazado",
  refunded: "En línea con Mercado Pago: reembolsado",
} as const;

const MANUAL_PAYMENT_TEXT = {
  on_delivery: "Al recibir, como lo acuerdes con la tienda",
  cash: "En efectivo, al recibir o al retirar",
  transfer: "Por transferencia o depósito",
} as const;

/** How the buyer pays, in a line: the way, and an online payment's state. */
const paymentLine = (sale: OrderRow) =>
  sale.paymentMethod === "online" ? ONLINE_STATE_TEXT[sale.paymentStatus] : MANUAL_PAYMENT_TEXT[sale.paymentMethod];

/** An online order whose time to pay ran out: its units went back to the store, it may still be paid. */
const lapsed = (sale: OrderRow) => sale.state === "Pendiente" && sale.stockState === "released" && owesPayment(sale);

const LAPSED_TEXT =
  "Pago no completado: el tiempo para pagar terminó y los productos volvieron a la tienda. Puedes pagar ahora mientras haya stock.";

/** A transfer order still waiting for the buyer's transfer or receipt, with units held for it (or given back, when its time ran out). */
const awaitingTransfer = (sale: OrderRow) =>
  sale.state === "Pendiente" &&
  sale.paymentMethod === "transfer" &&
  (sale.paymentStatus === "none" || sale.paymentStatus === "rejected");

/** What the order page says of a transfer's receipt, once there is one. */
const RECEIPT_STATE_TEXT: Partial<Record<OrderRow["paymentStatus"], string>> = {
  pending: "Comprobante recibido: la tienda lo está revisando.",
  approved: "Pago verificado por la tienda.",
  rejected: "La tienda no pudo verificar tu comprobante: revisa la transferencia y sube el comprobante correcto.",
};
const TRANSFER_LAPSED_TEXT =
  "El tiempo para transferir terminó y los productos volvieron a la tienda: escribe a la tienda para saber si aún puede enviártelos.";
/** Paid after its time to pay ran out, when another order had taken the last units. */
const paidShort = (sale: OrderRow) =>
  sale.state === "Pendiente" && sale.stockState === "short" && sale.paymentStatus === "approved";
const PAID_SHORT_TEXT =
  "Tu pago llegó cuando los productos ya no tenían stock. La tienda te contactará: si no puede conseguirlos, te devolverá el pago completo.";
const SOLD_OUT_NOTICE = "Los productos de este pedido ya no tienen stock para pagarlo: escribe a la tienda.";

/** The sale this link names, when its token is right; otherwise the same 404 as an unknown code. */
async function loadOrder(args: SiteArgs & { params: { code?: string } }) {
  const code = /^\d{10}$/.test(args.params.code ?? "") ? (args.params.code as string) : "-";
  const token = new URL(args.request.url).searchParams.get("t") ?? "";
  const p = await loadSitePage(args, (storeId, db) => [
    orderByIdQuery(db, storeId, code),
    orderLinesByIdQuery(db, storeId, code),
    paymentAccountQuery(db, storeId),
    paymentMethodsQuery(db, storeId),
    deliveriesQuery(db, storeId, [code]),
  ]);
  const [[sale], lines, [account], methodRows, [progress]] = p.page;
  if (!sale || !token || !constantTimeEqual(token, sale.accessToken)) {
    throw data({ kind: "not_found" }, { status: 404, headers: PRIVATE_HEADERS });
  }
  // 'Pagar ahora' while an online payment is owed and the store can still take it.
  const canPay = owesPayment(sale) && isUsable(p.services, account);
  const transfer = manualMethod(methodRows, "transfer");
  const orderPath = orderPagePath(p.site.basePath, sale.id, sale.accessToken);
  return { p, sale, lines, account, methodRows, canPay, transfer, orderPath, progress };
}

/** What the page asks of a customer confirming an order the store built for them; null for any other order. */
function draftReview(loaded: Awaited<ReturnType<typeof loadOrder>>) {
  const { p, sale, account, methodRows } = loaded;
  if (!awaitingConfirmation(sale)) return null;
  return {
    needsAddress: sale.delivery === "delivery",
    phoneRequired: phoneDigits(p.store.saleNumber) === "",
    payments: draftPayments(p.services, account, methodRows, sale).choices,
    values: { buyerName: sale.buyerName, buyerPhone: sale.buyerPhone ?? "" },
  };
}

export async function loader(args: Route.LoaderArgs) {
  const loaded = await loadOrder(args);
  const { p, sale, lines, canPay, transfer, orderPath, progress } = loaded;
  const { store, services } = p;
  const url = new URL(args.request.url);
  const paymentId = url.searchParams.get("payment_id");
  if (paymentId && sale.paymentMethod === "online") {
    // Back from the payment: what the return URL says is never believed; the payment is fetched
    // from the provider with the store's token and applied once, then the page is shown clean.
    try {
      if (sale.paymentStatus !== "approved" && /^[A-Za-z0-9_-]{1,40}$/.test(paymentId))
        await confirmSalePayment(services, store.id, paymentId, { expectedSaleId: sale.id });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      services.log.error("payment.return_check_failed", error, { storeId: store.id, saleId: sale.id });
    }
    throw redirect(orderPath, { status: 303, headers: PRIVATE_HEADERS });
  }
  const review = draftReview(loaded);
  // The store's details to transfer to, while the order waits for it (as the store has them now).
  const transferDetails =
    awaitingTransfer(sale) && sale.stockState === "held"
      ? {
          amount: formatMoney(sale.total, sale.currency),
          keyLabel: transfer.keyLabel ?? "Clave",
          keyValue: transfer.keyValue,
          instructions: transfer.instructions,
        }
      : null;
  const whatsappLabel = orderPageWhatsapp({ ...sale, showsTransfer: transferDetails !== null });
  const whatsappHref =
    whatsappLabel &&
    whatsappUrl(store.saleNumber, saleMessage(store, sale, lines), isMobileUserAgent(args.request.headers.get("User-Agent")));
  const whatsapp = whatsappLabel && whatsappHref ? { label: whatsappLabel, href: whatsappHref } : null;
  return data(
    {
      site: p.site,
      code: sale.id,
      token: sale.accessToken,
      state: sale.state,
      heading: review ? "Revisa tu pedido" : HEADINGS[sale.state],
      review,
      stateText: review
        ? `${store.name} armó este pedido para ti. Revisa los productos, completa tus datos y confírmalo.`
        : lapsedDraft(sale)
          ? DRAFT_MESSAGES.expired
          : lapsed(sale)
            ? LAPSED_TEXT
            : paidShort(sale)
              ? PAID_SHORT_TEXT
              : awaitingTransfer(sale) && sale.stockState === "released"
                ? TRANSFER_LAPSED_TEXT
                : stateText(sale.state, whatsapp !== null, sale.buyerPhone),
      lines: lines.map((l) => ({
        key: l.position,
        name: l.name,
        quantity: l.quantity,
        subtotal: formatMoney(lineAmount(l), sale.currency),
        promotion: promotionNote(l, (minor) => formatMoney(minor, sale.currency)),
      })),
      ...amountRows(
        {
          subtotal: sale.subtotal,
          discount: sale.discount,
          discountCode: sale.discountCode,
          paymentAdjustment: sale.paymentAdjustment,
          paymentMethod: sale.paymentMethod,
          deliveryFee: (sale.delivery === "delivery" && sale.deliveryZone) || sale.deliveryFee > 0 ? sale.deliveryFee : null,
          total: sale.total,
        },
        sale.currency,
      ),
      delivery: deliveryText(buyerOf(sale)),
      address: sale.delivery === "delivery" ? addressWithPostalCode(sale.address, sale.postalCode) : null,
      payment: sale.draft
        ? "Lo eliges al confirmar"
        : lapsed(sale)
          ? "En línea con Mercado Pago: pago no completado"
          : paymentLine(sale),
      receiptState: sale.paymentMethod === "transfer" ? (RECEIPT_STATE_TEXT[sale.paymentStatus] ?? null) : null,
      transfer: transferDetails,
      paymentStatus: sale.paymentStatus,
      canPay,
      notice: NOTICES.get(url.searchParams.get("aviso") ?? "") ?? null,
      whatsapp,
      timeline: timelineOf(progress, sale, store.timeZone),
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** What the page says after an action sent the buyer back to it: a problem, or (the receipt arrived) good news. */
const NOTICES = new Map<string, { text: string; good?: true }>([
  ["pago", { text: ONLINE_PAYMENTS_UNAVAILABLE }],
  ["agotado", { text: SOLD_OUT_NOTICE }],
  ["comprobante", { text: RECEIPT_MESSAGES.sent, good: true }],
  ["sin-comprobante", { text: RECEIPT_MESSAGES.notAwaited }],
]);

/**
 * 'Pagar ahora': a new checkout with the store's account for the sale's own total, while it is unpaid. An order
 * whose time to pay ran out first reserves its units again for another hold; when they are gone, the buyer is
 * told so instead of being sent to pay for what the store no longer has.
 */
export async function action(args: Route.ActionArgs) {
  const loaded = await loadOrder(args);
  const { p, sale, canPay, orderPath } = loaded;
  // 'Pagar ahora' sends nothing of its own; the receipt's form sends the file.
  const type = args.request.headers.get("Content-Type") ?? "";
  const form = /^(multipart\/form-data|application\/x-www-form-urlencoded)/.test(type)
    ? await args.request.formData()
    : new FormData();
  if (form.get("intent") === "confirm-draft") {
    const values = Object.fromEntries([...form].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
    const parsed = draftConfirmationSchema.safeParse(values);
    if (!parsed.success)
      return data({ draftErrors: fieldErrors(parsed.error), values }, { status: 400, headers: PRIVATE_HEADERS });
    const shopper = {
      services: p.services,
      store: p.store,
      basePath: p.site.basePath,
      userAgent: args.request.headers.get("User-Agent"),
    };
    const shownTotals = Object.fromEntries(
      Object.entries(values).flatMap(([k, v]) =>
        k.startsWith("shownTotal-") && /^\d{1,15}$/.test(v) ? [[k.slice(11), Number(v)]] : [],
      ),
    );
    const done = await confirmDraftOrder(shopper, loaded, parsed.data, shownTotals);
    if (!done.ok) return data({ draftErrors: done.errors, values }, { status: done.status, headers: PRIVATE_HEADERS });
    return redirect(done.next, { status: 303, headers: PRIVATE_HEADERS });
  }
  if (form.get("intent") === "receipt") {
    const sent = await receiveReceipt(p.services, p.store.id, sale.id, form.get("receipt"));
    if (!sent.ok) return data({ receiptError: sent.message }, { status: sent.status, headers: PRIVATE_HEADERS });
    if (sent.attached) await announceReceipt(p.services, p.store, sale);
    // Back to the receipt's confirmation, not the top of the page.
    return redirect(`${orderPath}&aviso=${sent.attached ? "comprobante" : "sin-comprobante"}#comprobante`, {
      status: 303,
      headers: PRIVATE_HEADERS,
    });
  }
  if (!canPay) return redirect(orderPath, { status: 303, headers: PRIVATE_HEADERS });
  if (lapsed(sale)) {
    const { services, store } = p;
    const full = await getSale(services.db, store.id, sale.id);
    const holdUntil = new Date(services.clock.now().getTime() + store.paymentHoldMinutes * 60_000);
    if (!full || !(await reserveAgain(services.db, full, holdUntil)))
      return redirect(`${orderPath}&aviso=agotado`, { status: 303, headers: PRIVATE_HEADERS });
  }
  const next = await paymentRedirect(p.services, p.store, sale, p.site.basePath);
  return redirect(next, { status: 303, headers: PRIVATE_HEADERS });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return siteMeta(loaderData?.site, {
    title: `Pedido ${loaderData?.code ?? ""} | ${loaderData?.site.name ?? ""}`,
    path: "/Order",
    noindex: true,
  });
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { site, code, token, heading, state, stateText, lines, rows, total, delivery, address, payment, paymentStatus } =
    loaderData;
  const { canPay, notice, whatsapp, transfer, receiptState, review, timeline } = loaderData;
  const receiptError = actionData && "receiptError" in actionData ? actionData.receiptError : null;
  const draftAnswer = actionData && "draftErrors" in actionData ? actionData : null;
  return (
    <SiteShell site={site}>
      <section className="confirmation">
        <h1>{heading}</h1>
        <p>
          Código de tu pedido: <strong className="code">{code}</strong>
        </p>
        <p>
          Estado: <strong data-sale-state="">{state}</strong>. {stateText}
        </p>
        {timeline && <DeliveryTimeline timeline={timeline} />}
        <OrderLines className="summary-lines" lines={lines} amounts={rows} total={total} />
        <dl className="order-details">
          <div>
            <dt>Entrega</dt>
            <dd>{delivery}</dd>
          </div>
          {address && (
            <div>
              <dt>Dirección</dt>
              <dd>{address}</dd>
            </div>
          )}
          <div>
            <dt>Pago</dt>
            <dd data-payment-state={paymentStatus}>{payment}</dd>
          </div>
        </dl>
        {transfer && (
          <section className="transfer" aria-labelledby="transfer-heading">
            <h2 id="transfer-heading">Datos para transferir {transfer.amount}</h2>
            {transfer.keyValue && (
              <p className="transfer-key">
                {transfer.keyLabel}: <code data-copy-source="">{transfer.keyValue}</code>{" "}
                <button type="button" className="button secondary" data-copy="" hidden>
                  Copiar
                </button>
              </p>
            )}
            {transfer.instructions && <p className="transfer-instructions">{transfer.instructions}</p>}
            <p className="muted">
              Indica el código {code} en la transferencia y sube aquí el comprobante. Guardamos tus productos mientras tanto.
            </p>
            <form
              method="post"
              encType="multipart/form-data"
              action={`${site.basePath}/Order/${code}?t=${encodeURIComponent(token)}`}
              className="receipt-form"
            >
              <input type="hidden" name="intent" value="receipt" />
              <label>
                Comprobante (foto o PDF, hasta {RECEIPT_MAX_BYTES / 1024 / 1024} MB)
                <input
                  type="file"
                  name="receipt"
                  accept={Object.values(RECEIPT_FORMATS)
                    .map((f) => f.contentType)
                    .join(",")}
                  required
                  aria-invalid={receiptError ? true : undefined}
                  aria-describedby={receiptError ? "receipt-error" : undefined}
                />
              </label>
              {receiptError && (
                <p className="form-error" id="receipt-error" role="alert">
                  {receiptError}
                </p>
              )}
              <button type="submit" className="button">
                Enviar comprobante
              </button>
            </form>
          </section>
        )}
        {/* Where sending a receipt comes back to (#comprobante): its state and the answer. */}
        {(receiptState || notice) && (
          <div id="comprobante">
            {receiptState && (
              <p className="receipt-state" data-receipt-state="">
                {receiptState}
              </p>
            )}
            {notice &&
              (notice.good ? (
                <p className="notice-good" role="status">
                  {notice.text}
                </p>
              ) : (
                <p className="form-error" role="alert">
                  {notice.text}
                </p>
              ))}
          </div>
        )}
        {review && (
          <DraftReview
            action={`${site.basePath}/Order/${code}?t=${encodeURIComponent(token)}`}
            needsAddress={review.needsAddress}
            phoneRequired={review.phoneRequired}
            payments={review.payments}
            values={draftAnswer?.values ?? review.values}
            errors={draftAnswer?.draftErrors ?? {}}
          />
        )}
        {canPay && (
          <form method="post" action={`${site.basePath}/Order/${code}?t=${encodeURIComponent(token)}`}>
            <button type="submit" className="button">
              Pagar ahora
            </button>
          </form>
        )}
        {whatsapp && (
          <p>
            <a className="button whatsapp" href={whatsapp.href}>
              {whatsapp.label}
            </a>
          </p>
        )}
        <p>
          <a className="continue-link" href={`${site.basePath}/Store`}>
            Seguir comprando
          </a>
        </p>
        <p className="muted">Guarda este enlace: con él puedes volver a ver tu pedido.</p>
      </section>
    </SiteShell>
  );
}
