import { data } from "react-router";
import { storeCountry } from "~/domain/countries";
import {
  CONSUMER_DEFENSE_TEXT,
  CONSUMER_DEFENSE_URL,
  WITHDRAWAL_DAYS,
  WITHDRAWAL_PATH,
  withdrawalForm,
} from "~/domain/withdrawals";
import { fieldErrors, parseForm } from "~/http/action-result";
import { notFound } from "~/http/responses";
import { requestWithdrawal, withdrawalQueries } from "~/orders/withdrawals.server";
import type { RouteHandle } from "~/root";
import { clientIpContext } from "~/services/services";
import { ariaInvalid } from "~/ui/form";
import { useT } from "~/ui/messages";
import { siteHeaders } from "../headers";
import { metaT, siteMeta } from "../seo";
import { SiteShell } from "../shell";
import { loadSitePage } from "../site.server";
import type { Route } from "./+types/withdrawal";

export const handle: RouteHandle = { hydrate: false };
export const headers = siteHeaders;

/** Only stores in Argentina have the page; elsewhere it is not found. */
function argentinaOnly(store: { country: string; timeZone: string }) {
  if (storeCountry(store) !== "AR") notFound();
}

export async function loader(args: Route.LoaderArgs) {
  const p = await loadSitePage(args, () => []);
  argentinaOnly(p.store);
  return data({ site: p.site }, { headers: p.cache });
}

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The buyer's request: the order's code and the email or phone they gave in it, read with the order, its request and
 * the guess counters in the page's one batch; then one write (the request, or the failed try).
 */
export async function action(args: Route.ActionArgs) {
  const form = Object.fromEntries(await args.request.formData());
  const values = { code: String(form.code ?? "").slice(0, 40), contact: String(form.contact ?? "").slice(0, 254) };
  const ip = args.context.get(clientIpContext);
  // The code is read before the store's batch (its order is in it); its refusals wait for the store's voice.
  const code = String(form.code ?? "").replace(/[\s#-]/g, "");
  const p = await loadSitePage(args, (storeId, db) => withdrawalQueries(db, storeId, code || "-", ip));
  argentinaOnly(p.store);
  const parsed = parseForm(withdrawalForm(p.t), form, p.t);
  if (!parsed.success) return refused(fieldErrors(parsed.error), values, 400);
  const outcome = await requestWithdrawal(p.services, p.store, parsed.data, p.page, ip, p.t);
  if (outcome.ok) return data({ ...outcome, values }, { headers: NO_STORE });
  return refused({ form: outcome.message }, values, outcome.status, outcome.retryAfterMinutes);
}

function refused(
  errors: Record<string, string>,
  values: { code: string; contact: string },
  status: number,
  retryMinutes?: number,
) {
  const headers = new Headers(NO_STORE);
  if (retryMinutes) headers.set("Retry-After", String(retryMinutes * 60));
  return data({ ok: false as const, errors, values }, { status, headers });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const site = loaderData?.site;
  const t = metaT(site);
  return siteMeta(site, {
    title: t(
      { id: "site.withdrawal.pageTitle", defaultMessage: "Botón de arrepentimiento | {store}" },
      { store: site?.name ?? "" },
    ),
    path: WITHDRAWAL_PATH,
    noindex: true,
  });
}

/** A plain form that works without JavaScript; the answer comes back in the same page. */
export default function Withdrawal({ loaderData, actionData }: Route.ComponentProps) {
  const { site } = loaderData;
  const answer = actionData;
  const t = useT();
  return (
    <SiteShell site={site}>
      <article className="policy withdrawal">
        <h1>{t({ id: "site.withdrawal.title", defaultMessage: "Botón de arrepentimiento" })}</h1>
        {answer?.ok ? (
          <div className="withdrawal-done" role="status">
            <h2>
              {answer.again
                ? t({ id: "site.withdrawal.again", defaultMessage: "Ya habías pedido cancelar este pedido" })
                : t({ id: "site.withdrawal.received", defaultMessage: "Recibimos tu solicitud" })}
            </h2>
            <p>
              {t({ id: "site.withdrawal.number", defaultMessage: "Número de solicitud:" })}{" "}
              <strong data-request-number="">{answer.requestId}</strong>
            </p>
            <p>
              {t(
                {
                  id: "site.withdrawal.done",
                  defaultMessage:
                    "Pediste cancelar el pedido {order} el {date}. {store} ya fue avisada y te escribirá para confirmar la cancelación y, si ya pagaste, la devolución del dinero.",
                },
                { order: answer.saleId, date: answer.date, store: site.name },
              )}
              {answer.emailed &&
                t({ id: "site.withdrawal.emailed", defaultMessage: " También te enviamos este número por correo." })}
            </p>
          </div>
        ) : (
          <>
            <p>
              {t(
                {
                  id: "site.withdrawal.intro",
                  defaultMessage:
                    "Puedes cancelar una compra hecha en esta tienda dentro de los {days} días de hecho el pedido, sin dar motivos. Escribe el código de tu pedido (está en el mensaje o el correo de tu pedido) y el correo o el teléfono que diste al hacerlo.",
                },
                { days: WITHDRAWAL_DAYS },
              )}
            </p>
            {answer?.errors.form && (
              <p className="form-error" role="alert">
                {answer.errors.form}
              </p>
            )}
            <form method="post" className="withdrawal-form" noValidate>
              <p className="field">
                <label htmlFor="w-code">{t({ id: "site.withdrawal.code", defaultMessage: "Código del pedido" })}</label>
                <input
                  id="w-code"
                  name="code"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={40}
                  required
                  defaultValue={answer?.values.code}
                  {...ariaInvalid("w-code", answer?.errors.code)}
                />
                {answer?.errors.code && (
                  <span className="field-error" id="w-code-error">
                    {answer.errors.code}
                  </span>
                )}
              </p>
              <p className="field">
                <label htmlFor="w-contact">
                  {t({ id: "site.withdrawal.contact", defaultMessage: "Correo o teléfono del pedido" })}
                </label>
                <input
                  id="w-contact"
                  name="contact"
                  autoComplete="email"
                  maxLength={254}
                  required
                  defaultValue={answer?.values.contact}
                  {...ariaInvalid("w-contact", answer?.errors.contact)}
                />
                {answer?.errors.contact && (
                  <span className="field-error" id="w-contact-error">
                    {answer.errors.contact}
                  </span>
                )}
              </p>
              <button type="submit" className="button">
                {t({ id: "site.withdrawal.submit", defaultMessage: "Pedir la cancelación" })}
              </button>
            </form>
          </>
        )}
        <p className="muted footer-consumer">
          <a href={CONSUMER_DEFENSE_URL} rel="noopener">
            {CONSUMER_DEFENSE_TEXT}
          </a>
        </p>
      </article>
    </SiteShell>
  );
}
