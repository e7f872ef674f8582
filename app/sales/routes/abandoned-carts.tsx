// 'Carritos abandonados': checkouts where the buyer left their contact and no order came within the store's delay,
// for 30 days, each with a WhatsApp message carrying the link that restores that cart; the orders they became
// ('Recuperados'); and the store's settings (the delay, the one reminder email and when it goes).
import { Form } from "react-router";
import { z } from "zod";
import {
  ABANDONED_AFTER_CHOICES,
  ABANDONED_CART_MESSAGES,
  abandonedCartSettingsSchema,
  afterLabel,
  hoursLabel,
  isAbandoned,
  REMINDER_HOURS_CHOICES,
  readSavedLines,
  recoveryChatUrl,
  recoveryMessage,
} from "~/domain/abandoned-carts";
import { storeCountry } from "~/domain/countries";
import { formatMoney } from "~/domain/money";
import { displayPhone } from "~/domain/phone";
import { formatSaleDate, safeTimeZone } from "~/domain/sales";
import { addDays, localDay } from "~/domain/statistics";
import { sourceLabel } from "~/domain/visits";
import { buyerWhatsappNumber } from "~/domain/whatsapp";
import { failure, fieldErrors } from "~/http/action-result";
import {
  deleteCheckout,
  recoveredOrdersQuery,
  restoreUrl,
  saveSettings,
  settingsOf,
  settingsQuery,
  storeCheckoutsQuery,
} from "~/orders/abandoned-carts.server";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { CheckboxChoice, FormError, SelectField } from "~/ui/form";
import { notice } from "~/ui/notice";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { storePageTitle } from "~/workspace/page-titles";
import type { Route } from "./+types/abandoned-carts";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: storePageTitle("Carritos abandonados", matches) }];

export async function loader({ context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { db, clock, config } = getServices(context);
  const now = clock.now();
  const today = localDay(now.getTime(), safeTimeZone(store.timeZone));
  const [[settingsRow], rows, [recovered]] = await db.batch([
    settingsQuery(db, store.id),
    storeCheckoutsQuery(db, store.id, now),
    recoveredOrdersQuery(db, store.id, addDays(today, -29), today),
  ]);
  const settings = settingsOf(settingsRow);
  const money = (minor: number, currency = store.currency) => formatMoney(minor, currency, store.country);
  const view = (r: (typeof rows)[number]) => ({
    id: r.id,
    name: r.buyerName,
    phone: r.buyerPhone ? (displayPhoneOf(r.buyerPhone, store) ?? r.buyerPhone) : null,
    email: r.buyerEmail,
    products: readSavedLines(r.lines).map((l) => `${l.name} x ${l.quantity}`),
    total: money(r.total, r.currency),
    when: formatSaleDate(r.updatedAt, store.timeZone),
    source: sourceLabel(r.source ?? "direct"),
    emailed: r.emailedAt !== null,
  });
  const abandoned = rows
    .filter((r) => r.saleId === null && isAbandoned(r.updatedAt, now, settings.afterMinutes))
    .map((r) => {
      const link = restoreUrl(config, store, r.restoreToken);
      const text = recoveryMessage({ buyerName: r.buyerName, storeName: store.name, link });
      return { ...view(r), chatUrl: recoveryChatUrl(r.buyerPhone, storeCountry(store), text), link };
    });
  const recoveredRows = rows
    .filter((r) => r.saleId !== null && r.recovered)
    .map((r) => ({ ...view(r), saleId: r.saleId as string, saleTotal: money(r.saleTotal ?? 0) }));
  return {
    storeId: store.id,
    settings,
    abandoned,
    recovered: recoveredRows,
    recoveredSummary: { orders: recovered?.orders ?? 0, revenue: money(recovered?.revenue ?? 0) },
  };
}

/** A buyer's number as the merchant reads it: international, or null when it is no valid number. */
function displayPhoneOf(typed: string, store: { country: string; timeZone: string }): string | null {
  const digits = buyerWhatsappNumber(typed, storeCountry(store));
  return digits ? displayPhone(digits) : null;
}

const deleteSchema = z.object({ intent: z.literal("delete"), id: z.string().regex(/^[A-Za-z0-9_-]{24}$/) });

export async function action({ request, context }: Route.ActionArgs) {
  const store = context.get(ownedStoreContext);
  const services = getServices(context);
  const fields = Object.fromEntries(await request.formData());
  const path = `/Store/${store.id}/carritos`;
  if (fields.intent === "delete") {
    const parsed = deleteSchema.safeParse(fields);
    if (!parsed.success || !(await deleteCheckout(services.db, store.id, parsed.data.id)))
      return failure({ form: "Ese carrito ya no está" }, { intent: "delete", status: 404 });
    return redirectWithNotice(
      services.config,
      path,
      notice("Carrito borrado", "Borramos el carrito y el contacto del comprador."),
    );
  }
  const t = merchantT(context);
  const parsed = abandonedCartSettingsSchema(t).safeParse(fields);
  if (!parsed.success) return failure(fieldErrors(parsed.error), { intent: "settings" });
  await saveSettings(services.db, actingUser(context), store.id, parsed.data, services.clock.now());
  return redirectWithNotice(services.config, path, notice("Configuración guardada", t(ABANDONED_CART_MESSAGES.saved)));
}

export default function AbandonedCarts({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, abandoned, recovered, recoveredSummary } = loaderData;
  const errors = actionData?.errors ?? {};
  return (
    <section className="panel wide abandoned-carts" aria-labelledby="carts-title">
      <h2 id="carts-title">Carritos abandonados</h2>
      <p className="muted">
        Compradores que dejaron su contacto al hacer el pedido y no lo terminaron en {afterLabel(settings.afterMinutes)}. Se ven
        durante 30 días. Escríbeles con el enlace que recupera su carrito tal como lo dejaron.
      </p>
      <p>
        Recuperados en los últimos 30 días:{" "}
        <strong>
          {recoveredSummary.orders === 1 ? "1 pedido" : `${recoveredSummary.orders} pedidos`} · {recoveredSummary.revenue}
        </strong>
      </p>
      {answerError(actionData, "delete") && <FormError message={errors.form} />}
      {abandoned.length === 0 ? (
        <p className="muted">Todavía no hay carritos abandonados.</p>
      ) : (
        <ul className="customer-list" aria-label="Carritos sin terminar">
          {abandoned.map((c) => (
            <li key={c.id} aria-label={c.name}>
              <p>
                <strong>{c.name}</strong> · {c.when} · {c.source}
              </p>
              <p className="muted">{[c.phone, c.email].filter(Boolean).join(" · ")}</p>
              <p>
                {c.products.join(", ")} · <strong>{c.total}</strong>
              </p>
              {c.emailed && <p className="muted">Le enviamos el correo recordatorio.</p>}
              <div className="actions">
                {c.chatUrl ? (
                  <a className="button" href={c.chatUrl} target="_blank" rel="noreferrer">
                    Escribir por WhatsApp
                  </a>
                ) : (
                  <span className="muted">Sin WhatsApp válido</span>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={c.id} />
                  <button type="submit" className="button secondary">
                    Borrar
                  </button>
                </Form>
              </div>
              <p className="muted">Enlace para recuperar el carrito: {c.link}</p>
            </li>
          ))}
        </ul>
      )}
      {recovered.length > 0 && (
        <>
          <h3>Recuperados</h3>
          <ul className="customer-list" aria-label="Carritos recuperados">
            {recovered.map((c) => (
              <li key={c.id}>
                <strong>{c.name}</strong> · Pedido {c.saleId} · {c.saleTotal}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>Configuración</h3>
      <Form method="post" className="form">
        <input type="hidden" name="intent" value="settings" />
        <SelectField
          label="Ver un carrito como abandonado después de"
          name="afterMinutes"
          defaultValue={String(settings.afterMinutes)}
          error={errors.afterMinutes}
          options={ABANDONED_AFTER_CHOICES.map((m) => ({ value: String(m), label: afterLabel(m) }))}
        />
        <CheckboxChoice
          id="emailOn"
          name="emailOn"
          label="Enviar un correo recordatorio"
          hint="Una sola vez, a quien dejó su correo, con el enlace a su carrito y la opción de no recibir más."
          defaultChecked={settings.emailOn}
        />
        <SelectField
          label="Enviar el correo después de"
          name="emailHours"
          defaultValue={String(settings.emailHours)}
          error={errors.emailHours}
          options={REMINDER_HOURS_CHOICES.map((h) => ({ value: String(h), label: hoursLabel(h) }))}
        />
        <button type="submit" className="button">
          Guardar
        </button>
      </Form>
    </section>
  );
}

function answerError(actionData: { intent?: string } | undefined, intent: string): boolean {
  return actionData?.intent === intent;
}
