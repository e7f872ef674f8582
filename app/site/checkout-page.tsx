import type { ReactNode } from "react";
import { quoteKey } from "~/domain/order-quote";
import { POSTAL_CODE_INPUT_MAX, uncoveredText } from "~/domain/shipping-estimate";
import { CHECKOUT_MESSAGES, type CheckoutErrors, type CheckoutField } from "~/orders/checkout-form";
import { OrderLines, type PromotionNote } from "~/orders/order-lines";
import type { checkoutView } from "~/orders/place-order.server";
import { ariaInvalid } from "~/ui/form";
import { useT } from "~/ui/messages";
import { SiteShell } from "./shell";
import type { SiteView } from "./site.server";

/** What the checkout page shows: the store, the cart's lines, the order's options and amounts, the form's key. */
type CheckoutPageData = Omit<Awaited<ReturnType<typeof checkoutView>>, "wrongCode"> & {
  site: SiteView;
  lines: Array<{ id: string; name: string; quantity: number; subtotal: string; promotion?: PromotionNote | null }>;
  idempotencyKey: string;
  step: CheckoutStep;
  /** The delivery method chosen for the details step. */
  delivery: string | null;
  /** The contact this browser saved in its first step. */
  contact: { buyerName: string; buyerPhone: string; buyerEmail: string } | null;
};

/** The checkout's steps, one page each (decision 0057): the contact, the delivery method, then what it needs and the payment. */
export type CheckoutStep = "contact" | "delivery" | "details";

const CONTACT_FIELDS = ["buyerName", "buyerPhone", "buyerEmail"] as const;

interface CheckoutPageProps {
  loaderData: CheckoutPageData;
  /** A refusal of the form (its messages), or a total to review before confirming; and what the shopper typed. */
  actionData?: { errors?: CheckoutErrors; values?: Record<string, string>; review?: boolean };
}

/**
 * The combination the form has chosen (or will send as it is): its key, and whether the order's total is known (a
 * delivery by zone needs the zone first).
 */
function chosenQuote(
  data: Pick<CheckoutPageData, "quotes" | "zones" | "postal">,
  delivery: string | undefined,
  payment: string | undefined,
  zone: string | undefined,
) {
  // Zones by postal code: before a code with a zone for it, the total is not known either.
  const byZone = delivery === "delivery" && (data.zones.length > 0 || data.postal !== null);
  const zoneId = byZone && zone ? Number(zone) : null;
  const key = quoteKey(payment ?? "", zoneId);
  const quote = data.quotes[key];
  if (quote && (!byZone || zoneId !== null)) return { key, quote, complete: true };
  // No zone chosen yet: the amounts before delivery, and a key the order cannot be placed with unseen.
  return { key: "", quote: data.quotes[quoteKey(payment ?? "", null)], complete: false };
}

/** A labelled control of the checkout (and of a built order's confirmation): label text, an optional hint, the control, its error. */
export function Labelled(props: {
  label: ReactNode;
  hint?: string;
  error?: string;
  name: string;
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

/**
 * The checkout, a step per page (with or without JavaScript): the contact, how to receive the order, then only what
 * that way needs, the note and the payment. Every error beside its field, nothing typed lost. A refused order (its
 * form carries the delivery) comes back to its last step.
 */
export function CheckoutPage({ loaderData, actionData }: CheckoutPageProps) {
  const { site, lines, code, codeProblem, shown, quotes, methods, zones, points, storeLocation, postal } = loaderData;
  const { payments, idempotencyKey, hasWhatsapp } = loaderData;
  const errors: CheckoutErrors = actionData?.errors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? {};
  const placing = values.delivery !== undefined;
  const step: CheckoutStep = placing ? "details" : loaderData.step;
  const contact = placing ? null : loaderData.contact;
  const delivery = methods.find((m) => m.value === (placing ? values.delivery : loaderData.delivery))?.value ?? methods[0]?.value;
  const checkoutPath = `${site.basePath}/Checkout`;
  /** A control's name, what the shopper typed before a refusal, and its error wiring. */
  const field = (name: CheckoutField) => ({
    name,
    defaultValue:
      values[name] ??
      (contact && (CONTACT_FIELDS as readonly string[]).includes(name)
        ? contact[name as (typeof CONTACT_FIELDS)[number]]
        : undefined),
    ...ariaInvalid(name, errors[name]),
  });
  const labelled = (name: CheckoutField) => ({ name, error: errors[name] });
  const groupError = (name: CheckoutField) =>
    errors[name] ? (
      <span className="field-error" id={`${name}-error`}>
        {errors[name]}
      </span>
    ) : null;
  const described = (name: CheckoutField) => (errors[name] ? { "aria-describedby": `${name}-error` } : {});
  const hasDelivery = delivery === "delivery";
  // Zones by postal code with none to choose yet: the page's script has no total with delivery to switch to.
  const zonePending = hasDelivery && postal !== null && zones.length === 0;
  const payment = payments.find((p) => p.value === values.payment)?.value ?? payments[0]?.value;
  const offers = (method: string) => payments.some((p) => p.value === method);
  const takesOnline = offers("online");
  const hasPickup = delivery === "pickup";
  // The contact goes with the order's form as it was saved, unless the order was refused for it.
  const contactShown = CONTACT_FIELDS.some((f) => errors[f]) || !(contact ?? values.buyerName);
  const t = useT();
  const changeLabel = t({ id: "site.checkout.change", defaultMessage: "Cambiar" });
  const totalWithoutShipping = t({ id: "site.checkout.totalWithoutShipping", defaultMessage: "Total sin envío" });
  const continueLabel = t({ id: "site.checkout.continue", defaultMessage: "Continuar" });
  const optional = t({ id: "site.checkout.optional", defaultMessage: "opcional" });
  const contactFields = (
    <>
      <Labelled label={t({ id: "site.checkout.name", defaultMessage: "Tu nombre" })} {...labelled("buyerName")}>
        <input required maxLength={80} autoComplete="name" {...field("buyerName")} />
      </Labelled>
      <Labelled
        label={t({ id: "site.checkout.phone", defaultMessage: "Tu teléfono" })}
        hint={hasWhatsapp ? "WhatsApp" : undefined}
        {...labelled("buyerPhone")}
      >
        <input type="tel" required={!hasWhatsapp} maxLength={30} autoComplete="tel" {...field("buyerPhone")} />
      </Labelled>
      <Labelled
        label={t({ id: "site.checkout.email", defaultMessage: "Tu correo" })}
        hint={t({ id: "site.checkout.emailHint", defaultMessage: "te avisamos cuando la tienda confirme tu pedido" })}
        {...labelled("buyerEmail")}
      >
        <input type="email" maxLength={254} autoComplete="email" {...field("buyerEmail")} />
      </Labelled>
    </>
  );
  const chosenMethod = methods.find((m) => m.value === delivery);
  const chosen = chosenQuote(loaderData, delivery, payment, values.zone);
  const rows = chosen.quote?.rows ?? loaderData.rows;
  const total = chosen.quote?.totalText ?? loaderData.total;
  const totalLabel = chosen.complete ? t({ id: "site.checkout.total", defaultMessage: "Total" }) : totalWithoutShipping;
  // Whether the total depends on what the shopper chooses (zones, or a way to pay with a discount or surcharge).
  const totalVaries = new Set(Object.values(quotes).map((q) => q.total)).size > 1;
  return (
    <SiteShell site={site} current="cart">
      <h1>{t({ id: "site.cart.checkout", defaultMessage: "Hacer pedido" })}</h1>
      <section className="summary" aria-label={t({ id: "site.checkout.summary", defaultMessage: "Resumen del pedido" })}>
        <div data-checkout-amounts="">
          <OrderLines lines={lines.map((l) => ({ ...l, key: l.id }))} amounts={rows} total={total} totalLabel={totalLabel} />
        </div>
        {codeProblem && <p className="field-error">{codeProblem}</p>}
        <p>
          <a href={`${site.basePath}/Cart`}>
            {code
              ? t({ id: "site.checkout.changeCode", defaultMessage: "Cambiar código de descuento" })
              : t({ id: "site.checkout.haveCode", defaultMessage: "¿Tienes un código de descuento?" })}
          </a>
        </p>
      </section>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      {actionData?.review && !errors.form && chosen.complete && (
        <p className="notice" role="status">
          {t(CHECKOUT_MESSAGES.review, { total })}
        </p>
      )}
      {step === "contact" && (
        <form method="post" className="checkout" data-once="">
          <input type="hidden" name="intent" value="contact" />
          <h2>{t({ id: "site.checkout.contact", defaultMessage: "Tus datos" })}</h2>
          <p className="muted">
            {t({ id: "site.checkout.contactNote", defaultMessage: "Guardamos tu contacto para ayudarte a terminar el pedido." })}
          </p>
          {contactFields}
          <p className="hint">
            {t({ id: "site.checkout.contactHint", defaultMessage: "Deja tu WhatsApp o tu correo: con uno basta." })}
          </p>
          <button type="submit" className="button">
            {continueLabel}
          </button>
        </form>
      )}
      {step === "delivery" && (
        <form method="get" action={checkoutPath} className="checkout">
          <input type="hidden" name="paso" value="datos" />
          <ContactSummary contact={contact} checkoutPath={checkoutPath} />
          <fieldset>
            <legend>{t({ id: "site.checkout.deliveryQuestion", defaultMessage: "¿Cómo quieres recibir tu pedido?" })}</legend>
            {methods.map((m) => (
              <label key={m.value} className="radio">
                <input type="radio" name="entrega" value={m.value} defaultChecked={delivery === m.value} required />
                {m.label}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button">
            {continueLabel}
          </button>
        </form>
      )}
      {step === "details" && delivery === "delivery" && postal && (
        // Zones by postal code (decision 0060): the code first, a GET answered with the zones it may choose.
        <form method="get" action={checkoutPath} className="checkout">
          <input type="hidden" name="paso" value="datos" />
          <input type="hidden" name="entrega" value="delivery" />
          <Labelled
            label={t({ id: "site.checkout.postalCode", defaultMessage: "Código postal" })}
            hint={t({ id: "site.checkout.postalExample", defaultMessage: "como {example}" }, { example: postal.example })}
            name="cp"
            error={errors.postalCode ?? postal.error ?? undefined}
          >
            <input
              name="cp"
              defaultValue={postal.typed}
              maxLength={POSTAL_CODE_INPUT_MAX}
              autoComplete="postal-code"
              required
              {...ariaInvalid("cp", errors.postalCode ?? postal.error ?? undefined)}
            />
          </Labelled>
          <button type="submit" className="button secondary">
            {postal.code
              ? t({ id: "site.checkout.changePostalCode", defaultMessage: "Cambiar código postal" })
              : t({ id: "site.checkout.seeZones", defaultMessage: "Ver zonas de envío" })}
          </button>
        </form>
      )}
      {step === "details" && (
        <form
          method="post"
          className="checkout"
          data-checkout=""
          data-once=""
          data-quotes={JSON.stringify(zonePending ? {} : quotes)}
        >
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          {lines.map((l) => (
            <input key={l.id} type="hidden" name="line" value={`${l.id}:${l.quantity}`} />
          ))}
          {code && <input type="hidden" name="discountCode" value={code} />}
          <input type="hidden" name="shownSubtotal" value={shown.subtotal} />
          <input type="hidden" name="shownDiscount" value={shown.discount} />
          {zones.map((z) => z.fee !== null && <input key={z.id} type="hidden" name={`fee-${z.id}`} value={z.fee} />)}
          {/* The chosen combination's amounts as shown; the page's script keeps them with the choice. */}
          <input type="hidden" name="shownFor" value={chosen.key} />
          <input type="hidden" name="shownAdjustment" value={chosen.quote?.adjustment ?? ""} />
          <input type="hidden" name="shownTotal" value={chosen.quote?.total ?? ""} />
          {contactShown ? (
            contactFields
          ) : (
            <>
              {CONTACT_FIELDS.map((f) => (
                <input key={f} type="hidden" name={f} value={values[f] ?? contact?.[f] ?? ""} />
              ))}
              <ContactSummary
                contact={
                  contact ?? {
                    buyerName: values.buyerName ?? "",
                    buyerPhone: values.buyerPhone ?? "",
                    buyerEmail: values.buyerEmail ?? "",
                  }
                }
                checkoutPath={checkoutPath}
              />
            </>
          )}
          <input type="hidden" name="delivery" value={delivery} />
          <p>
            {t({ id: "site.checkout.delivery", defaultMessage: "Entrega:" })} <strong>{chosenMethod?.label}</strong>
            {methods.length > 1 && (
              <>
                {" "}
                <a href={`${checkoutPath}?paso=entrega&entrega=${delivery}`}>{changeLabel}</a>
              </>
            )}
          </p>
          {groupError("delivery")}
          {hasPickup &&
            (points.length > 0 ? (
              <Labelled
                label={t({ id: "site.checkout.pickupPoint", defaultMessage: "Dónde retirar" })}
                {...labelled("pickupPoint")}
              >
                <select
                  {...field("pickupPoint")}
                  defaultValue={values.pickupPoint ?? (points.length === 1 ? String(points[0]?.id) : "")}
                >
                  {points.length > 1 && (
                    <option value="">{t({ id: "site.checkout.choosePoint", defaultMessage: "Elige un punto de retiro" })}</option>
                  )}
                  {points.map((pt) => (
                    <option key={pt.id} value={pt.id}>
                      {pt.label}
                    </option>
                  ))}
                </select>
              </Labelled>
            ) : (
              storeLocation && (
                <p className="hint">
                  {t(
                    { id: "site.checkout.storePickup", defaultMessage: "Retiro en tienda: {location}" },
                    { location: storeLocation },
                  )}
                </p>
              )
            ))}
          {hasDelivery && postal?.code && <input type="hidden" name="postalCode" value={postal.code} />}
          {hasDelivery && postal?.code && zones.length === 0 && (
            <p className="field-error">
              {uncoveredText(
                t,
                postal.code,
                methods.some((m) => m.value === "pickup"),
              )}
            </p>
          )}
          {hasDelivery && zones.length > 0 && (
            <Labelled label={t({ id: "site.checkout.zone", defaultMessage: "Zona de envío" })} {...labelled("zone")}>
              <select {...field("zone")} defaultValue={values.zone ?? ""}>
                <option value="">{t({ id: "site.checkout.chooseZone", defaultMessage: "Elige tu zona" })}</option>
                {zones.map((z) => (
                  <option key={z.id} value={z.id} disabled={z.fee === null}>
                    {z.label}
                  </option>
                ))}
              </select>
            </Labelled>
          )}
          {hasDelivery && (
            <Labelled label={t({ id: "site.checkout.address", defaultMessage: "Dirección de entrega" })} {...labelled("address")}>
              <textarea rows={2} maxLength={200} autoComplete="street-address" {...field("address")} />
            </Labelled>
          )}
          <Labelled
            label={t({ id: "site.checkout.note", defaultMessage: "Nota para la tienda" })}
            hint={optional}
            {...labelled("note")}
          >
            <textarea rows={2} maxLength={500} {...field("note")} />
          </Labelled>
          {/* A store that only takes payment on delivery, as it is arranged, asks nothing. */}
          {(payments.length > 1 || payment !== "on_delivery") && (
            <fieldset {...described("payment")}>
              <legend>{t({ id: "site.checkout.payment", defaultMessage: "Pago" })}</legend>
              {payments.map((p) => (
                <label className="radio" key={p.value}>
                  <input type="radio" name="payment" value={p.value} defaultChecked={p.value === payment} />
                  {p.label}
                </label>
              ))}
              {groupError("payment")}
            </fieldset>
          )}
          <p className="total" data-pay-total="">
            {chosen.complete ? t({ id: "site.checkout.totalToPay", defaultMessage: "Total a pagar" }) : totalWithoutShipping}:{" "}
            <strong>{total}</strong>
          </p>
          {totalVaries && (
            <p className="hint">
              {t({
                id: "site.checkout.totalVaries",
                defaultMessage:
                  "El total depende de la entrega y la forma de pago: siempre lo ves antes de que guardemos tu pedido.",
              })}
            </p>
          )}
          {hasWhatsapp ? (
            <>
              {/* Paid online, the order goes on to Mercado Pago, not to WhatsApp: the button does not promise it. */}
              <button type="submit" className={takesOnline ? "button" : "button whatsapp"}>
                {takesOnline
                  ? payments.length === 1
                    ? t({ id: "site.checkout.continueToPay", defaultMessage: "Continuar al pago" })
                    : t({ id: "site.checkout.confirm", defaultMessage: "Confirmar pedido" })
                  : t({ id: "site.checkout.sendByWhatsapp", defaultMessage: "Enviar pedido por WhatsApp" })}
              </button>
              <p className="muted">
                {t({
                  id: "site.checkout.whatsappNote",
                  defaultMessage: "Guardamos tu pedido y abrimos WhatsApp con el mensaje listo para la tienda.",
                })}
                {offers("transfer") &&
                  t({
                    id: "site.checkout.transferNote",
                    defaultMessage: " Si pagas por transferencia, antes te mostramos los datos para transferir.",
                  })}
                {takesOnline &&
                  t({ id: "site.checkout.onlineNote", defaultMessage: " Si eliges pagar en línea, te llevamos a Mercado Pago." })}
              </p>
            </>
          ) : (
            <>
              <button type="submit" className="button">
                {t({ id: "site.checkout.send", defaultMessage: "Enviar pedido" })}
              </button>
              <p className="muted">
                {t({
                  id: "site.checkout.phoneNote",
                  defaultMessage: "Guardamos tu pedido y avisamos a la tienda, que te contactará a tu teléfono.",
                })}
              </p>
            </>
          )}
        </form>
      )}
    </SiteShell>
  );
}

/** The contact saved in the first step, with the way back to change it. */
function ContactSummary({ contact, checkoutPath }: { contact: CheckoutPageData["contact"]; checkoutPath: string }) {
  const t = useT();
  if (!contact) return null;
  const reach = [contact.buyerPhone, contact.buyerEmail].filter(Boolean).join(" · ");
  return (
    <p>
      {contact.buyerName}
      {reach && ` · ${reach}`} <a href={checkoutPath}>{t({ id: "site.checkout.change", defaultMessage: "Cambiar" })}</a>
    </p>
  );
}
