import { sql } from "drizzle-orm";
import type { ReactNode } from "react";
import { data, redirect } from "react-router";
import { codeGuessCountersQuery } from "~/discounts/code-guessing.server";
import { CART_MESSAGES, orderLines, parseCart } from "~/domain/cart";
import { DELIVERY_LABELS, type DeliveryZone, offeredMethods, pickupPointText } from "~/domain/delivery";
import { codeKey, DISCOUNT_MESSAGES } from "~/domain/discounts";
import { randomToken } from "~/domain/ids";
import { formatMoney } from "~/domain/money";
import { goodsQuote, quoteChanges, quoteOrder } from "~/domain/order-quote";
import { isMobileUserAgent, orderMessage, phoneDigits, whatsappUrl } from "~/domain/whatsapp";
import { failure } from "~/http/action-result";
import { notifyNewOrder } from "~/notifications/new-order-push.server";
import { storeSubscriptionsQuery } from "~/notifications/push-subscriptions.server";
import { isUsable } from "~/online-payments/store-accounts.server";
import type { RouteHandle } from "~/root";
import { clientIpContext } from "~/services/services";
import {
  discountByKeyQuery,
  type OrderRow,
  orderByKeyQuery,
  orderLinesByKeyQuery,
  paymentAccountQuery,
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
import { listDeliveryZones, listPickupPoints } from "~/stores/delivery-settings.server";
import { ariaInvalid } from "~/ui/form";
import {
  CHECKOUT_FIELDS,
  CHECKOUT_MESSAGES,
  type CheckoutErrors,
  type CheckoutField,
  checkoutErrors,
  contactErrors,
  deliveryChoice,
  readCheckoutForm,
} from "../checkout-form";
import { countWrongCode, guardedCode } from "../code-entry.server";
import { newOrderEmail } from "../emails";
import { amountRows } from "../order-amounts";
import { OrderLines } from "../order-lines";
import { orderPagePath } from "../order-links";
import { CodeExhaustedError, createSaleOrRefuse } from "../orders.server";
import { paymentRedirect } from "../payment-redirect.server";
import { saleMessage } from "../sale-message";
import type { Route } from "./+types/checkout";

export const handle: RouteHandle = { hydrate: false };
export const headers = () => ({ "Cache-Control": "no-store" });

/** A zone as the checkout offers it: its fee and the total it makes for this order, or why it cannot deliver it. */
function zoneOption(zone: DeliveryZone, subtotal: number, discount: number, currency: string) {
  const money = (minor: number) => formatMoney(minor, currency);
  const priced = quoteOrder(subtotal, discount, zone);
  if (!priced.ok) return { id: zone.id, label: `${zone.name} — pedido mínimo ${money(priced.minimum)}`, fee: null };
  const { deliveryFee, total } = priced.quote;
  const fee = deliveryFee > 0 ? `envío ${money(deliveryFee)}` : "envío gratis";
  return { id: zone.id, label: `${zone.name} — ${fee}, total ${money(total)}`, fee: deliveryFee };
}

export async function loader(args: Route.LoaderArgs) {
  const entered = readCodeCookie(args.request);
  const ip = args.context.get(clientIpContext);
  const p = await loadSitePage(args, (storeId, db) => [
    listDeliveryZones(db, storeId),
    listPickupPoints(db, storeId),
    discountByKeyQuery(db, storeId, entered ?? "-"),
    paymentAccountQuery(db, storeId),
    codeGuessCountersQuery(db, storeId, ip),
  ]);
  const base = p.site.basePath;
  if (p.priced.lines.length === 0) {
    // Back from WhatsApp after ordering: the confirmation page; otherwise the (empty) cart.
    throw redirect(readCookie(args.request, ORDER_COOKIE) ? `${base}/Order` : `${base}/Cart`, 303);
  }
  const [zones, points, [codeRow], [account], counters] = p.page;
  const { currency } = p.site;
  const subtotal = p.priced.total;
  const now = p.services.clock.now();
  const code = guardedCode(entered, codeRow, counters, subtotal, p.store, now);
  await countWrongCode(p.services.db, code, p.store.id, ip, now);
  const goods = goodsQuote(subtotal, code.discount);
  return data(
    {
      site: p.site,
      lines: p.priced.lines.map((l) => ({
        id: l.product.key,
        name: l.product.name,
        quantity: l.quantity,
        subtotal: formatMoney(l.subtotal, currency),
      })),
      ...amountRows({ ...goods, discountCode: code.applied?.code ?? null, deliveryFee: null }, currency),
      // Only a code that applies goes with the order; a refused one is said here and left out.
      code: code.applied?.code ?? null,
      codeProblem: code.refusal && `${entered}: ${code.refusal}`,
      shown: { subtotal, discount: goods.discount },
      methods: offeredMethods(p.store).map((m) => ({ value: m, label: DELIVERY_LABELS[m] })),
      zones: zones.map((z) => zoneOption(z, subtotal, goods.discount, currency)),
      points: points.map((pt) => ({ id: pt.id, label: pickupPointText(pt) })),
      storeLocation: p.store.location,
      onlinePayments: isUsable(p.services, account),
      idempotencyKey: randomToken(18),
      hasWhatsapp: phoneDigits(p.store.saleNumber) !== "",
    },
    {
      headers: code.wrong
        ? { "Cache-Control": "no-store", "Set-Cookie": storeCookie(p.services.config, base, DISCOUNT_COOKIE, "") }
        : { "Cache-Control": "no-store" },
    },
  );
}

/** The order is refused: the messages, and what the shopper typed so nothing has to be typed again. */
function refused(status: number, errors: CheckoutErrors, form: FormData) {
  const values: Record<string, string> = {};
  for (const k of CHECKOUT_FIELDS) {
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
 * WhatsApp with the order text (to the order page when the store has no WhatsApp number), or to pay.
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const parsed = readCheckoutForm(form);
  if (!parsed.success) return refused(400, checkoutErrors(parsed.error), form);
  const input = parsed.data;
  const ip = args.context.get(clientIpContext);
  const wanted = parseCart(input.lines.join("|"));
  const p = await loadSitePage(
    args,
    (storeId, db) => [
      orderByKeyQuery(db, storeId, input.idempotencyKey),
      orderLinesByKeyQuery(db, storeId, input.idempotencyKey),
      // The devices to notify of a new sale, read in the same round trip.
      storeSubscriptionsQuery(db, storeId),
      listDeliveryZones(db, storeId),
      listPickupPoints(db, storeId),
      discountByKeyQuery(db, storeId, input.discountCode ? codeKey(input.discountCode) : "-"),
      paymentAccountQuery(db, storeId),
      codeGuessCountersQuery(db, storeId, ip),
    ],
    { cartIds: wanted.map((l) => l.productId) },
  );
  const { store, services } = p;
  const [[existing], existingLines, subscriptions, zones, points, [codeRow], [account], counters] = p.page;
  const contact = contactErrors(input, phoneDigits(store.saleNumber) !== "");
  if (contact) return refused(400, contact, form);
  const mobile = isMobileUserAgent(args.request.headers.get("User-Agent"));
  const money = (minor: number) => formatMoney(minor, store.currency);

  /**
   * The same form submitted again (double click, retry): the first sale, nothing new. An online payment
   * was started by the first submit; its order page offers 'Pagar ahora' again.
   */
  const placedBefore = (first: OrderRow, firstLines: typeof existingLines) => {
    const orderPath = orderPagePath(p.site.basePath, first.id, first.accessToken);
    const text = saleMessage(store, first, firstLines);
    const whatsapp = first.paymentMethod === "online" ? null : whatsappUrl(store.saleNumber, text, mobile);
    return placed(p, input.idempotencyKey, whatsapp ?? orderPath);
  };
  if (existing) return placedBefore(existing, existingLines);

  const built = orderLines(wanted, p.cartItems);
  if (!built.ok) {
    const left = built.shortOf.stock;
    const detail = left > 0 ? `quedan ${left} de “${built.shortOf.name}”` : `“${built.shortOf.name}” está agotado`;
    return refused(409, { form: `${CART_MESSAGES.stockLimit} (${detail})` }, form);
  }
  if (built.lines.length === 0) return refused(400, { form: CHECKOUT_MESSAGES.empty }, form);
  const choice = deliveryChoice(input, offeredMethods(store), zones, points);
  if (!choice.ok) return refused(400, choice.errors, form);
  const code = guardedCode(input.discountCode, codeRow, counters, built.total, store, services.clock.now());
  await countWrongCode(services.db, code, store.id, ip, services.clock.now());
  if (code.wait !== null) return refused(429, { form: code.refusal ?? "" }, form);
  if (code.refusal) return refused(409, { form: code.refusal }, form);
  const priced = quoteOrder(built.total, code.discount, choice.zone);
  if (!priced.ok) return refused(409, { zone: CHECKOUT_MESSAGES.belowZoneMinimum(money(priced.minimum)) }, form);
  const { quote } = priced;
  const shownFee = choice.zone ? Number(form.get(`fee-${choice.zone.id}`) ?? Number.NaN) : 0;
  const changes = quoteChanges(
    { subtotal: input.shownSubtotal ?? -1, discount: input.shownDiscount ?? -1, deliveryFee: shownFee },
    quote,
    money,
  );
  if (changes.length > 0) return refused(409, { form: CHECKOUT_MESSAGES.changed(changes) }, form);
  const online = input.payment === "online";
  if (online && !isUsable(services, account)) return refused(409, { payment: CHECKOUT_MESSAGES.onlineUnavailable }, form);

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
  const discountCode = code.applied && { id: code.applied.id, code: code.applied.code };
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
    if (error instanceof CodeExhaustedError) return refused(409, { form: DISCOUNT_MESSAGES.exhausted }, form);
    throw error;
  }
  if (!sale) return refused(409, { form: CHECKOUT_MESSAGES.stale }, form);
  if (!sale.created) {
    // This submit lost the race to its twin, which sent the messages and started any payment.
    const storeId = sql`${store.id}`;
    const [[first], firstLines] = await services.db.batch([
      orderByKeyQuery(services.db, storeId, input.idempotencyKey),
      orderLinesByKeyQuery(services.db, storeId, input.idempotencyKey),
    ]);
    if (first) return placedBefore(first, firstLines);
  }
  const orderPath = orderPagePath(p.site.basePath, sale.saleId, sale.accessToken);
  const amounts = { ...quote, discountCode: discountCode?.code ?? null };
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
        paidOnline: online,
        salesUrl: `${services.config.APP_ORIGIN}/Store/${store.id}/sales`,
      }),
    );
  } catch (error) {
    // The order is saved and the shopper's WhatsApp message carries it: a mail outage must not lose it.
    console.error("new-order email failed", sale.saleId, error);
  }
  await notified;
  // Saved first, then the buyer pays the store's own account; the order page tells how it went.
  if (online)
    return placed(
      p,
      input.idempotencyKey,
      await paymentRedirect(services, store, { id: sale.saleId, accessToken: sale.accessToken }, p.site.basePath),
    );
  const message = orderMessage({
    storeName: store.name,
    code: sale.saleId,
    currency: store.currency,
    amounts,
    lines,
    buyer,
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

/** A labelled control of the checkout: label text, an optional hint, the control, its error. */
function Labelled(props: {
  label: ReactNode;
  hint?: string;
  error?: string;
  name: CheckoutField;
  children: ReactNode;
  address?: boolean;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control comes in as children, inside the label
    <label data-address={props.address ? "" : undefined}>
      {props.label}
      {props.hint && (
        <>
          {" "}
          <span className="hint">({props.hint})</span>
        </>
      )}
      {props.children}
      {props.error && (
        <span className="field-error" id={`${props.name}-error`}>
          {props.error}
        </span>
      )}
    </label>
  );
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { site, lines, rows, total, code, codeProblem, shown, methods, zones, points, storeLocation } = loaderData;
  const { onlinePayments, idempotencyKey, hasWhatsapp } = loaderData;
  const errors: CheckoutErrors = actionData?.errors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? {};
  const delivery = methods.find((m) => m.value === values.delivery)?.value ?? methods[0]?.value;
  /** A control's name, what the shopper typed before a refusal, and its error wiring. */
  const field = (name: CheckoutField) => ({ name, defaultValue: values[name], ...ariaInvalid(name, errors[name]) });
  const labelled = (name: CheckoutField) => ({ name, error: errors[name] });
  const groupError = (name: CheckoutField) =>
    errors[name] ? (
      <span className="field-error" id={`${name}-error`}>
        {errors[name]}
      </span>
    ) : null;
  const described = (name: CheckoutField) => (errors[name] ? { "aria-describedby": `${name}-error` } : {});
  const hasDelivery = methods.some((m) => m.value === "delivery");
  const hasPickup = methods.some((m) => m.value === "pickup");
  return (
    <SiteShell site={site} current="cart">
      <h1>Hacer pedido</h1>
      <section className="summary" aria-label="Resumen del pedido">
        <OrderLines
          lines={lines.map((l) => ({ ...l, key: l.id }))}
          amounts={rows}
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
        <Labelled label="Tu nombre" {...labelled("buyerName")}>
          <input required maxLength={80} autoComplete="name" {...field("buyerName")} />
        </Labelled>
        <fieldset {...described("delivery")}>
          <legend>Entrega</legend>
          {methods.map((m) => (
            <label key={m.value} className="radio">
              <input type="radio" name="delivery" value={m.value} defaultChecked={delivery === m.value} />
              {m.label}
            </label>
          ))}
          {groupError("delivery")}
        </fieldset>
        {hasPickup &&
          (points.length > 0 ? (
            <Labelled label="Dónde retirar" hint="si eliges retiro en tienda" {...labelled("pickupPoint")}>
              <select
                {...field("pickupPoint")}
                defaultValue={values.pickupPoint ?? (points.length === 1 ? String(points[0]?.id) : "")}
              >
                {points.length > 1 && <option value="">Elige un punto de retiro</option>}
                {points.map((pt) => (
                  <option key={pt.id} value={pt.id}>
                    {pt.label}
                  </option>
                ))}
              </select>
            </Labelled>
          ) : (
            storeLocation && <p className="hint">Retiro en tienda: {storeLocation}</p>
          ))}
        {hasDelivery && zones.length > 0 && (
          <Labelled label="Zona de envío" hint="si eliges envío a domicilio" {...labelled("zone")}>
            <select {...field("zone")} defaultValue={values.zone ?? ""}>
              <option value="">Elige tu zona</option>
              {zones.map((z) => (
                <option key={z.id} value={z.id} disabled={z.fee === null}>
                  {z.label}
                </option>
              ))}
            </select>
          </Labelled>
        )}
        {hasDelivery && (
          <Labelled label="Dirección de entrega" hint="solo para envío a domicilio" address {...labelled("address")}>
            <textarea rows={2} maxLength={200} autoComplete="street-address" {...field("address")} />
          </Labelled>
        )}
        <Labelled label="Tu teléfono" hint={hasWhatsapp ? "opcional" : undefined} {...labelled("buyerPhone")}>
          <input type="tel" required={!hasWhatsapp} maxLength={30} autoComplete="tel" {...field("buyerPhone")} />
        </Labelled>
        <Labelled label="Tu correo" hint="opcional: te avisamos cuando la tienda confirme tu pedido" {...labelled("buyerEmail")}>
          <input type="email" maxLength={254} autoComplete="email" {...field("buyerEmail")} />
        </Labelled>
        <Labelled label="Nota para la tienda" hint="opcional" {...labelled("note")}>
          <textarea rows={2} maxLength={500} {...field("note")} />
        </Labelled>
        {onlinePayments && (
          <fieldset {...described("payment")}>
            <legend>Pago</legend>
            <label className="radio">
              <input type="radio" name="payment" value="on_delivery" defaultChecked={values.payment !== "online"} />
              Pagar al recibir o como lo acuerdes con la tienda
            </label>
            <label className="radio">
              <input type="radio" name="payment" value="online" defaultChecked={values.payment === "online"} />
              Pagar en línea con Mercado Pago
            </label>
            {groupError("payment")}
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
