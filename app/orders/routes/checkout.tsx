import { data, redirect } from "react-router";
import { CART_MESSAGES, orderLines, parseCart } from "~/domain/cart";
import { randomToken } from "~/domain/ids";
import { formatMoney } from "~/domain/money";
import { DELIVERY_LABELS, isMobileUserAgent, orderMessage, phoneDigits, whatsappUrl } from "~/domain/whatsapp";
import { failure } from "~/http/action-result";
import { notifyNewOrder } from "~/notifications/new-order-push.server";
import { storeSubscriptionsQuery } from "~/notifications/push-subscriptions.server";
import type { RouteHandle } from "~/root";
import { orderByKeyQuery, orderLinesByKeyQuery } from "~/site/queries.server";
import { siteMeta } from "~/site/seo";
import { SiteShell } from "~/site/shell";
import { CART_COOKIE, loadSitePage, ORDER_COOKIE, readCookie, storeCookie } from "~/site/site.server";
import { ariaInvalid } from "~/ui/form";
import { CHECKOUT_MESSAGES, type CheckoutErrors, checkoutErrors, contactErrors, readCheckoutForm } from "../checkout-form";
import { newOrderEmail } from "../emails";
import { OrderLines } from "../order-lines";
import { createSaleOrRefuse } from "../orders.server";
import type { Route } from "./+types/checkout";

export const handle: RouteHandle = { hydrate: false };
export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader(args: Route.LoaderArgs) {
  const p = await loadSitePage(args, () => []);
  const base = p.site.basePath;
  if (p.priced.lines.length === 0) {
    // Back from WhatsApp after ordering: the confirmation page; otherwise the (empty) cart.
    throw redirect(readCookie(args.request, ORDER_COOKIE) ? `${base}/Order` : `${base}/Cart`, 303);
  }
  return data(
    {
      site: p.site,
      lines: p.priced.lines.map((l) => ({
        id: l.product.key,
        name: l.product.name,
        quantity: l.quantity,
        subtotal: formatMoney(l.subtotal, p.site.currency),
      })),
      total: formatMoney(p.priced.total, p.site.currency),
      idempotencyKey: randomToken(18),
      hasWhatsapp: phoneDigits(p.store.saleNumber) !== "",
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** The order is refused: the messages, and what the shopper typed so nothing has to be typed again. */
function refused(status: number, errors: CheckoutErrors, form: FormData) {
  const values: Record<string, string> = {};
  for (const k of ["buyerName", "delivery", "address", "buyerPhone", "note"] as const) {
    const v = form.get(k);
    if (typeof v === "string") values[k] = v.slice(0, 500);
  }
  return failure(errors, { values, status });
}

/**
 * Places the order: prices and stock come from the database (never from the form), the sale is saved
 * 'Pendiente' once per idempotency key, the cart is emptied, the merchant is emailed and notified on the
 * devices that asked for it (Web Push), and the shopper
 * is sent to WhatsApp with the order text (to the confirmation page when the store has no WhatsApp number).
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
    ],
    { cartIds: wanted.map((l) => l.productId) },
  );
  const { store, services } = p;
  const [[existing], existingLines, subscriptions] = p.page;
  const contact = contactErrors(input, phoneDigits(store.saleNumber) !== "");
  if (contact) return refused(400, contact, form);

  let code: string;
  let message: string;
  if (existing) {
    // The same form submitted again (double click, retry): the first sale, nothing new.
    code = existing.id;
    message = orderMessage({
      storeName: store.name,
      code,
      currency: existing.currency,
      total: existing.total,
      lines: existingLines,
      buyer: {
        name: existing.buyerName,
        delivery: existing.delivery,
        address: existing.address,
        phone: existing.buyerPhone,
        note: existing.note,
      },
    });
  } else {
    const built = orderLines(wanted, p.cartItems);
    if (!built.ok) {
      const left = built.shortOf.stock;
      const detail = left > 0 ? `quedan ${left} de “${built.shortOf.name}”` : `“${built.shortOf.name}” está agotado`;
      return refused(409, { form: `${CART_MESSAGES.stockLimit} (${detail})` }, form);
    }
    if (built.lines.length === 0) return refused(400, { form: CHECKOUT_MESSAGES.empty }, form);
    const lines = built.lines.map((l) => ({
      productId: l.product.id,
      variantId: l.product.variantId,
      variant: l.product.variant,
      name: l.product.name,
      imageKey: l.product.imageKey,
      unitPrice: l.product.price,
      quantity: l.quantity,
    }));
    const sale = await createSaleOrRefuse(
      services.db,
      {
        key: input.idempotencyKey,
        storeId: store.id,
        currency: store.currency,
        buyerName: input.buyerName,
        buyerPhone: input.buyerPhone,
        delivery: input.delivery,
        address: input.address,
        note: input.note,
        lines,
      },
      services.clock.now(),
    );
    if (!sale) return refused(409, { form: CHECKOUT_MESSAGES.stale }, form);
    code = sale.saleId;
    const buyer = {
      name: input.buyerName,
      delivery: input.delivery,
      address: input.address,
      phone: input.buyerPhone,
      note: input.note,
    };
    message = orderMessage({ storeName: store.name, code, currency: store.currency, total: built.total, lines, buyer });
    if (sale.created) {
      // Sent alongside the email, each message with a short timeout; it never throws (app/notifications/).
      const notified = notifyNewOrder(services, subscriptions, {
        storeId: store.id,
        saleId: code,
        total: built.total,
        currency: store.currency,
        buyerName: input.buyerName,
      });
      try {
        await services.mail.send(
          newOrderEmail({
            to: store.ownerEmail,
            merchantName: store.ownerName,
            storeName: store.name,
            code,
            currency: store.currency,
            total: built.total,
            lines,
            buyer,
            salesUrl: `${services.config.APP_ORIGIN}/Store/${store.id}/sales`,
          }),
        );
      } catch (error) {
        // The order is saved and the shopper's WhatsApp message carries it: a mail outage must not lose it.
        console.error("new-order email failed", code, error);
      }
      await notified;
    }
  }
  const headers = new Headers();
  headers.append("Set-Cookie", storeCookie(services.config, p.site.basePath, CART_COOKIE, ""));
  headers.append("Set-Cookie", storeCookie(services.config, p.site.basePath, ORDER_COOKIE, input.idempotencyKey));
  const mobile = isMobileUserAgent(args.request.headers.get("User-Agent"));
  const next = whatsappUrl(store.saleNumber, message, mobile) ?? `${p.site.basePath}/Order`;
  return redirect(next, { status: 303, headers });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return siteMeta(loaderData?.site, { title: `Hacer pedido | ${loaderData?.site.name ?? ""}`, path: "/Checkout", noindex: true });
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { site, lines, total, idempotencyKey, hasWhatsapp } = loaderData;
  const errors: CheckoutErrors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const delivery = values.delivery === "delivery" ? "delivery" : "pickup";
  const error = (name: keyof CheckoutErrors) =>
    errors[name] ? (
      <span className="field-error" id={`${name}-error`}>
        {errors[name]}
      </span>
    ) : null;
  return (
    <SiteShell site={site} current="cart">
      <h1>Hacer pedido</h1>
      <section className="summary" aria-label="Resumen del pedido">
        <OrderLines lines={lines.map((l) => ({ ...l, key: l.id }))} total={total} />
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
          {(["pickup", "delivery"] as const).map((d) => (
            <label key={d} className="radio">
              <input type="radio" name="delivery" value={d} defaultChecked={delivery === d} />
              {DELIVERY_LABELS[d]}
            </label>
          ))}
          {error("delivery")}
        </fieldset>
        <label data-address="">
          Dirección de entrega <span className="muted">(solo para envío a domicilio)</span>
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
        <label>
          Tu teléfono {hasWhatsapp && <span className="muted">(opcional)</span>}
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
          Nota para la tienda <span className="muted">(opcional)</span>
          <textarea name="note" rows={2} maxLength={500} defaultValue={values.note} />
        </label>
        {hasWhatsapp ? (
          <>
            <button type="submit" className="button whatsapp">
              Enviar pedido por WhatsApp
            </button>
            <p className="muted">Guardamos tu pedido y abrimos WhatsApp con el mensaje listo para la tienda.</p>
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
