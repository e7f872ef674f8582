import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useActionData, useFetcher, useLocation, useNavigate, useRevalidator } from "react-router";
import { z } from "zod";
import { storeCountry } from "~/domain/countries";
import { DELIVERY_METHOD_MESSAGES } from "~/domain/delivery";
import { storeTranslator } from "~/domain/message-catalogs";
import { defineMessage, defineMessages, type Translate } from "~/domain/messages";
import { moneyFormat } from "~/domain/money";
import { adjustmentRowLabel } from "~/domain/payment-methods";
import { addressWithPostalCode } from "~/domain/postal-codes";
import { lineAmount } from "~/domain/promotions";
import {
  buyerGreeting,
  canChangeSale,
  formatSaleDate,
  isMobileUserAgent,
  paymentText,
  REFUND_MESSAGES,
  SALE_CODE_PATTERN,
  SALE_MESSAGES,
  stockNote,
} from "~/domain/sales";
import { buyerChatUrl } from "~/domain/whatsapp";
import { progressPanel } from "~/fulfilment/panel.server";
import { isProgressForm, progressAction } from "~/fulfilment/progress-action.server";
import { ProgressPanel } from "~/fulfilment/progress-panel";
import { failure, isFailure } from "~/http/action-result";
import { notFound } from "~/http/responses";
import { orderPageUrl } from "~/orders/order-links";
import type { SaleWithLines } from "~/orders/order-queries.server";
import { cancelAndRefund, changeSale, reviewTransferReceipt } from "~/orders/sale-changes.server";
import { saleWithWithdrawalOf } from "~/orders/withdrawals.server";
import type { Config } from "~/services/config";
import { getServices } from "~/services/services";
import { CopyField } from "~/ui/copy-field";
import { useModalDialog } from "~/ui/dialog";
import { useT } from "~/ui/messages";
import { ConfirmDialog, NotificationBanner } from "~/ui/overlays";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { accountPageTitle, metaT } from "~/workspace/page-titles";
import { saleDetailReads } from "../page-reads.server";
import type { Route } from "./+types/sale-detail";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  return [
    {
      title: loaderData
        ? `${t({ id: "sales.pageTitle.sale", defaultMessage: "Venta {code}" }, { code: loaderData.id })} | ${loaderData.storeName}`
        : accountPageTitle(t({ id: "sales.pageTitle.saleFallback", defaultMessage: "Venta" })),
    },
  ];
};

function saleIdOf(params: { saleId?: string }): string {
  const id = params.saleId ?? "";
  if (!SALE_CODE_PATTERN.test(id)) notFound();
  return id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { config } = getServices(context);
  // The sale, its lines, its cancellation request and its delivery progress: the guard's round trip (an address that
  // is no sale's code reads none).
  const [saleRows, lineRows, withdrawalRows, [progressRow]] = await readPage(context, saleDetailReads, { request, params });
  const found = saleWithWithdrawalOf([saleRows, lineRows, withdrawalRows]);
  if (!found) notFound();
  const { sale } = found;
  const money = moneyFormat({ country: store.country, currency: sale.currency });
  const t = merchantT(context);
  return {
    id: sale.id,
    storeId: store.id,
    storeName: store.name,
    // The buyer's 'Botón de arrepentimiento' request (Argentina), answered with 'Cancelar pedido'.
    withdrawal: found.withdrawal && { id: found.withdrawal.id, date: formatSaleDate(found.withdrawal.createdAt, store.timeZone) },
    state: sale.state,
    date: formatSaleDate(sale.createdAt, store.timeZone),
    closedAt: sale.closedAt ? formatSaleDate(sale.closedAt, store.timeZone) : null,
    buyerName: sale.buyerName,
    customerId: sale.customerId,
    buyerPhone: sale.buyerPhone,
    buyerEmail: sale.buyerEmail,
    delivery: t(DELIVERY_METHOD_MESSAGES[sale.delivery]),
    deliveryZone: sale.deliveryZone,
    pickupPoint: sale.pickupPoint,
    address: addressWithPostalCode(sale.address, sale.postalCode),
    note: sale.note,
    chatUrl: buyerChatUrl(
      sale.buyerPhone,
      storeCountry(store),
      buyerGreeting(sale.buyerName, store.name, sale.id),
      isMobileUserAgent(request.headers.get("User-Agent")),
    ),
    lines: sale.lines.map((line) => ({
      position: line.position,
      name: line.name,
      image: line.imageKey ? `/files/${line.imageKey}` : null,
      price: money(line.unitPrice),
      quantity: line.quantity,
      lineTotal: money(lineAmount(line)),
      promotion: line.promotionName && line.promotionSaving > 0 ? `${line.promotionName}: −${money(line.promotionSaving)}` : null,
      deleted: line.productId === null,
    })),
    subtotal: money(sale.subtotal),
    discount: sale.discount > 0 ? money(sale.discount) : null,
    discountCode: sale.discountCode,
    deliveryFee: sale.deliveryFee > 0 ? money(sale.deliveryFee) : null,
    adjustment:
      sale.paymentAdjustment === 0
        ? null
        : {
            label: adjustmentRowLabel(sale.paymentMethod, sale.paymentAdjustment, t),
            value: sale.paymentAdjustment < 0 ? `−${money(-sale.paymentAdjustment)}` : money(sale.paymentAdjustment),
          },
    total: money(sale.total),
    payment:
      sale.draft && sale.state === "Pendiente"
        ? t({ id: "sales.sale.paymentChosenLater", defaultMessage: "La elige tu cliente al confirmar" })
        : paymentText(sale, t),
    draft: draftPanel(getServices(context).config, store, sale, request),
    paidAt: sale.paidAt ? formatSaleDate(sale.paidAt, store.timeZone) : null,
    refundedAt: sale.refundedAt ? formatSaleDate(sale.refundedAt, store.timeZone) : null,
    stock: stockNote(sale, store.timeZone, t),
    // Paid online and still open: it is cancelled only with its refund.
    paidOnline: sale.state === "Pendiente" && sale.paymentMethod === "online" && sale.paymentStatus === "approved",
    // A transfer's receipt: shown to the owner only, through the workspace's own route.
    receiptUrl: sale.receiptKey ? `/Store/${store.id}/sales/${sale.id}/receipt` : null,
    reviewable: sale.state === "Pendiente" && sale.paymentMethod === "transfer" && sale.paymentStatus === "pending",
    refunding: sale.refundState === "requested",
    refundError: sale.refundError,
    progress: progressPanel({ config, store, sale, row: progressRow, userAgent: request.headers.get("User-Agent"), t }),
  };
}

/**
 * An order the merchant built, still waiting for the customer: its link (to copy, or sent by WhatsApp to the number
 * the merchant wrote) and until when it holds its units; or that it lapsed.
 */
function draftPanel(
  config: Config,
  store: { name: string; url: string; timeZone: string; country: string },
  sale: SaleWithLines,
  request: Request,
) {
  if (!sale.draft || sale.state !== "Pendiente") return null;
  if (sale.stockState !== "held") return { lapsed: true as const };
  const link = orderPageUrl(config, store, sale.id, sale.accessToken);
  // A message to the buyer: in the store's voice.
  const t = storeTranslator(store);
  const text = t(
    {
      id: "whatsapp.draft.link",
      defaultMessage: "Hola {buyer}, te armé el pedido {code} en {store}. Revísalo y confírmalo aquí: {link}",
    },
    { buyer: sale.buyerName, code: sale.id, store: store.name, link },
  );
  return {
    lapsed: false as const,
    link,
    until: sale.reservedUntil ? formatSaleDate(sale.reservedUntil, store.timeZone) : null,
    whatsapp: buyerChatUrl(sale.buyerPhone, storeCountry(store), text, isMobileUserAgent(request.headers.get("User-Agent"))),
  };
}

const actionSchema = z.object({ intent: z.enum(["confirm", "cancel", "refund", "verify", "reject"]) });

const REVIEW_MESSAGES = defineMessages({
  verify: { id: "sales.review.verified", defaultMessage: "Pago verificado: le avisamos al comprador" },
  reject: { id: "sales.review.rejected", defaultMessage: "Comprobante rechazado: le pedimos al comprador que suba el correcto" },
  notAwaited: { id: "sales.review.notAwaited", defaultMessage: "Esta venta ya no espera la revisión de un comprobante" },
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const store = context.get(ownedStoreContext);
  const saleId = saleIdOf(params);
  const form = await request.formData();
  const t = merchantT(context);
  if (isProgressForm(form)) return progressAction(getServices(context), actingUser(context), store, saleId, form, t);
  const parsed = actionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return failure({ form: t({ id: "sales.sale.invalidIntent", defaultMessage: "Acción no válida" }) });
  const { intent } = parsed.data;
  if (intent === "verify" || intent === "reject") {
    const verdict = intent === "verify" ? "verified" : "rejected";
    if (await reviewTransferReceipt(getServices(context), actingUser(context), store, saleId, verdict))
      return { message: t(REVIEW_MESSAGES[intent]) };
    return failure({ form: t(REVIEW_MESSAGES.notAwaited) }, { status: 409 });
  }
  if (intent === "refund") {
    const refund = await cancelAndRefund(getServices(context), actingUser(context), store, saleId, t);
    if (refund.ok) return { message: t(SALE_MESSAGES.refunded) };
    if (refund.reason === "not_found") notFound();
    return failure({ form: refund.reason }, { status: refund.status });
  }
  const result = await changeSale(getServices(context), actingUser(context), store, saleId, intent);
  if (result.ok) {
    return { message: t(result.state === "Confirmada" ? SALE_MESSAGES.confirmed : SALE_MESSAGES.cancelled) };
  }
  if (result.reason === "not_found") notFound();
  const message =
    result.reason === "no_stock"
      ? t(SALE_MESSAGES.noStock, { name: result.productName })
      : result.reason === "paid"
        ? t(SALE_MESSAGES.paidOnline)
        : t(SALE_MESSAGES.notPending, { state: result.state });
  return failure({ form: message }, { status: 409 });
}

type Intent = "confirm" | "cancel" | "refund" | "verify" | "reject";

function confirmText(t: Translate, intent: Intent, sale: SaleView): { title: string; description: string } {
  if (intent === "confirm")
    return {
      title: t({ id: "sales.ask.confirm.title", defaultMessage: "¿Se ha completado esta compra?" }),
      description: t({
        id: "sales.ask.confirm.description",
        defaultMessage: "La venta quedará confirmada y se descontará del stock la cantidad de cada producto.",
      }),
    };
  if (intent === "verify")
    return {
      title: t({ id: "sales.ask.verify.title", defaultMessage: "¿Recibiste la transferencia?" }),
      description: t(
        {
          id: "sales.ask.verify.description",
          defaultMessage: "Revisa en tu banco que llegaron {total}. Le avisaremos al comprador que su pago está verificado.",
        },
        { total: sale.total },
      ),
    };
  if (intent === "reject")
    return {
      title: t({ id: "sales.ask.reject.title", defaultMessage: "¿Rechazar el comprobante?" }),
      description: t({
        id: "sales.ask.reject.description",
        defaultMessage:
          "Le pediremos al comprador que revise la transferencia y suba el comprobante correcto. El stock sigue reservado.",
      }),
    };
  if (intent === "refund")
    return {
      title: t({ id: "sales.ask.refund.title", defaultMessage: "¿Cancelar y reembolsar?" }),
      description: t(
        {
          id: "sales.ask.refund.description",
          defaultMessage:
            "Mercado Pago devolverá {total} al comprador y la venta quedará cancelada. Su stock reservado vuelve a estar disponible.",
        },
        { total: sale.total },
      ),
    };
  return {
    title: t({ id: "sales.ask.cancel.title", defaultMessage: "¿Cancelar compra?" }),
    description: t({
      id: "sales.ask.cancel.description",
      defaultMessage: "La venta quedará cancelada y su stock reservado vuelve a estar disponible.",
    }),
  };
}

const SALE_TITLE = defineMessage({ id: "sales.sale.title", defaultMessage: "Venta {code}" });

/** The sale's buttons, and the withdrawal's note that names them. */
const BUTTONS = defineMessages({
  reject: { id: "sales.button.reject", defaultMessage: "Rechazar comprobante" },
  verify: { id: "sales.button.verify", defaultMessage: "Pago verificado" },
  refund: { id: "sales.button.refund", defaultMessage: "Cancelar y reembolsar" },
  cancel: { id: "sales.button.cancel", defaultMessage: "Cancelar pedido" },
  confirm: { id: "sales.button.confirm", defaultMessage: "Completar" },
  close: { id: "sales.button.close", defaultMessage: "Cerrar" },
});

type SaleView = Route.ComponentProps["loaderData"];

function DraftPanel({ saleId, draft }: { saleId: string; draft: NonNullable<SaleView["draft"]> }) {
  const t = useT();
  if (draft.lapsed)
    return (
      <p className="sale-draft" data-draft="lapsed">
        {t({
          id: "sales.draft.lapsed",
          defaultMessage:
            "Pedido armado: venció sin que tu cliente lo confirmara y sus productos volvieron a la tienda. Cancélalo o ármalo de nuevo.",
        })}
      </p>
    );
  return (
    <section
      className="sale-draft"
      data-draft="waiting"
      aria-label={t({ id: "sales.draft.saved", defaultMessage: "Pedido armado" })}
    >
      <p>
        {t(
          {
            id: "sales.draft.waiting",
            defaultMessage:
              "Pedido armado: esperando que tu cliente lo revise y lo confirme{until, select, none {.} other {. Guardamos sus productos hasta el {until}.}}",
          },
          { until: draft.until ?? "none" },
        )}
      </p>
      <CopyField
        id={`draft-link-${saleId}`}
        label={t({ id: "sales.draft.link", defaultMessage: "Enlace para tu cliente" })}
        value={draft.link}
      />
      {draft.whatsapp && (
        <p>
          <a className="button" href={draft.whatsapp} target="_blank" rel="noreferrer">
            {t({ id: "sales.draft.whatsapp", defaultMessage: "Enviar por WhatsApp" })}
          </a>
        </p>
      )}
    </section>
  );
}

/** The buyer asked to cancel with the 'Botón de arrepentimiento': what the merchant does about it. */
function WithdrawalNote({ sale, withdrawal }: { sale: SaleView; withdrawal: NonNullable<SaleView["withdrawal"]> }) {
  const t = useT();
  const next =
    sale.state === "Cancelada"
      ? t({ id: "sales.withdrawal.done", defaultMessage: "Solicitud atendida: la venta está cancelada." })
      : sale.state === "Confirmada"
        ? t({
            id: "sales.withdrawal.completed",
            defaultMessage: "La venta ya estaba completada: coordina la devolución con tu cliente.",
          })
        : t(
            { id: "sales.withdrawal.cancelWith", defaultMessage: "Cancélala con «{button}»." },
            { button: t(sale.paidOnline ? BUTTONS.refund : BUTTONS.cancel) },
          );
  return (
    <p className="sale-withdrawal" data-withdrawal={withdrawal.id} role="note">
      <strong>{t({ id: "sales.withdrawal.title", defaultMessage: "Botón de arrepentimiento:" })}</strong>{" "}
      {t(
        {
          id: "sales.withdrawal.asked",
          defaultMessage: "tu cliente pidió cancelar este pedido el {date} (solicitud {request}). {next}",
        },
        { date: withdrawal.date, request: withdrawal.id, next },
      )}
    </p>
  );
}

/** What the sale says: state, buyer, payment, lines and sums (the dialog and its no-JavaScript copy). */
function SaleSummary({ sale }: { sale: SaleView }) {
  const t = useT();
  const quantity = t({ id: "sales.lines.quantity", defaultMessage: "Cantidad" });
  return (
    <>
      <p className="sale-meta">
        <span className={`sale-state sale-state-${sale.state.toLowerCase()}`}>{sale.state}</span>{" "}
        <span className="muted">{sale.date}</span>
      </p>
      {sale.draft && <DraftPanel saleId={sale.id} draft={sale.draft} />}
      {sale.withdrawal && <WithdrawalNote sale={sale} withdrawal={sale.withdrawal} />}
      <dl className="sale-buyer">
        <div>
          <dt>{t({ id: "sales.sale.buyer", defaultMessage: "Comprador" })}</dt>
          <dd>
            {sale.buyerName}
            {sale.customerId !== null && (
              <>
                {" · "}
                <a href={`/Store/${sale.storeId}/customers/${sale.customerId}`}>
                  {t({ id: "sales.sale.customer", defaultMessage: "Ver cliente" })}
                </a>
              </>
            )}
          </dd>
        </div>
        {sale.buyerPhone && (
          <div>
            <dt>{t({ id: "sales.sale.phone", defaultMessage: "Teléfono" })}</dt>
            <dd>
              {sale.buyerPhone}
              {sale.chatUrl && (
                <>
                  {" · "}
                  <a href={sale.chatUrl} target="_blank" rel="noreferrer">
                    {t({ id: "sales.sale.whatsapp", defaultMessage: "Escribir por WhatsApp" })}
                  </a>
                </>
              )}
            </dd>
          </div>
        )}
        {sale.buyerEmail && (
          <div>
            <dt>{t({ id: "sales.sale.email", defaultMessage: "Correo" })}</dt>
            <dd>{sale.buyerEmail}</dd>
          </div>
        )}
        <div>
          <dt>{t({ id: "sales.sale.payment", defaultMessage: "Pago" })}</dt>
          <dd>
            {sale.payment}
            {sale.paidAt && (
              <span className="muted">
                {t({ id: "sales.sale.paidAt", defaultMessage: " · pagado el {date}" }, { date: sale.paidAt })}
              </span>
            )}
            {sale.refundedAt && (
              <span className="muted">
                {t({ id: "sales.sale.refundedAt", defaultMessage: " · reembolsado el {date}" }, { date: sale.refundedAt })}
              </span>
            )}
            {sale.receiptUrl && (
              <>
                {" · "}
                <a href={sale.receiptUrl} target="_blank" rel="noreferrer">
                  {t({ id: "sales.sale.receipt", defaultMessage: "Ver comprobante" })}
                </a>
              </>
            )}
          </dd>
        </div>
        {sale.stock && (
          <div>
            <dt>{t({ id: "sales.sale.stock", defaultMessage: "Stock" })}</dt>
            <dd data-stock-note="">{sale.stock}</dd>
          </div>
        )}
        {sale.note && (
          <div>
            <dt>{t({ id: "sales.sale.note", defaultMessage: "Nota" })}</dt>
            <dd>{sale.note}</dd>
          </div>
        )}
      </dl>
      <div className="sale-lines-wrap">
        <table className="sale-lines">
          <caption className="visually-hidden">
            {t({ id: "sales.lines.caption", defaultMessage: "Productos de la venta" })}
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t({ id: "sales.lines.image", defaultMessage: "Imagen" })}</span>
              </th>
              <th scope="col">{t({ id: "sales.lines.product", defaultMessage: "Producto" })}</th>
              <th scope="col" className="num">
                {t({ id: "sales.lines.price", defaultMessage: "Precio" })}
              </th>
              <th scope="col" className="num">
                <span className="label-long">{quantity}</span>
                <abbr className="label-short" title={quantity}>
                  {t({ id: "sales.lines.quantityShort", defaultMessage: "Cant." })}
                </abbr>
              </th>
              <th scope="col" className="num">
                {t({ id: "sales.lines.total", defaultMessage: "Total" })}
              </th>
            </tr>
          </thead>
          <tbody>
            {sale.lines.map((line) => (
              <tr key={line.position}>
                <td>
                  {line.image ? (
                    <img src={line.image} alt="" width={48} height={48} loading="lazy" />
                  ) : (
                    <span className="sale-line-noimg" aria-hidden="true" />
                  )}
                </td>
                <td>
                  {line.name}
                  {line.deleted && (
                    <span className="muted">{t({ id: "sales.lines.deleted", defaultMessage: " (producto eliminado)" })}</span>
                  )}
                  {line.promotion && (
                    <>
                      <br />
                      <small className="muted">{line.promotion}</small>
                    </>
                  )}
                </td>
                <td className="num">{line.price}</td>
                <td className="num">{line.quantity}</td>
                <td className="num">{line.lineTotal}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {(sale.discount || sale.deliveryFee || sale.adjustment) && (
              <tr>
                <th scope="row" colSpan={4}>
                  {t({ id: "sales.sums.subtotal", defaultMessage: "Subtotal" })}
                </th>
                <td className="num">{sale.subtotal}</td>
              </tr>
            )}
            {sale.discount && (
              <tr>
                <th scope="row" colSpan={4}>
                  {t(
                    { id: "sales.sums.discount", defaultMessage: "Descuento{code, select, none {} other { ({code})}}" },
                    { code: sale.discountCode ?? "none" },
                  )}
                </th>
                <td className="num">−{sale.discount}</td>
              </tr>
            )}
            {sale.adjustment && (
              <tr>
                <th scope="row" colSpan={4}>
                  {sale.adjustment.label}
                </th>
                <td className="num">{sale.adjustment.value}</td>
              </tr>
            )}
            {sale.deliveryFee && (
              <tr>
                <th scope="row" colSpan={4}>
                  {t({ id: "sales.sums.delivery", defaultMessage: "Envío" })}
                </th>
                <td className="num">{sale.deliveryFee}</td>
              </tr>
            )}
            <tr>
              <th scope="row" colSpan={4}>
                {t({ id: "sales.sums.total", defaultMessage: "Total de la compra" })}
              </th>
              <td className="num sale-total">{sale.total}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

/** How and where the sale is delivered, under its delivery's heading (once: the progress is in that heading). */
function DeliveryPlace({ sale }: { sale: SaleView }) {
  const t = useT();
  return (
    <dl className="sale-buyer">
      <div>
        <dt>{t({ id: "sales.delivery.method", defaultMessage: "Método" })}</dt>
        <dd>{sale.delivery}</dd>
      </div>
      {sale.deliveryZone && (
        <div>
          <dt>{t({ id: "sales.delivery.zone", defaultMessage: "Zona" })}</dt>
          <dd>{sale.deliveryZone}</dd>
        </div>
      )}
      {sale.pickupPoint && (
        <div>
          <dt>{t({ id: "sales.delivery.pickupPoint", defaultMessage: "Punto de retiro" })}</dt>
          <dd>{sale.pickupPoint}</dd>
        </div>
      )}
      {sale.address && (
        <div>
          <dt>{t({ id: "sales.delivery.address", defaultMessage: "Dirección" })}</dt>
          <dd>{sale.address}</dd>
        </div>
      )}
    </dl>
  );
}

function SaleClosed({ sale }: { sale: SaleView }) {
  const t = useT();
  return (
    <p className="sale-closed">
      {t(
        { id: "sales.sale.closed", defaultMessage: "Venta {state}{date, select, none {} other { el {date}}}" },
        { state: sale.state.toLowerCase(), date: sale.closedAt ?? "none" },
      )}
    </p>
  );
}

/**
 * 'Cancelar pedido' (or 'Cancelar y reembolsar' for an order paid online) and 'Completar'; nothing while its refund
 * is being asked for.
 */
function changeButtons(sale: SaleView): Array<{ intent: Intent; className: string }> {
  if (sale.refunding) return [];
  const review: Array<{ intent: Intent; className: string }> = sale.reviewable
    ? [
        { intent: "reject", className: "button secondary" },
        { intent: "verify", className: "button secondary" },
      ]
    : [];
  return [
    ...review,
    sale.paidOnline ? { intent: "refund", className: "button secondary" } : { intent: "cancel", className: "button secondary" },
    { intent: "confirm", className: "button" },
  ];
}

/** The sale's changes: with `ask`, buttons that ask first; without, the submit buttons of a plain form. */
function ChangeButtons({ sale, ask }: { sale: SaleView; ask?: (intent: Intent) => void }) {
  const t = useT();
  return changeButtons(sale).map(({ intent, className }) =>
    ask ? (
      <button key={intent} type="button" className={className} onClick={() => ask(intent)}>
        {t(BUTTONS[intent])}
      </button>
    ) : (
      <button key={intent} type="submit" name="intent" value={intent} className={className}>
        {t(BUTTONS[intent])}
      </button>
    ),
  );
}

/**
 * The dialog's content, with JavaScript or without: the heading with its 'Cerrar', an answer, the sale, and
 * `actions` while the sale can still change (else when it closed).
 */
function SaleFrame(props: { sale: SaleView; titleId: string; close: ReactNode; answer?: ReactNode; actions: ReactNode }) {
  const { sale } = props;
  const t = useT();
  return (
    <>
      <header className="sale-dialog-head">
        <h2 id={props.titleId}>{t(SALE_TITLE, { code: sale.id })}</h2>
        {props.close}
      </header>
      {props.answer}
      <SaleSummary sale={sale} />
      <ProgressPanel progress={sale.progress} storeId={sale.storeId} idSuffix={props.titleId}>
        <DeliveryPlace sale={sale} />
      </ProgressPanel>
      {sale.refunding && <p className="muted">{t(REFUND_MESSAGES.inProgress)}</p>}
      {sale.refundError && canChangeSale(sale.state) && (
        <p className="sale-refund-error" role="status">
          {t(
            { id: "sales.sale.refundFailed", defaultMessage: "El último reembolso no se hizo: {reason}" },
            { reason: sale.refundError },
          )}
        </p>
      )}
      {canChangeSale(sale.state) ? props.actions : <SaleClosed sale={sale} />}
    </>
  );
}

/**
 * Without JavaScript the modal never opens: the browser shows this copy instead (inside <noscript>, so a page
 * that runs scripts never has it), with plain forms: 'Completar' and 'Cancelar pedido' post to the action, 'Cerrar'
 * goes back to the list as it was.
 */
function NoScriptSale({
  sale,
  search,
  answer,
}: {
  sale: SaleView;
  search: string;
  answer: ReturnType<typeof useActionData<typeof action>>;
}) {
  const t = useT();
  return (
    <noscript>
      <dialog open className="sale-dialog" aria-labelledby="sale-title-static">
        <SaleFrame
          sale={sale}
          titleId="sale-title-static"
          close={
            <a className="button secondary" href={`/Store/${sale.storeId}/sales${search}`}>
              {t(BUTTONS.close)}
            </a>
          }
          answer={
            answer && (
              <p className={isFailure(answer) ? "field-error" : "muted"} role="status">
                {isFailure(answer) ? answer.errors.form : answer.message}
              </p>
            )
          }
          actions={
            <form method="post" action={`/Store/${sale.storeId}/sales/${sale.id}${search}`} className="sale-actions">
              <ChangeButtons sale={sale} />
            </form>
          }
        />
      </dialog>
    </noscript>
  );
}

export default function SaleDetail({ loaderData: sale }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const fetcher = useFetcher<typeof action>();
  const revalidator = useRevalidator();
  // A form posted without JavaScript comes back with the action's answer (shown in the no-JavaScript copy).
  const documentAnswer = useActionData<typeof action>();
  const [asking, setAsking] = useState<Intent | null>(null);
  const [notice, setNotice] = useState<{ key: number; ok: boolean; message: string } | null>(null);
  const t = useT();

  const close = useCallback(
    () => navigate(`/Store/${sale.storeId}/sales${search}`, { preventScrollReset: true }),
    [navigate, sale.storeId, search],
  );
  const dialog = useModalDialog({ busy: asking !== null, onDismiss: close });

  const run = async (intent: Intent) => {
    await fetcher.submit({ intent }, { method: "post" });
    setAsking(null);
  };
  // Show the outcome once per answer; a refusal means the sale or the stock changed elsewhere: reload what is shown.
  const answer = fetcher.data;
  useEffect(() => {
    if (!answer) return;
    const refused = isFailure(answer);
    setNotice({ key: Date.now(), ok: !refused, message: refused ? (answer.errors.form ?? "") : answer.message });
    if (refused) revalidator.revalidate();
  }, [answer, revalidator.revalidate]);

  return (
    <>
      <NoScriptSale sale={sale} search={search} answer={documentAnswer} />
      <dialog ref={dialog.ref} className="sale-dialog" aria-labelledby="sale-title" onCancel={dialog.onCancel}>
        <SaleFrame
          sale={sale}
          titleId="sale-title"
          close={
            <button type="button" className="button secondary" onClick={close}>
              {t(BUTTONS.close)}
            </button>
          }
          actions={
            <div className="sale-actions">
              <ChangeButtons sale={sale} ask={setAsking} />
            </div>
          }
        />
        <ConfirmDialog
          open={asking !== null}
          title={asking ? confirmText(t, asking, sale).title : ""}
          description={asking ? confirmText(t, asking, sale).description : ""}
          dismissLabel={t({ id: "sales.ask.back", defaultMessage: "Volver" })}
          onCancel={() => setAsking(null)}
          onConfirm={() => (asking ? run(asking) : undefined)}
        />
        {notice && (
          <NotificationBanner
            key={notice.key}
            title={notice.ok ? notice.message : t({ id: "sales.sale.notChanged", defaultMessage: "No se pudo cambiar la venta" })}
            description={notice.ok ? t(SALE_TITLE, { code: sale.id }) : notice.message}
            kind={notice.ok ? "success" : "error"}
            onClose={() => setNotice(null)}
          />
        )}
      </dialog>
    </>
  );
}
