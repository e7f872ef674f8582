import { data, redirect } from "react-router";
import { constantTimeEqual } from "~/domain/constant-time";
import { defineMessages, type MessageDescriptor, type Translate } from "~/domain/messages";
import { moneyFormat } from "~/domain/money";
import { DRAFT_MESSAGES, draftConfirmationSchema } from "~/domain/order-drafts";
import { manualMethod } from "~/domain/payment-methods";
import { addressWithPostalCode } from "~/domain/postal-codes";
import { lineAmount } from "~/domain/promotions";
import { deliveryText, isMobileUserAgent, phoneDigits, whatsappUrl } from "~/domain/whatsapp";
import { DeliveryTimeline } from "~/fulfilment/delivery-timeline";
import { deliveriesQuery } from "~/fulfilment/progress-records.server";
import { timelineOf } from "~/fulfilment/timeline";
import { fieldErrors, parseForm } from "~/http/action-result";
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
import { useT } from "~/ui/messages";
import { ownerFirstStoreQuery } from "~/workspace/merchant-locale.server";
import { DraftReview } from "../draft-review";
import { metaT, siteMeta } from "../seo";
import { SiteShell } from "../shell";
import { loadSitePage, type SiteArgs } from "../site.server";
import type { Route } from "./+types/order-page";

export const handle: RouteHandle = { hydrate: false };
// The link carries the order's secret: never cached, never sent on as a referrer.
const PRIVATE_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
export const headers = () => PRIVATE_HEADERS;

const HEADINGS = defineMessages<OrderRow["state"]>({
  Pendiente: { id: "site.order.heading.pending", defaultMessage: "¡Pedido registrado!" },
  Confirmada: { id: "site.order.heading.confirmed", defaultMessage: "Pedido confirmado" },
  Cancelada: { id: "site.order.heading.cancelled", defaultMessage: "Pedido cancelado" },
});

const M = defineMessages({
  confirmed: { id: "site.order.state.confirmed", defaultMessage: "La tienda confirmó tu pedido." },
  cancelled: { id: "site.order.state.cancelled", defaultMessage: "La tienda canceló este pedido." },
  byWhatsapp: { id: "site.order.state.byWhatsapp", defaultMessage: "La tienda te responderá por WhatsApp para confirmarlo." },
  byPhone: {
    id: "site.order.state.byPhone",
    defaultMessage: "La tienda recibió tu pedido y te contactará{phone, select, none {} other { al {phone}}} para confirmarlo.",
  },
  lapsed: {
    id: "site.order.lapsed",
    defaultMessage:
      "Pago no completado: el tiempo para pagar terminó y los productos volvieron a la tienda. Puedes pagar ahora mientras haya stock.",
  },
  transferLapsed: {
    id: "site.order.transferLapsed",
    defaultMessage:
      "El tiempo para transferir terminó y los productos volvieron a la tienda: escribe a la tienda para saber si aún puede enviártelos.",
  },
  paidShort: {
    id: "site.order.paidShort",
    defaultMessage:
      "Tu pago llegó cuando los productos ya no tenían stock. La tienda te contactará: si no puede conseguirlos, te devolverá el pago completo.",
  },
  soldOut: {
    id: "site.order.soldOutNotice",
    defaultMessage: "Los productos de este pedido ya no tienen stock para pagarlo: escribe a la tienda.",
  },
  review: { id: "site.order.review", defaultMessage: "Revisa tu pedido" },
  reviewText: {
    id: "site.order.reviewText",
    defaultMessage: "{store} armó este pedido para ti. Revisa los productos, completa tus datos y confírmalo.",
  },
  keyLabel: { id: "site.order.transferKey", defaultMessage: "Clave" },
  choosesLater: { id: "site.order.paymentLater", defaultMessage: "Lo eliges al confirmar" },
  onlineLapsed: { id: "site.order.onlineLapsed", defaultMessage: "En línea con Mercado Pago: pago no completado" },
});

function stateText(t: Translate, state: OrderRow["state"], byWhatsapp: boolean, buyerPhone: string | null): string {
  if (state === "Confirmada") return t(M.confirmed);
  if (state === "Cancelada") return t(M.cancelled);
  if (byWhatsapp) return t(M.byWhatsapp);
  return t(M.byPhone, { phone: buyerPhone || "none" });
}

const ONLINE_STATE_TEXT = defineMessages<OrderRow["paymentStatus"]>({
  none: { id: "site.order.online.none", defaultMessage: "En línea con Mercado Pago" },
  pending: { id: "site.order.online.pending", defaultMessage: "En línea con Mercado Pago: pendiente" },
  approved: { id: "site.order.online.approved", defaultMessage: "En línea con Mercado Pago: aprobado" },
  rejected: { id: "site.order.online.rejected", defaultMessage: "En línea con Mercado Pago: rechazado" },
  refunded: { id: "site.order.online.refunded", defaultMessage: "En línea con Mercado Pago: reembolsado" },
});

const MANUAL_PAYMENT_TEXT = defineMessages<Exclude<OrderRow["paymentMethod"], "online">>({
  on_delivery: { id: "site.order.payment.onDelivery", defaultMessage: "Al recibir, como lo acuerdes con la tienda" },
  cash: { id: "site.order.payment.cash", defaultMessage: "En efectivo, al recibir o al retirar" },
  transfer: { id: "site.order.payment.transfer", defaultMessage: "Por transferencia o depósito" },
});

/** How the buyer pays, in a line: the way, and an online payment's state. */
const paymentLine = (t: Translate, sale: OrderRow) =>
  t(sale.paymentMethod === "online" ? ONLINE_STATE_TEXT[sale.paymentStatus] : MANUAL_PAYMENT_TEXT[sale.paymentMethod]);

/** An online order whose time to pay ran out: its units went back to the store, it may still be paid. */
const lapsed = (sale: OrderRow) => sale.state === "Pendiente" && sale.stockState === "released" && owesPayment(sale);

/** A transfer order still waiting for the buyer's transfer or receipt, with units held for it (or given back, when its time ran out). */
const awaitingTransfer = (sale: OrderRow) =>
  sale.state === "Pendiente" &&
  sale.paymentMethod === "transfer" &&
  (sale.paymentStatus === "none" || sale.paymentStatus === "rejected");

/** What the order page says of a transfer's receipt, once there is one. */
const RECEIPT_STATE_TEXT: Partial<Record<OrderRow["paymentStatus"], MessageDescriptor>> = defineMessages({
  pending: { id: "site.order.receipt.pending", defaultMessage: "Comprobante recibido: la tienda lo está revisando." },
  approved: { id: "site.order.receipt.approved", defaultMessage: "Pago verificado por la tienda." },
  rejected: {
    id: "site.order.receipt.rejected",
    defaultMessage: "La tienda no pudo verificar tu comprobante: revisa la transferencia y sube el comprobante correcto.",
  },
});
/** Paid after its time to pay ran out, when another order had taken the last units. */
const paidShort = (sale: OrderRow) =>
  sale.state === "Pendiente" && sale.stockState === "short" && sale.paymentStatus === "approved";

/** The sale this link names, when its token is right; otherwise the same 404 as an unknown code. */
/**
 * The order and what its page and actions need, in the page's one batch; an action also reads the owner's first store
 * (the merchant's variant, for the emails a confirmed draft or a receipt sends them).
 */
async function loadOrder(args: SiteArgs & { params: { code?: string } }, forAction = false) {
  const code = /^\d{10}$/.test(args.params.code ?? "") ? (args.params.code as string) : "-";
  const token = new URL(args.request.url).searchParams.get("t") ?? "";
  const p = await loadSitePage(args, (storeId, db) => [
    orderByIdQuery(db, storeId, code),
    orderLinesByIdQuery(db, storeId, code),
    paymentAccountQuery(db, storeId),
    paymentMethodsQuery(db, storeId),
    deliveriesQuery(db, storeId, [code]),
    ...(forAction ? [ownerFirstStoreQuery(db, storeId)] : []),
  ]);
  const [[sale], lines, [account], methodRows, [progress], [owner] = []] = p.page;
  if (!sale || !token || !constantTimeEqual(token, sale.accessToken)) {
    throw data({ kind: "not_found" }, { status: 404, headers: PRIVATE_HEADERS });
  }
  // 'Pagar ahora' while an online payment is owed and the store can still take it.
  const canPay = owesPayment(sale) && isUsable(p.services, account);
  const transfer = manualMethod(methodRows, "transfer");
  const orderPath = orderPagePath(p.site.basePath, sale.id, sale.accessToken);
  const ownerFirstStore = owner?.firstStore ?? null;
  return { p, sale, lines, account, methodRows, canPay, transfer, orderPath, progress, ownerFirstStore };
}

/** What the page asks of a customer confirming an order the store built for them; null for any other order. */
function draftReview(loaded: Awaited<ReturnType<typeof loadOrder>>) {
  const { p, sale, account, methodRows } = loaded;
  if (!awaitingConfirmation(sale)) return null;
  return {
    needsAddress: sale.delivery === "delivery",
    phoneRequired: phoneDigits(p.store.saleNumber) === "",
    payments: draftPayments(p.services, account, methodRows, { ...sale, country: p.store.country }).choices,
    values: { buyerName: sale.buyerName, buyerPhone: sale.buyerPhone ?? "" },
  };
}

export async function loader(args: Route.LoaderArgs) {
  const loaded = await loadOrder(args);
  const { p, sale, lines, canPay, transfer, orderPath, progress } = loaded;
  const { store, services, t } = p;
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
  // The sale's own currency, written as the store's country writes it.
  const money = moneyFormat({ country: store.country, currency: sale.currency });
  // The store's details to transfer to, while the order waits for it (as the store has them now).
  const transferDetails =
    awaitingTransfer(sale) && sale.stockState === "held"
      ? {
          amount: money(sale.total),
          keyLabel: transfer.keyLabel ?? t(M.keyLabel),
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
      heading: t(review ? M.review : HEADINGS[sale.state]),
      review,
      stateText: review
        ? t(M.reviewText, { store: store.name })
        : lapsedDraft(sale)
          ? t(DRAFT_MESSAGES.expired)
          : lapsed(sale)
            ? t(M.lapsed)
            : paidShort(sale)
              ? t(M.paidShort)
              : awaitingTransfer(sale) && sale.stockState === "released"
                ? t(M.transferLapsed)
                : stateText(t, sale.state, whatsapp !== null, sale.buyerPhone),
      lines: lines.map((l) => ({
        key: l.position,
        name: l.name,
        quantity: l.quantity,
        subtotal: money(lineAmount(l)),
        promotion: promotionNote(l, money),
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
        { country: store.country, currency: sale.currency },
        t,
      ),
      delivery: deliveryText(buyerOf(sale), t),
      address: sale.delivery === "delivery" ? addressWithPostalCode(sale.address, sale.postalCode) : null,
      payment: sale.draft ? t(M.choosesLater) : lapsed(sale) ? t(M.onlineLapsed) : paymentLine(t, sale),
      receiptState: sale.paymentMethod === "transfer" ? receiptStateText(t, sale.paymentStatus) : null,
      transfer: transferDetails,
      paymentStatus: sale.paymentStatus,
      canPay,
      notice: noticeOf(t, url.searchParams.get("aviso") ?? ""),
      whatsapp,
      timeline: timelineOf(progress, sale, store.timeZone, t),
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** What the page says after an action sent the buyer back to it: a problem, or (the receipt arrived) good news. */
function noticeOf(t: Translate, notice: string): { text: string; good?: true } | null {
  if (notice === "pago") return { text: t(ONLINE_PAYMENTS_UNAVAILABLE) };
  if (notice === "agotado") return { text: t(M.soldOut) };
  if (notice === "comprobante") return { text: t(RECEIPT_MESSAGES.sent), good: true };
  if (notice === "sin-comprobante") return { text: t(RECEIPT_MESSAGES.notAwaited) };
  return null;
}

function receiptStateText(t: Translate, status: OrderRow["paymentStatus"]): string | null {
  const message = RECEIPT_STATE_TEXT[status];
  return message ? t(message) : null;
}

/**
 * 'Pagar ahora': a new checkout with the store's account for the sale's own total, while it is unpaid. An order
 * whose time to pay ran out first reserves its units again for another hold; when they are gone, the buyer is
 * told so instead of being sent to pay for what the store no longer has.
 */
export async function action(args: Route.ActionArgs) {
  const loaded = await loadOrder(args, true);
  const { p, sale, canPay, orderPath } = loaded;
  // 'Pagar ahora' sends nothing of its own; the receipt's form sends the file.
  const type = args.request.headers.get("Content-Type") ?? "";
  const form = /^(multipart\/form-data|application\/x-www-form-urlencoded)/.test(type)
    ? await args.request.formData()
    : new FormData();
  if (form.get("intent") === "confirm-draft") {
    const values = Object.fromEntries([...form].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
    const parsed = parseForm(draftConfirmationSchema(p.t), values, p.t);
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
    const sent = await receiveReceipt(p.services, p.store.id, sale.id, form.get("receipt"), p.t);
    if (!sent.ok) return data({ receiptError: sent.message }, { status: sent.status, headers: PRIVATE_HEADERS });
    if (sent.attached) await announceReceipt(p.services, { ...p.store, ownerFirstStore: loaded.ownerFirstStore }, sale);
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
  const t = metaT(loaderData?.site);
  return siteMeta(loaderData?.site, {
    title: t(
      { id: "site.order.title", defaultMessage: "Pedido {code} | {store}" },
      { code: loaderData?.code ?? "", store: loaderData?.site.name ?? "" },
    ),
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
  const t = useT();
  const orderAction = `${site.basePath}/Order/${code}?t=${encodeURIComponent(token)}`;
  return (
    <SiteShell site={site}>
      <section className="confirmation">
        <h1>{heading}</h1>
        <p>
          {t({ id: "site.order.code", defaultMessage: "Código de tu pedido:" })} <strong className="code">{code}</strong>
        </p>
        <p>
          {t({ id: "site.order.stateLabel", defaultMessage: "Estado:" })}{" "}
          <strong data-sale-state="">
            {t(
              {
                id: "site.order.state",
                defaultMessage:
                  "{state, select, Pendiente {Pendiente} Confirmada {Confirmada} Cancelada {Cancelada} other {{state}}}",
              },
              { state },
            )}
          </strong>
          . {stateText}
        </p>
        {timeline && <DeliveryTimeline timeline={timeline} />}
        <OrderLines className="summary-lines" lines={lines} amounts={rows} total={total} />
        <dl className="order-details">
          <div>
            <dt>{t({ id: "site.order.delivery", defaultMessage: "Entrega" })}</dt>
            <dd>{delivery}</dd>
          </div>
          {address && (
            <div>
              <dt>{t({ id: "site.order.address", defaultMessage: "Dirección" })}</dt>
              <dd>{address}</dd>
            </div>
          )}
          <div>
            <dt>{t({ id: "site.checkout.payment", defaultMessage: "Pago" })}</dt>
            <dd data-payment-state={paymentStatus}>{payment}</dd>
          </div>
        </dl>
        {transfer && (
          <section className="transfer" aria-labelledby="transfer-heading">
            <h2 id="transfer-heading">
              {t(
                { id: "site.order.transferHeading", defaultMessage: "Datos para transferir {amount}" },
                { amount: transfer.amount },
              )}
            </h2>
            {transfer.keyValue && (
              <p className="transfer-key">
                {transfer.keyLabel}: <code data-copy-source="">{transfer.keyValue}</code>{" "}
                <button type="button" className="button secondary" data-copy="" hidden>
                  {t({ id: "site.order.copy", defaultMessage: "Copiar" })}
                </button>
              </p>
            )}
            {transfer.instructions && <p className="transfer-instructions">{transfer.instructions}</p>}
            <p className="muted">
              {t(
                {
                  id: "site.order.transferNote",
                  defaultMessage:
                    "Indica el código {code} en la transferencia y sube aquí el comprobante. Guardamos tus productos mientras tanto.",
                },
                { code },
              )}
            </p>
            <form method="post" encType="multipart/form-data" action={orderAction} className="receipt-form">
              <input type="hidden" name="intent" value="receipt" />
              <label>
                {t(
                  { id: "site.order.receiptField", defaultMessage: "Comprobante (foto o PDF, hasta {megabytes} MB)" },
                  { megabytes: RECEIPT_MAX_BYTES / 1024 / 1024 },
                )}
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
                {t({ id: "site.order.sendReceipt", defaultMessage: "Enviar comprobante" })}
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
            action={orderAction}
            needsAddress={review.needsAddress}
            phoneRequired={review.phoneRequired}
            payments={review.payments}
            values={draftAnswer?.values ?? review.values}
            errors={draftAnswer?.draftErrors ?? {}}
          />
        )}
        {canPay && (
          <form method="post" action={orderAction}>
            <button type="submit" className="button">
              {t({ id: "site.order.payNow", defaultMessage: "Pagar ahora" })}
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
            {t({ id: "site.order.keepShopping", defaultMessage: "Seguir comprando" })}
          </a>
        </p>
        <p className="muted">
          {t({ id: "site.order.keepLink", defaultMessage: "Guarda este enlace: con él puedes volver a ver tu pedido." })}
        </p>
      </section>
    </SiteShell>
  );
}
