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
import { CUSTOMER_ORDERS } from "~/domain/customers";
import { storeTranslator } from "~/domain/message-catalogs";
import { formatMoney } from "~/domain/money";
import { displayPhone } from "~/domain/phone";
import { formatSaleDate } from "~/domain/sales";
import { sourceLabel } from "~/domain/visits";
import { buyerWhatsappNumber } from "~/domain/whatsapp";
import { failure, fieldErrors, parseForm } from "~/http/action-result";
import { deleteCheckout, restoreUrl, saveSettings, settingsOf } from "~/orders/abandoned-carts.server";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { CheckboxChoice, FormError, SelectField } from "~/ui/form";
import { useT } from "~/ui/messages";
import { notice } from "~/ui/notice";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { abandonedCartsReads } from "../page-reads.server";
import type { Route } from "./+types/abandoned-carts";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "sales.pageTitle.carts", defaultMessage: "Carritos abandonados" }), matches) }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { clock, config } = getServices(context);
  const now = clock.now();
  const [[settingsRow], rows, [recovered]] = await readPage(context, abandonedCartsReads, { request, params });
  const settings = settingsOf(settingsRow);
  const t = merchantT(context);
  const money = (minor: number, currency = store.currency) => formatMoney(minor, currency, store.country);
  const view = (r: (typeof rows)[number]) => ({
    id: r.id,
    name: r.buyerName,
    phone: r.buyerPhone ? (displayPhoneOf(r.buyerPhone, store) ?? r.buyerPhone) : null,
    email: r.buyerEmail,
    products: readSavedLines(r.lines).map((l) => `${l.name} x ${l.quantity}`),
    total: money(r.total, r.currency),
    when: formatSaleDate(r.updatedAt, store.timeZone),
    source: sourceLabel(r.source ?? "direct", t),
    emailed: r.emailedAt !== null,
  });
  // The buyer reads the message in the store's words.
  const storeT = storeTranslator(store);
  const abandoned = rows
    .filter((r) => r.saleId === null && isAbandoned(r.updatedAt, now, settings.afterMinutes))
    .map((r) => {
      const link = restoreUrl(config, store, r.restoreToken);
      const text = recoveryMessage({ buyerName: r.buyerName, storeName: store.name, link }, storeT);
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
  const t = merchantT(context);
  const fields = Object.fromEntries(await request.formData());
  const path = `/Store/${store.id}/carritos`;
  if (fields.intent === "delete") {
    const parsed = deleteSchema.safeParse(fields);
    if (!parsed.success || !(await deleteCheckout(services.db, store.id, parsed.data.id)))
      return failure(
        { form: t({ id: "sales.carts.refusal.gone", defaultMessage: "Ese carrito ya no está" }) },
        { intent: "delete", status: 404 },
      );
    return redirectWithNotice(
      services.config,
      path,
      notice(
        t({ id: "sales.carts.notice.deleted", defaultMessage: "Carrito borrado" }),
        t({ id: "sales.carts.notice.deletedDetail", defaultMessage: "Borramos el carrito y el contacto del comprador." }),
      ),
    );
  }
  const parsed = parseForm(abandonedCartSettingsSchema(t), fields, t);
  if (!parsed.success) return failure(fieldErrors(parsed.error), { intent: "settings" });
  await saveSettings(services.db, actingUser(context), store.id, parsed.data, services.clock.now());
  return redirectWithNotice(
    services.config,
    path,
    notice(t({ id: "sales.carts.notice.saved", defaultMessage: "Configuración guardada" }), t(ABANDONED_CART_MESSAGES.saved)),
  );
}

export default function AbandonedCarts({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, abandoned, recovered, recoveredSummary } = loaderData;
  const errors = actionData?.errors ?? {};
  const t = useT();
  return (
    <section className="panel wide abandoned-carts" aria-labelledby="carts-title">
      <h2 id="carts-title">{t({ id: "sales.carts.title", defaultMessage: "Carritos abandonados" })}</h2>
      <p className="muted">
        {t(
          {
            id: "sales.carts.intro",
            defaultMessage:
              "Compradores que dejaron su contacto al hacer el pedido y no lo terminaron en {after}. Se ven durante 30 días. Escríbeles con el enlace que recupera su carrito tal como lo dejaron.",
          },
          { after: afterLabel(settings.afterMinutes, t) },
        )}
      </p>
      <p>
        {t({ id: "sales.carts.recoveredSummary", defaultMessage: "Recuperados en los últimos 30 días:" })}{" "}
        <strong>
          {t(CUSTOMER_ORDERS, { count: recoveredSummary.orders })} · {recoveredSummary.revenue}
        </strong>
      </p>
      {answerError(actionData, "delete") && <FormError message={errors.form} />}
      {abandoned.length === 0 ? (
        <p className="muted">{t({ id: "sales.carts.empty", defaultMessage: "Todavía no hay carritos abandonados." })}</p>
      ) : (
        <ul className="customer-list" aria-label={t({ id: "sales.carts.abandoned", defaultMessage: "Carritos sin terminar" })}>
          {abandoned.map((c) => (
            <li key={c.id} aria-label={c.name}>
              <p>
                <strong>{c.name}</strong> · {c.when} · {c.source}
              </p>
              <p className="muted">{[c.phone, c.email].filter(Boolean).join(" · ")}</p>
              <p>
                {c.products.join(", ")} · <strong>{c.total}</strong>
              </p>
              {c.emailed && (
                <p className="muted">{t({ id: "sales.carts.emailed", defaultMessage: "Le enviamos el correo recordatorio." })}</p>
              )}
              <div className="actions">
                {c.chatUrl ? (
                  <a className="button" href={c.chatUrl} target="_blank" rel="noreferrer">
                    {t({ id: "sales.carts.whatsapp", defaultMessage: "Escribir por WhatsApp" })}
                  </a>
                ) : (
                  <span className="muted">{t({ id: "sales.carts.noWhatsapp", defaultMessage: "Sin WhatsApp válido" })}</span>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={c.id} />
                  <button type="submit" className="button secondary">
                    {t({ id: "sales.carts.delete", defaultMessage: "Borrar" })}
                  </button>
                </Form>
              </div>
              <p className="muted">
                {t({ id: "sales.carts.link", defaultMessage: "Enlace para recuperar el carrito: {link}" }, { link: c.link })}
              </p>
            </li>
          ))}
        </ul>
      )}
      {recovered.length > 0 && (
        <>
          <h3>{t({ id: "sales.carts.recovered", defaultMessage: "Recuperados" })}</h3>
          <ul
            className="customer-list"
            aria-label={t({ id: "sales.carts.recoveredLabel", defaultMessage: "Carritos recuperados" })}
          >
            {recovered.map((c) => (
              <li key={c.id}>
                <strong>{c.name}</strong> ·{" "}
                {t({ id: "sales.carts.recoveredOrder", defaultMessage: "Pedido {code}" }, { code: c.saleId })} · {c.saleTotal}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>{t({ id: "sales.carts.settings", defaultMessage: "Configuración" })}</h3>
      <Form method="post" className="form">
        <input type="hidden" name="intent" value="settings" />
        <SelectField
          label={t({ id: "sales.carts.after", defaultMessage: "Ver un carrito como abandonado después de" })}
          name="afterMinutes"
          defaultValue={String(settings.afterMinutes)}
          error={errors.afterMinutes}
          options={ABANDONED_AFTER_CHOICES.map((m) => ({ value: String(m), label: afterLabel(m, t) }))}
        />
        <CheckboxChoice
          id="emailOn"
          name="emailOn"
          label={t({ id: "sales.carts.emailOn", defaultMessage: "Enviar un correo recordatorio" })}
          hint={t({
            id: "sales.carts.emailOnHint",
            defaultMessage: "Una sola vez, a quien dejó su correo, con el enlace a su carrito y la opción de no recibir más.",
          })}
          defaultChecked={settings.emailOn}
        />
        <SelectField
          label={t({ id: "sales.carts.emailHours", defaultMessage: "Enviar el correo después de" })}
          name="emailHours"
          defaultValue={String(settings.emailHours)}
          error={errors.emailHours}
          options={REMINDER_HOURS_CHOICES.map((h) => ({ value: String(h), label: hoursLabel(h, t) }))}
        />
        <button type="submit" className="button">
          {t({ id: "sales.carts.save", defaultMessage: "Guardar" })}
        </button>
      </Form>
    </section>
  );
}

function answerError(actionData: { intent?: string } | undefined, intent: string): boolean {
  return actionData?.intent === intent;
}
