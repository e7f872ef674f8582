// 'Anuncios': where the store's ad conversions go (Meta's Conversions API, Google Analytics 4), sent from the server;
// the store's pages gain no script (docs/decisions/0052-ad-conversions-from-the-server.md). The secrets are
// write-only: the page says one is saved, never shows it.
import { Form, Link } from "react-router";
import { ga4SettingsForm, metaSettingsForm } from "~/domain/conversions";
import { defineMessage, defineMessages } from "~/domain/messages";
import { type ActionFailure, failure, fieldErrors, parseForm } from "~/http/action-result";
import { canKeepSecrets } from "~/services/config";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { Field, FormError } from "~/ui/form";
import { Rich, useT } from "~/ui/messages";
import { notice } from "~/ui/notice";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext, publicSiteUnchangedContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { conversionSettingsReads } from "../page-reads.server";
import {
  conversionSettingsView,
  findConversionSettings,
  removePlatform,
  saveGa4Settings,
  saveMetaSettings,
} from "../settings.server";
import type { Route } from "./+types/conversion-settings";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "conversions.pageTitle.title", defaultMessage: "Anuncios" }), matches) }];
};

export const conversionSettingsPath = (storeId: string) => `/Store/${storeId}/conversiones`;

const UNAVAILABLE = defineMessage({
  id: "conversions.unavailable",
  defaultMessage: "Los anuncios todavía no están disponibles: falta configurar la clave que guarda los tokens cifrados.",
});

const SALES_CHANNELS = defineMessage({
  id: "conversions.intro.catalog",
  defaultMessage: "Tu catálogo para las mismas plataformas está en <link>Vender en redes</link>.",
});

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const [[settings]] = await readPage(context, conversionSettingsReads, { request, params });
  return {
    storeId: store.id,
    available: canKeepSecrets(services.config),
    ...conversionSettingsView(settings),
  };
}

/** What the page says after each change (made per request: a notice's id is random, never made at module load). */
const SAVED = {
  meta: defineMessages({
    title: { id: "conversions.notice.meta", defaultMessage: "Meta guardado" },
    text: { id: "conversions.notice.metaText", defaultMessage: "Enviamos tus ventas y visitas a Meta desde el servidor." },
  }),
  ga4: defineMessages({
    title: { id: "conversions.notice.ga4", defaultMessage: "Google Analytics guardado" },
    text: {
      id: "conversions.notice.ga4Text",
      defaultMessage: "Enviamos tus ventas y visitas a Google Analytics desde el servidor.",
    },
  }),
  "remove-meta": defineMessages({
    title: { id: "conversions.notice.removeMeta", defaultMessage: "Meta quitado" },
    text: { id: "conversions.notice.removeMetaText", defaultMessage: "Ya no enviamos eventos a Meta; borramos el token." },
  }),
  "remove-ga4": defineMessages({
    title: { id: "conversions.notice.removeGa4", defaultMessage: "Google Analytics quitado" },
    text: {
      id: "conversions.notice.removeGa4Text",
      defaultMessage: "Ya no enviamos eventos a Google Analytics; borramos el secreto.",
    },
  }),
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const t = merchantT(context);
  // The store's pages do not change: nothing to purge from the edge.
  context.set(publicSiteUnchangedContext, true);
  const fields = Object.fromEntries(await request.formData()) as Record<string, string>;
  const intent = fields.intent;
  if (intent !== "meta" && intent !== "ga4" && intent !== "remove-meta" && intent !== "remove-ga4")
    return failure({ form: t({ id: "conversions.chooseIntent", defaultMessage: "Elige qué guardar" }) });
  if (!canKeepSecrets(services.config) && (intent === "meta" || intent === "ga4"))
    return failure({ form: t(UNAVAILABLE) }, { status: 503 });
  const saved = conversionSettingsView(await findConversionSettings(services.db, store.id));
  if (intent === "meta") {
    const parsed = parseForm(metaSettingsForm(saved.meta.tokenSaved, t), fields, t);
    if (!parsed.success) return failure(fieldErrors(parsed.error), { intent, values: { datasetId: fields.datasetId ?? "" } });
    await saveMetaSettings(services, actingUser(context), store.id, parsed.data);
  } else if (intent === "ga4") {
    const parsed = parseForm(ga4SettingsForm(saved.ga4.secretSaved, t), fields, t);
    if (!parsed.success)
      return failure(fieldErrors(parsed.error), { intent, values: { measurementId: fields.measurementId ?? "" } });
    await saveGa4Settings(services, actingUser(context), store.id, parsed.data);
  } else {
    await removePlatform(services, actingUser(context), store.id, intent === "remove-meta" ? "meta" : "ga4");
  }
  return redirectWithNotice(
    services.config,
    conversionSettingsPath(store.id),
    notice(t(SAVED[intent].title), t(SAVED[intent].text)),
  );
}

export default function ConversionSettings({ loaderData: p, actionData }: Route.ComponentProps) {
  const answer = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  const t = useT();
  return (
    <>
      <section className="panel wide" aria-labelledby="ads-title">
        <h2 id="ads-title">{t({ id: "conversions.title", defaultMessage: "Anuncios" })}</h2>
        <p className="muted">
          {t({
            id: "conversions.intro.ads",
            defaultMessage:
              "Si anuncias en Instagram, Facebook o Google, cuéntales qué pasa en tu tienda: quién ve un producto, lo agrega al carrito, empieza a pagar y compra. Lo enviamos desde nuestro servidor, sin agregar código a tu tienda, y sirve para que tus anuncios lleguen a quienes compran.",
          })}
        </p>
        <p className="muted">
          {t({
            id: "conversions.intro.privacy",
            defaultMessage:
              "Con cada evento van la dirección IP y el navegador de quien lo hizo, como piden estas plataformas, y el identificador del anuncio del que llegó. Si las leyes de tu país lo piden, cuéntaselo a tus clientes.",
          })}
        </p>
        <p className="muted">
          <Rich message={SALES_CHANNELS} values={{ link: (chunks) => <Link to={`/Store/${p.storeId}/redes`}>{chunks}</Link> }} />
        </p>
        {!p.available && <p className="muted">{t(UNAVAILABLE)}</p>}
        <FormError message={actionData && !actionData.intent ? actionData.errors.form : undefined} />
      </section>
      <PlatformForm
        intent="meta"
        title={t({ id: "conversions.meta.title", defaultMessage: "Meta (API de conversiones)" })}
        answer={answer("meta")}
        saved={p.meta.tokenSaved}
        idField={{
          name: "datasetId",
          label: t({ id: "conversions.meta.datasetId", defaultMessage: "Identificador del conjunto de datos (píxel)" }),
          value: p.meta.datasetId,
          inputMode: "numeric",
          hint: t({
            id: "conversions.meta.datasetIdHint",
            defaultMessage: "En el Administrador de eventos de Meta: Orígenes de datos → tu conjunto de datos → Configuración.",
          }),
        }}
        secretField={{
          name: "token",
          label: t({ id: "conversions.meta.token", defaultMessage: "Token de acceso" }),
          hint: t({
            id: "conversions.meta.tokenHint",
            defaultMessage: "En la misma Configuración: API de conversiones → Generar token de acceso.",
          }),
        }}
      />
      <PlatformForm
        intent="ga4"
        title="Google Analytics 4"
        answer={answer("ga4")}
        saved={p.ga4.secretSaved}
        idField={{
          name: "measurementId",
          label: t({ id: "conversions.ga4.measurementId", defaultMessage: "ID de medición" }),
          value: p.ga4.measurementId,
          placeholder: "G-XXXXXXXXXX",
          hint: t({
            id: "conversions.ga4.measurementIdHint",
            defaultMessage: "En Google Analytics: Administrar → Flujos de datos → tu flujo web.",
          }),
        }}
        secretField={{
          name: "apiSecret",
          label: t({ id: "conversions.ga4.apiSecret", defaultMessage: "Secreto de la API de Measurement Protocol" }),
          hint: t({
            id: "conversions.ga4.apiSecretHint",
            defaultMessage: "En el mismo flujo: Secretos de la API de Measurement Protocol → Crear.",
          }),
        }}
      />
    </>
  );
}

function PlatformForm(props: {
  intent: "meta" | "ga4";
  title: string;
  answer: ActionFailure | undefined;
  saved: boolean;
  idField: { name: string; label: string; value: string; hint: string; placeholder?: string; inputMode?: "numeric" };
  secretField: { name: string; label: string; hint: string };
}) {
  const { intent, idField, secretField, saved } = props;
  const errors = props.answer?.errors ?? {};
  const t = useT();
  return (
    <section className="panel wide" aria-labelledby={`${intent}-title`}>
      <Form method="post" className="form" id={intent} aria-labelledby={`${intent}-title`} key={`${idField.value}|${saved}`}>
        <h3 id={`${intent}-title`}>{props.title}</h3>
        <input type="hidden" name="intent" value={intent} />
        <Field
          id={`${intent}-${idField.name}`}
          label={idField.label}
          name={idField.name}
          defaultValue={props.answer?.values?.[idField.name] ?? idField.value}
          inputMode={idField.inputMode}
          placeholder={idField.placeholder}
          autoComplete="off"
          hint={idField.hint}
          error={errors[idField.name]}
        />
        <Field
          id={`${intent}-${secretField.name}`}
          label={secretField.label}
          name={secretField.name}
          type="password"
          autoComplete="off"
          placeholder={
            saved
              ? t({ id: "conversions.secret.savedPlaceholder", defaultMessage: "Guardado: escribe uno nuevo para reemplazarlo" })
              : undefined
          }
          hint={
            saved
              ? t({ id: "conversions.secret.savedHint", defaultMessage: "Guardado. {hint}" }, { hint: secretField.hint })
              : secretField.hint
          }
          error={errors[secretField.name]}
        />
        <FormError message={errors.form} />
        <div>
          <button type="submit" className="button">
            {t({ id: "conversions.save", defaultMessage: "Guardar" })}
          </button>
        </div>
      </Form>
      {(saved || idField.value) && (
        <Form method="post" className="form">
          <input type="hidden" name="intent" value={`remove-${intent}`} />
          <button type="submit" className="button secondary">
            {t({ id: "conversions.remove", defaultMessage: "Quitar" })}
          </button>
        </Form>
      )}
    </section>
  );
}
