// 'Dominio propio': the store on the merchant's own hostname (docs/decisions/0061-custom-domains.md). The merchant
// types it, the page shows the records to add at the registrar (each with 'Copiar') and how it is going, asked of the
// provider on each visit and by the minute upkeep; removing it returns the store to its subdomain.
import { Form } from "react-router";
import { z } from "zod";
import {
  HOSTNAME_FAILURES,
  HOSTNAME_REFUSALS,
  HOSTNAME_STATE_TEXT,
  type HostnameFailure,
  isApexHostname,
  planHasCustomDomain,
} from "~/domain/hostnames";
import { defineMessages, type MessageDescriptor, type Translate } from "~/domain/messages";
import { failure, fieldErrors, isFailure, parseForm } from "~/http/action-result";
import { publicStoreUrl } from "~/services/config";
import { getServices } from "~/services/services";
import { CopyField } from "~/ui/copy-field";
import { redirectWithNotice } from "~/ui/flash.server";
import { Field, FormError } from "~/ui/form";
import { useT } from "~/ui/messages";
import { notice } from "~/ui/notice";
import { actingUser } from "~/workspace/activity.server";
import { merchantContext, ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { addHostname, checkHostname, findHostname, HostnameError, removeHostname, simulateDnsReady } from "../hostnames.server";
import { customDomainReads } from "../page-reads.server";
import type { Route } from "./+types/custom-domain";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "domains.pageTitle.title", defaultMessage: "Dominio propio" }), matches) }];
};

export const customDomainPath = (storeId: string) => `/Store/${storeId}/dominio`;

/** Asked of the provider on a visit at most this often (the upkeep asks too). */
const PAGE_CHECK_MS = 20_000;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const t = merchantT(context);
  const store = context.get(ownedStoreContext);
  const merchant = context.get(merchantContext);
  const [[found]] = await readPage(context, customDomainReads, { request, params });
  let row = found ?? null;
  let unreachable = false;
  const settled = row?.state === "active" || row?.state === "failed";
  if (row && !settled && services.customHostnames) {
    const last = row.checkedAt?.getTime() ?? 0;
    if (services.clock.now().getTime() - last >= PAGE_CHECK_MS) {
      try {
        row = await checkHostname(services, row);
      } catch (error) {
        if (!(error instanceof HostnameError)) throw error;
        unreachable = true;
      }
    }
  }
  const allowed = planHasCustomDomain(merchant.plan);
  return {
    storeId: store.id,
    allowed,
    available: services.customHostnames !== null,
    standIn: services.config.devTools && services.customHostnames?.name === "stand-in",
    target: services.config.customHostnameTarget,
    subdomainUrl: publicStoreUrl(services.config, store.url),
    // Said here, with the refusals: the page's catalog does not carry them.
    plan: allowed ? null : t(HOSTNAME_REFUSALS.plan),
    unreachable: unreachable ? t(HOSTNAME_REFUSALS.unavailable) : null,
    hostname: row
      ? {
          name: row.hostname,
          state: row.state,
          label: t(HOSTNAME_STATE_TEXT[row.state].label),
          hint: t((row.failure && HOSTNAME_FAILURES[row.failure as HostnameFailure]) || HOSTNAME_STATE_TEXT[row.state].hint),
          apex: isApexHostname(row.hostname),
          txt: row.txtName && row.txtValue ? { name: row.txtName, value: row.txtValue } : null,
          url: publicStoreUrl(services.config, { url: store.url, customHost: row.hostname }),
        }
      : null,
  };
}

const addFormOf = (t: Translate) => {
  const invalid = t(HOSTNAME_REFUSALS.invalid);
  return z.object({ hostname: z.string().trim().min(1, invalid).max(253, invalid) });
};
const intents = z.enum(["add", "check", "remove", "simulate"]);

const DONE_TEXT = defineMessages({
  added: { id: "domains.notice.added", defaultMessage: "Dominio agregado" },
  addedDetail: {
    id: "domains.notice.addedDetail",
    defaultMessage: "Agrega los registros DNS que te mostramos en el sitio donde compraste el dominio.",
  },
  checked: { id: "domains.notice.checked", defaultMessage: "Estado actualizado" },
  checkedDetail: { id: "domains.notice.checkedDetail", defaultMessage: "Te mostramos lo último que sabemos de tu dominio." },
  removed: { id: "domains.notice.removed", defaultMessage: "Dominio quitado" },
  removedDetail: { id: "domains.notice.removedDetail", defaultMessage: "Tu tienda vuelve a su dirección de siempre." },
  simulated: { id: "domains.notice.simulated", defaultMessage: "DNS simulado" },
  simulatedDetail: { id: "domains.notice.simulatedDetail", defaultMessage: "El proveedor de prueba avanzó tu dominio un paso." },
});

const DONE: Record<"add" | "check" | "remove" | "simulate", [MessageDescriptor, MessageDescriptor]> = {
  add: [DONE_TEXT.added, DONE_TEXT.addedDetail],
  check: [DONE_TEXT.checked, DONE_TEXT.checkedDetail],
  remove: [DONE_TEXT.removed, DONE_TEXT.removedDetail],
  simulate: [DONE_TEXT.simulated, DONE_TEXT.simulatedDetail],
};

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const merchant = context.get(merchantContext);
  const t = merchantT(context);
  const fields = Object.fromEntries(await request.formData()) as Record<string, string>;
  const intent = intents.safeParse(fields.intent);
  if (!intent.success) return failure({ form: t({ id: "domains.refusal.chooseIntent", defaultMessage: "Elige qué hacer" }) });
  const values = { hostname: fields.hostname ?? "" };
  try {
    if (intent.data === "add") {
      if (!planHasCustomDomain(merchant.plan))
        return failure({ form: t(HOSTNAME_REFUSALS.plan) }, { intent: "add", status: 403 });
      const parsed = parseForm(addFormOf(t), fields, t);
      if (!parsed.success) return failure(fieldErrors(parsed.error), { intent: "add", values });
      await addHostname(services, actingUser(context), store.id, parsed.data.hostname);
    } else if (intent.data === "remove") {
      await removeHostname(services, actingUser(context), store.id);
    } else {
      const row = await findHostname(services.db, store.id);
      if (!row)
        return failure(
          { form: t({ id: "domains.refusal.noDomain", defaultMessage: "Tu tienda no tiene un dominio propio" }) },
          { intent: intent.data, status: 404 },
        );
      if (intent.data === "check") await checkHostname(services, row);
      else if (!(await simulateDnsReady(services, store.id)))
        return failure(
          { form: t({ id: "domains.refusal.localOnly", defaultMessage: "Solo en pruebas locales" }) },
          { status: 404 },
        );
    }
  } catch (error) {
    if (!(error instanceof HostnameError)) throw error;
    return failure({ [error.field]: t(error.text) }, { intent: intent.data, values, status: error.status });
  }
  const [title, description] = DONE[intent.data];
  return redirectWithNotice(services.config, customDomainPath(store.id), notice(t(title), t(description)));
}

export default function CustomDomain({ loaderData: p, actionData }: Route.ComponentProps) {
  const errors = isFailure(actionData) ? actionData.errors : {};
  const host = p.hostname;
  const t = useT();
  const hostLabel = t({ id: "domains.dns.host", defaultMessage: "Nombre (host)" });
  return (
    <section className="panel wide" aria-labelledby="domain-title">
      <h2 id="domain-title">{t({ id: "domains.page.title", defaultMessage: "Dominio propio" })}</h2>
      <p className="muted">
        {t(
          {
            id: "domains.page.intro",
            defaultMessage:
              "Tu tienda puede estar en tu propio dominio, como www.mitienda.com, en lugar de {url}. Los enlaces, el código QR, el catálogo y los correos pasan a usarlo; la dirección de siempre lleva a él.",
          },
          { url: p.subdomainUrl },
        )}
      </p>
      <FormError message={errors.form} />
      {!p.allowed ? (
        <p>
          {p.plan}. <a href="/plans">{t({ id: "domains.page.plans", defaultMessage: "Ver planes" })}</a>
        </p>
      ) : !p.available ? (
        <p className="muted">
          {t({
            id: "domains.page.unavailable",
            defaultMessage: "El dominio propio todavía no está disponible en esta instalación.",
          })}
        </p>
      ) : host ? (
        <>
          <p>
            <strong>{host.name}</strong>: <span role="status">{host.label}</span>
          </p>
          <p className="muted">{host.hint}</p>
          {p.unreachable && <p className="muted">{p.unreachable}</p>}
          {host.state === "active" ? (
            <p>
              <a href={host.url} target="_blank" rel="noreferrer">
                {host.url}
              </a>
            </p>
          ) : (
            <>
              <h3>{t({ id: "domains.dns.title", defaultMessage: "Qué agregar en tu proveedor de dominio" })}</h3>
              <p className="muted">
                {t({
                  id: "domains.dns.where",
                  defaultMessage:
                    "En el sitio donde compraste el dominio (NIC Argentina, GoDaddy, DonWeb…), busca «DNS» y agrega:",
                })}
              </p>
              <p>{t({ id: "domains.dns.cname", defaultMessage: "Un registro CNAME:" })}</p>
              <CopyField id="dns-cname-name" label={hostLabel} value={host.name} />
              <CopyField
                id="dns-cname-target"
                label={t({ id: "domains.dns.target", defaultMessage: "Apunta a (destino)" })}
                value={p.target}
              />
              {host.apex && (
                <p className="muted">
                  {t(
                    {
                      id: "domains.dns.apex",
                      defaultMessage:
                        "{host} es un dominio raíz: muchos proveedores no aceptan un CNAME ahí. Si el tuyo ofrece «CNAME flattening» o ALIAS, úsalo con el mismo destino; si no, quita este dominio y usa www.{host}.",
                    },
                    { host: host.name },
                  )}
                </p>
              )}
              {host.txt && (
                <>
                  <p>{t({ id: "domains.dns.txt", defaultMessage: "Y un registro TXT, que prueba que el dominio es tuyo:" })}</p>
                  <CopyField id="dns-txt-name" label={hostLabel} value={host.txt.name} />
                  <CopyField
                    id="dns-txt-value"
                    label={t({ id: "domains.dns.value", defaultMessage: "Valor" })}
                    value={host.txt.value}
                  />
                </>
              )}
              <Form method="post" className="actions">
                <button type="submit" name="intent" value="check" className="button secondary">
                  {t({ id: "domains.page.check", defaultMessage: "Comprobar ahora" })}
                </button>
                {p.standIn && (
                  <button type="submit" name="intent" value="simulate" className="button secondary">
                    {t({ id: "domains.page.simulate", defaultMessage: "Simular DNS listo" })}
                  </button>
                )}
              </Form>
            </>
          )}
          <Form method="post" className="actions">
            <button type="submit" name="intent" value="remove" className="button danger">
              {t({ id: "domains.page.remove", defaultMessage: "Quitar dominio" })}
            </button>
          </Form>
        </>
      ) : (
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="add" />
          <Field
            label={t({ id: "domains.form.hostname", defaultMessage: "Tu dominio" })}
            name="hostname"
            defaultValue={isFailure(actionData) ? actionData.values?.hostname : undefined}
            error={errors.hostname}
            placeholder="www.mitienda.com"
            autoComplete="off"
            maxLength={253}
            hint={t({
              id: "domains.form.hint",
              defaultMessage:
                "Escribe el dominio con www (www.mitienda.com). Un dominio raíz (mitienda.com) solo funciona si tu proveedor ofrece CNAME flattening o ALIAS.",
            })}
          />
          <button type="submit" className="button">
            {t({ id: "domains.form.submit", defaultMessage: "Usar este dominio" })}
          </button>
        </Form>
      )}
    </section>
  );
}
