import { data, redirect } from "react-router";
import { CART_MESSAGES, orderLines, parseCart } from "~/domain/cart";
import { type DeliveryZone, offeredMethods, pickupPointText, zoneCharge } from "~/domain/delivery";
import { codeKey } from "~/domain/discounts";
import { randomToken } from "~/domain/ids";
import { formatMoney } from "~/domain/money";
import { quoteChanges, quoteOrder } from "~/domain/order-quote";
import { DELIVERY_LABELS, isMobileUserAgent, orderMessage, phoneDigits, whatsappUrl } from "~/domain/whatsapp";
import { failure } from "~/http/action-result";
import { notifyNewOrder } from "~/notifications/new-order-push.server";
import { storeSubscriptionsQuery } from "~/notifications/push-subscriptions.server";
import { OnlinePaymentsUnavailableError, startSalePayment } from "~/online-payments/sale-payments.server";
import type { RouteHandle } from "~/root";
import {
  deliveryZonesQuery,
  discountByKeyQuery,
  orderByKeyQuery,
  orderLinesByKeyQuery,
  paymentAccountQuery,
  pickupPointsQuery,
} from "~/site/queries.server";
import { siteMeta } from "~/site/seo";
import { SiteShell } from "~/site/shell";
import {
  CART_COOKIE,
  DISCOUNT_COOKIE,
  loadSitePage,
  ORDER_COOKIE,
  readCodeCookie,
  readCookie,
  storeCookie,
} from "~/site/site.server";
import { ariaInvalid } from "~/ui/form";
import {
  CHECKOUT_MESSAGES,
  type CheckoutErrors,
  type CheckoutField,
  checkoutErrors,
  contactErrors,
  deliveryChoice,
  readCheckoutForm,
} from "../checkout-form";
import { newOrderEmail } from "../emails";
import { amountRows, enteredCode } from "../order-amounts";
import { OrderLines } from "../order-lines";
import { orderPagePath, orderPageUrl } from "../order-links";
import { CodeExhaustedError, createSaleOrRefuse } from "../orders.server";
import type { Route } from "./+types/checkout";

export const handle: RouteHandle = { hydrate: false };
export const headers = () => ({ "Cache-Control": "no-store" });

/** A zone as the checkout offers it: its fee for this order, or why it cannot deliver it. */
function zoneOption(zone: DeliveryZone, goods: number, currency: string) {
  const charge = zoneCharge(zone, goods);
  if (!charge.ok)
    return { id: zone.id, label: `${zone.name} — pedido mínimo ${formatMoney(charge.minimum, currency)}`, fee: null };
  const fee = charge.fee > 0 ? `envío ${formatMoney(charge.fee, currency)}` : "envío gratis";
  return { id: zone.id, label: `${zone.name} — ${fee}, total ${formatMoney(goods + charge.fee, currency)}`, fee: charge.fee };
}

export async function loader(args: Route.LoaderArgs) {
  const entered = readCodeCookie(args.request);
  const p = await loadSitePage(args, (storeId, db) => [
    deliveryZonesQuery(db, storeId),
    pickupPointsQuery(db, storeId),
    discountByKeyQuery(db, storeId, entered ?? "-"),
    paymentAccountQuery(db, storeId),
  ]);
  const base = p.site.basePath;
  if (p.priced.lines.length === 0) {
    // Back from WhatsApp after ordering: the confirmation page; otherwise the (empty) cart.
    throw redirect(readCookie(args.request, ORDER_COOKIE) ? `${base}/Order` : `${base}/Cart`, 303);
  }
  const [zones, points, [codeRow], [account]] = p.page;
  const { currency } = p.site;
  const linked = account !== undefined && account.provider === p.services.storePayments?.name;
  const subtotal = p.priced.total;
  const code = enteredCode(entered, codeRow, subtotal, p.store, p.services.clock.now());
  const discount = code.state === "applied" ? code.discount : 0;
  const goods = subtotal - discount;
  const methods = offeredMethods(p.store);
  return data(
    {
      site: p.site,
      lines: p.priced.lines.map((l) => ({
        id: l.product.key,
        name: l.product.name,
        quantity: l.quantity,
        subtotal: formatMoney(l.subtotal, currency),
      })),
      amounts: amountRows(
        {
          subtotal,
          discount,
          discountCode: code.state === "applied" ? code.code.code : null,
          deliveryFee: null,
          total: goods,
        },
        currency,
      ).rows,
      total: formatMoney(goods, currency),
      // Only a code that applies goes with the order; a refused one is said here and left out.
      code: code.state === "applied" ? code.code.code : null,
      codeProblem: code.state === "refused" ? `${code.entered}: ${code.message}` : null,
      shown: { subtotal, discount },
      methods: methods.map((m) => ({ value: m, label: DELIVERY_LABELS[m] })),
      zones: zones.map((z) => zoneOption(z, goods, currency)),
      points: points.map((pt) => ({ id: pt.id, label: pickupPointText(pt) })),
      storeLocation: p.store.location,
      onlinePayments: linked,
      idempotencyKey: randomToken(18),
      hasWhatsapp: phoneDigits(p.store.saleNumber) !== "",
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const KEPT_VALUES = ["buyerName", "delivery", "zone", "pickupPoint", "address", "buyerPhone", "buyerEmail", "note", "payment"];

/** The order is refused: the messages, and what the shopper typed so nothing has to be typed again. */
function refused(status: number, errors: CheckoutErrors, form: FormData) {
  const values: Record<string, string> = {};
  for (const k of KEPT_VALUES) {
    const v = form.get(k);
    if (typeof v === "string") values[k] = v.slice(0, 500);
  }
  return failure(errors, { values, status });
}

/**
 * Places the order: prices, stock, the delivery fee and the discount come from the database (never
 * from the form; the amounts the buyer was shown are only compared, and a difference is told, not
 * charged). The sale is saved 'Pendiente' once per idempotency key, the cart is emptied, the merchant
 * is emailed and notified on the devices that asked for it (Web Push), and the shopper is sent to
 * WhatsApp with the order text (to the order page when the store has no WhatsApp number).
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const parsed = readCheckoutForm(form);
  if (!parsed.success) return refused(400, checkoutErrors(parsed.error), form);
  const input = parsed.data;
  const wanted = parseCart(input.lines.join("|"));
  const p = await loadSitePage(
    args,
    (storeId, db) => [
      orderByKeyQuery(db, storeId, input.idempotencyKey),
      orderLinesByKeyQuery(db, storeId, input.idempotencyKey),
      // The devices to notify of a new sale, read in the same round trip.
      storeSubscriptionsQuery(db, storeId),
      deliveryZonesQuery(db, storeId),
      pickupPointsQuery(db, storeId),
      discountByKeyQuery(db, storeId, input.discountCode ? codeKey(input.discountCode) : "-"),
      paymentAccountQuery(db, storeId),
    ],
    { cartIds: wanted.map((l) => l.productId) },
  );
  const { store, services } = p;
  const [[existing], existingLines, subscriptions, zones, points, [codeRow], [account]] = p.page;
  const linked = account !== undefined && account.provider === services.storePayments?.name;
  const contact = contactErrors(input, phoneDigits(store.saleNumber) !== "");
  if (contact) return refused(400, contact, form);
  const mobile = isMobileUserAgent(args.request.headers.get("User-Agent"));
  const money = (minor: number) => formatMoney(minor, store.currency);

  if (existing) {
    // The same form submitted again (double click, retry): the first sale, nothing new.
    const message = orderMessage({
      storeName: store.name,
      code: existing.id,
      currency: existing.currency,
      amounts: existing,
      lines: existingLines,
      buyer: {
        name: existing.buyerName,
        delivery: existing.delivery,
        zone: existing.deliveryZone,
        pickupPoint: existing.pickupPoint,
        address: existing.address,
        phone: existing.buyerPhone,
        note: existing.note,
      },
      paidOnline: existing.paymentMethod === "online",
      orderUrl: orderPageUrl(services.config, store.url, existing.id, existing.accessToken),
    });
    const orderPath = orderPagePath(p.site.basePath, existing.id, existing.accessToken);
    // An online payment was started by the first submit; the order page offers 'Pagar ahora' again.
    return placed(
      p,
      input.idempotencyKey,
      existing.paymentMethod === "online" ? orderPath : (whatsappUrl(store.saleNumber, message, mobile) ?? orderPath),
    );
  }

  const built = orderLines(wanted, p.cartItems);
  if (!built.ok) {
    const left = built.shortOf.stock;
    const detail = left > 0 ? `quedan ${left} de “${built.shortOf.name}”` : `“${built.shortOf.name}” está agotado`;
    return refused(409, { form: `${CART_MESSAGES.stockLimit} (${detail})` }, form);
  }
  if (built.lines.length === 0) return refused(400, { form: CHECKOUT_MESSAGES.empty }, form);
  const choice = deliveryChoice(input, offeredMethods(store), zones, points);
  if (!choice.ok) return refused(400, choice.errors, form);
  const code = enteredCode(input.discountCode, codeRow, built.total, store, services.clock.now());
  if (code.state === "refused") return refused(409, { form: code.message }, form);
  const priced = quoteOrder(built.total, code.state === "applied" ? code.discount : 0, choice.zone);
  if (!priced.ok) {
    return refused(409, { zone: `Esta zona recibe pedidos desde ${money(priced.minimum)}: elige otra o agrega productos` }, form);
  }
  const { quote } = priced;
  const shownFee = choice.zone ? Number(form.get(`fee-${choice.zone.id}`) ?? Number.NaN) : 0;
  const changes = quoteChanges(
    { subtotal: input.shownSubtotal ?? -1, discount: input.shownDiscount ?? -1, deliveryFee: shownFee },
    quote,
    money,
  );
  if (changes.length > 0) {
    return refused(
      409,
      { form: `Tu pedido cambió desde que lo viste (${changes.join("; ")}). Revisa el total y vuelve a enviarlo.` },
      form,
    );
  }
  if (input.payment === "online" && !linked) return refused(409, { payment: CHECKOUT_MESSAGES.onlineUnavailable }, form);

  const lines = built.lines.map((l) => ({
    productId: l.product.id,
    variantId: l.product.variantId,
    variant: l.product.variant,
    name: l.product.name,
    imageKey: l.product.imageKey,
    unitPrice: l.product.price,
    quantity: l.quantity,
  }));
  const buyer = {
    name: input.buyerName,
    delivery: input.delivery,
    zone: choice.zone?.name ?? null,
    pickupPoint: choice.point ? pickupPointText(choice.point) : null,
    address: input.address,
    phone: input.buyerPhone,
    email: input.buyerEmail,
    note: input.note,
  };
  const discountCode = code.state === "applied" ? { id: code.code.id, code: code.code.code } : null;
  let sale: Awaited<ReturnType<typeof createSaleOrRefuse>>;
  try {
    sale = await createSaleOrRefuse(
      services.db,
      {
        key: input.idempotencyKey,
        storeId: store.id,
        currency: store.currency,
        buyerName: buyer.name,
        buyerPhone: buyer.phone,
        buyerEmail: buyer.email,
        delivery: buyer.delivery,
        deliveryZone: buyer.zone,
        pickupPoint: buyer.pickupPoint,
        address: buyer.address,
        note: buyer.note,
        quote,
        discountCode,
        paymentMethod: input.payment,
        lines,
      },
      services.clock.now(),
    );
  } catch (error) {
    if (error instanceof CodeExhaustedError) return refused(409, { form: "Este código de descuento ya se agotó" }, form);
    throw error;
  }
  if (!sale) return refused(409, { form: CHECKOUT_MESSAGES.stale }, form);
  const amounts = { ...quote, discountCode: discountCode?.code ?? null };
  const orderUrl = orderPageUrl(services.config, store.url, sale.saleId, sale.accessToken);
  if (sale.created) {
    // Sent alongside the email, each message with a short timeout; it never throws (app/notifications/).
    const notified = notifyNewOrder(services, subscriptions, {
      storeId: store.id,
      saleId: sale.saleId,
      total: quote.total,
      currency: store.currency,
      buyerName: buyer.name,
    });
    try {
      await services.mail.send(
        newOrderEmail({
          to: store.ownerEmail,
          merchantName: store.ownerName,
          storeName: store.name,
          code: sale.saleId,
          currency: store.currency,
          amounts,
          lines,
          buyer,
          paidOnline: input.payment === "online",
          salesUrl: `${services.config.APP_ORIGIN}/Store/${store.id}/sales`,
        }),
      );
    } catch (error) {
      // The order is saved and the shopper's WhatsApp message carries it: a mail outage must not lose it.
      console.error("new-order email failed", sale.saleId, error);
    }
    await notified;
  }
  const orderPath = orderPagePath(p.site.basePath, sale.saleId, sale.accessToken);
  if (input.payment === "online") {
    // Saved first, then the buyer pays the store's own account; the order page tells how it went.
    try {
      const title = `Pedido ${sale.saleId} en ${store.name}`;
      const { redirectUrl } = await startSalePayment(services, store.id, sale.saleId, orderUrl, title);
      return placed(p, input.idempotencyKey, redirectUrl);
    } catch (error) {
      if (!(error instanceof OnlinePaymentsUnavailableError)) throw error;
      return placed(p, input.idempotencyKey, `${orderPath}&aviso=pago`);
    }
  }
  const message = orderMessage({
    storeName: store.name,
    code: sale.saleId,
    currency: store.currency,
    amounts,
    lines,
    buyer,
    paidOnline: false,
    orderUrl,
  });
  return placed(p, input.idempotencyKey, whatsappUrl(store.saleNumber, message, mobile) ?? orderPath);
}

/** The cart and the code are spent; the shopper goes on (WhatsApp, the payment, or the order page). */
function placed(p: Awaited<ReturnType<typeof loadSitePage>>, key: string, next: string) {
  const { config } = p.services;
  const headers = new Headers();
  headers.append("Set-Cookie", storeCookie(config, p.site.basePath, CART_COOKIE, ""));
  headers.append("Set-Cookie", storeCookie(config, p.site.basePath, DISCOUNT_COOKIE, ""));
  headers.append("Set-Cookie", storeCookie(config, p.site.basePath, ORDER_COOKIE, key));
  return redirect(next, { status: 303, headers });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return siteMeta(loaderData?.site, { title: `Hacer pedido | ${loaderData?.site.name ?? ""}`, path: "/Checkout", noindex: true });
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { site, lines, amounts, total, code, codeProblem, shown, methods, zones, points, storeLocation } = loaderData;
  const { onlinePayments, idempotencyKey, hasWhatsapp } = loaderData;
  const errors: CheckoutErrors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const delivery = methods.find((m) => m.value === values.delivery)?.value ?? methods[0]?.value;
  const error = (name: CheckoutField) =>
    errors[name] ? (
      <span className="field-error" id={`${name}-error`}>
        {errors[name]}
      </span>
    ) : null;
  const hasDelivery = methods.some((m) => m.value === "delivery");
  const hasPickup = methods.some((m) => m.value === "pickup");
  return (
    <SiteShell site={site} current="cart">
      <h1>Hacer pedido</h1>
      <section className="summary" aria-label="Resumen del pedido">
        <OrderLines
          lines={lines.map((l) => ({ ...l, key: l.id }))}
          amounts={amounts}
          total={total}
          totalLabel={hasDelivery && zones.length > 0 ? "Total sin envío" : "Total"}
        />
        {codeProblem && <p className="field-error">{codeProblem}</p>}
        <p>
          <a href={`${site.basePath}/Cart`}>{code ? "Cambiar código de descuento" : "¿Tienes un código de descuento?"}</a>
        </p>
      </section>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <form method="post" className="checkout" data-checkout="" data-once="">
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {lines.map((l) => (
          <input key={l.id} type="hidden" name="line" value={`${l.id}:${l.quantity}`} />
        ))}
        {code && <input type="hidden" name="discountCode" value={code} />}
        <input type="hidden" name="shownSubtotal" value={shown.subtotal} />
        <input type="hidden" name="shownDiscount" value={shown.discount} />
        {zones.map((z) => z.fee !== null && <input key={z.id} type="hidden" name={`fee-${z.id}`} value={z.fee} />)}
        <label>
          Tu nombre
          <input
            name="buyerName"
            required
            maxLength={80}
            autoComplete="name"
            defaultValue={values.buyerName}
            {...ariaInvalid("buyerName", errors.buyerName)}
          />
          {error("buyerName")}
        </label>
        <fieldset>
          <legend>Entrega</legend>
          {methods.map((m) => (
            <label key={m.value} className="radio">
              <input type="radio" name="delivery" value={m.value} defaultChecked={delivery === m.value} />
              {m.label}
            </label>
          ))}
          {error("delivery")}
        </fieldset>
        {hasPickup &&
          (points.length > 0 ? (
            <label>
              Dónde retirar <span className="hint">(si eliges retiro en tienda)</span>
              <select
                name="pickupPoint"
                defaultValue={values.pickupPoint ?? (points.length === 1 ? String(points[0]?.id) : "")}
                {...ariaInvalid("pickupPoint", errors.pickupPoint)}
              >
                {points.length > 1 && <option value="">Elige un punto de retiro</option>}
                {points.map((pt) => (
                  <option key={pt.id} value={pt.id}>
                    {pt.label}
                  </option>
                ))}
              </select>
              {error("pickupPoint")}
            </label>
          ) : (
            storeLocation && <p className="hint">Retiro en tienda: {storeLocation}</p>
          ))}
        {hasDelivery && zones.length > 0 && (
          <label>
            Zona de envío <span className="hint">(si eliges envío a domicilio)</span>
            <select name="zone" defaultValue={values.zone ?? ""} {...ariaInvalid("zone", errors.zone)}>
              <option value="">Elige tu zona</option>
              {zones.map((z) => (
                <option key={z.id} value={z.id} disabled={z.fee === null}>
                  {z.label}
                </option>
              ))}
            </select>
            {error("zone")}
          </label>
        )}
        {hasDelivery && (
          <label data-address="">
            Dirección de entrega <span className="hint">(solo para envío a domicilio)</span>
            <textarea
              name="address"
              rows={2}
              maxLength={200}
              autoComplete="street-address"
              defaultValue={values.address}
              {...ariaInvalid("address", errors.address)}
            />
            {error("address")}
          </label>
        )}
        <label>
          Tu teléfono {hasWhatsapp && <span className="hint">(opcional)</span>}
          <input
            name="buyerPhone"
            type="tel"
            required={!hasWhatsapp}
            maxLength={30}
            autoComplete="tel"
            defaultValue={values.buyerPhone}
            {...ariaInvalid("buyerPhone", errors.buyerPhone)}
          />
          {error("buyerPhone")}
        </label>
        <label>
          Tu correo <span className="hint">(opcional: te avisamos cuando la tienda confirme tu pedido)</span>
          <input
            name="buyerEmail"
            type="email"
            maxLength={254}
            autoComplete="email"
            defaultValue={values.buyerEmail}
            {...ariaInvalid("buyerEmail", errors.buyerEmail)}
          />
          {error("buyerEmail")}
        </label>
        <label>
          Nota para la tienda <span className="hint">(opcional)</span>
          <textarea name="note" rows={2} maxLength={500} defaultValue={values.note} />
        </label>
        {onlinePayments && (
          <fieldset>
            <legend>Pago</legend>
            <label className="radio">
              <input type="radio" name="payment" value="on_delivery" defaultChecked={values.payment !== "online"} />
              Pagar al recibir o como lo acuerdes con la tienda
            </label>
            <label className="radio">
              <input type="radio" name="payment" value="online" defaultChecked={values.payment === "online"} />
              Pagar en línea con Mercado Pago
            </label>
            {error("payment")}
          </fieldset>
        )}
        {hasWhatsapp ? (
          <>
            <button type="submit" className="button whatsapp">
              Enviar pedido por WhatsApp
            </button>
            <p className="muted">
              Guardamos tu pedido y abrimos WhatsApp con el mensaje listo para la tienda.
              {onlinePayments && " Si eliges pagar en línea, te llevamos a Mercado Pago."}
            </p>
          </>
        ) : (
          <>
            <button type="submit" className="button">
              Enviar pedido
            </button>
            <p className="muted">Guardamos tu pedido y avisamos a la tienda, que te contactará a tu teléfono.</p>
          </>
        )}
      </form>
    </SiteShell>
  );
}
