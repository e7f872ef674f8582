import { useState } from "react";
import { Form, Link } from "react-router";
import { STORE_CATEGORIES } from "~/domain/categories";
import { currencyOptions, LATAM_CURRENCIES } from "~/domain/currencies";
import { canAddSection, freeSlots, LIMIT_MESSAGES } from "~/domain/limits";
import { displayPhone } from "~/domain/phone";
import { timeZoneOptions } from "~/domain/time-zones";
import { IMAGE_HEIGHTS } from "~/media/image-rules";
import { UploadForm } from "~/media/upload-form";
import { listSections } from "~/sections/sections.server";
import { fileUrl } from "~/services/files";
import { getServices } from "~/services/services";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { ErrorText, Field, FormAlert, MoveButtons, SelectField, TextAreaField } from "~/ui/form";
import { merchantContext, ownedStoreContext } from "~/workspace/context.server";
import { planLimits } from "~/workspace/plan-limits.server";
import { listBanners } from "../banners.server";
import { handleInfoAction } from "../info-actions.server";
import type { Route } from "./+types/store-info";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Información | ${loaderData?.store.name ?? "Tienda"}` }];

export async function loader({ context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const user = context.get(merchantContext);
  const { db } = getServices(context);
  const [banners, sections, plan] = await Promise.all([
    listBanners(db, store.id),
    listSections(db, store.id),
    planLimits(db, user.plan),
  ]);
  return {
    store: {
      id: store.id,
      name: store.name,
      category: String(store.category),
      currency: store.currency,
      description: store.description,
      mainTitle: store.mainTitle,
      storeTitle: store.storeTitle,
      saleNumber: displayPhone(store.saleNumber),
      attentionNumber: displayPhone(store.attentionNumber),
      location: store.location,
      timeZone: store.timeZone,
      logo: store.logoKey ? fileUrl(store.logoKey) : null,
      qrPng: store.qrPngKey ? fileUrl(store.qrPngKey) : null,
      qrSvg: store.qrSvgKey ? fileUrl(store.qrSvgKey) : null,
    },
    banners: banners.map((b) => ({ id: b.id, src: fileUrl(b.key), name: b.name, width: b.width, height: b.height })),
    sections: sections.map((s) => ({ id: s.id, title: s.title, items: s.items })),
    plan,
    // Built on the server: the browser's Intl data may differ, and the page must hydrate identically.
    currencies: currencyChoices(),
    timeZones: timeZoneOptions().includes(store.timeZone) ? timeZoneOptions() : [store.timeZone, ...timeZoneOptions()],
  };
}

function currencyChoices() {
  const all = currencyOptions();
  const label = (c: (typeof all)[number]) => `${c.name} (${c.code}${c.symbol !== c.code ? ` · ${c.symbol}` : ""})`;
  const option = (c: (typeof all)[number]) => ({ value: c.code, label: label(c) });
  return {
    latam: LATAM_CURRENCIES.flatMap((code) => all.filter((c) => c.code === code).map(option)),
    all: all.map(option),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleInfoAction(
    getServices(context),
    context.get(merchantContext),
    context.get(ownedStoreContext),
    await request.formData(),
  );
}

export default function StoreInfo({ loaderData, actionData }: Route.ComponentProps) {
  const { store, banners, sections, plan } = loaderData;
  const failed = actionData;
  const errorsOf = (intent: string): Record<string, string | undefined> => (failed?.intent === intent ? failed.errors : {});
  const freeBanners = freeSlots(plan.banner, banners.length);
  const [uploadProblem, setUploadProblem] = useState<{ intent: string; message: string } | null>(null);
  const problemOf = (intent: string) => (uploadProblem?.intent === intent ? uploadProblem.message : undefined);
  return (
    <div className="info-grid">
      <section className="panel" aria-labelledby="qr-title">
        <h2 id="qr-title">Código QR</h2>
        {store.qrPng && <img src={store.qrPng} alt={`Código QR de ${store.name}`} width={180} height={180} className="qr" />}
        <p className="muted">Imprímelo: lleva a tu tienda aunque cambies su nombre.</p>
        <p className="actions">
          {store.qrPng && (
            <a className="button secondary" href={store.qrPng} download={`qr-${store.id}.png`}>
              Descargar PNG
            </a>
          )}
          {store.qrSvg && (
            <a className="button secondary" href={store.qrSvg} download={`qr-${store.id}.svg`}>
              Descargar SVG
            </a>
          )}
        </p>
      </section>

      <section className="panel" aria-labelledby="logo-title">
        <h2 id="logo-title">Logo</h2>
        {store.logo ? (
          <img src={store.logo} alt={`Logo de ${store.name}`} className="logo-preview" height={120} />
        ) : (
          <p className="muted">Tu tienda aún no tiene logo.</p>
        )}
        <UploadForm busyText="Subiendo logo…" onProblem={(m) => setUploadProblem(m ? { intent: "logo", message: m } : null)}>
          <input type="hidden" name="intent" value="logo" />
          <div className="field">
            <label htmlFor="f-logo">Imagen del logo</label>
            <input id="f-logo" name="logo" type="file" accept="image/*" data-resize-height={IMAGE_HEIGHTS.logo} required />
          </div>
          <ErrorText message={problemOf("logo") ?? errorsOf("logo").logo} />
          <button type="submit" className="button">
            Subir logo
          </button>
        </UploadForm>
      </section>

      <section className="panel wide" aria-labelledby="banner-title">
        <h2 id="banner-title">Banner</h2>
        <p className="muted">
          {banners.length} de {plan.banner} imágenes. Se muestran en este orden en el carrusel de tu tienda.
        </p>
        <ol className="banner-list" aria-label="Imágenes del banner">
          {banners.map((b, index) => (
            <li key={b.id}>
              <img src={b.src} alt={b.name} width={Math.round((b.width * 80) / b.height)} height={80} />
              <span className="grow">{b.name}</span>
              <MoveButtons intent="banner-move" id={String(b.id)} first={index === 0} last={index === banners.length - 1} />
              <Form method="post">
                <input type="hidden" name="intent" value="banner-delete" />
                <input type="hidden" name="id" value={b.id} />
                <button type="submit" className="link-button danger" aria-label={`Eliminar ${b.name}`}>
                  Eliminar
                </button>
              </Form>
            </li>
          ))}
        </ol>
        <UploadForm
          busyText="Subiendo imágenes…"
          onProblem={(m) => setUploadProblem(m ? { intent: "banner", message: m } : null)}
        >
          <input type="hidden" name="intent" value="banner" />
          <div className="field">
            <label htmlFor="f-banner">Agregar imágenes al banner</label>
            <input
              id="f-banner"
              name="banner"
              type="file"
              accept="image/*"
              multiple
              required
              data-resize-height={IMAGE_HEIGHTS.banner}
              data-max-files={freeBanners}
              data-too-many-message={
                freeBanners === 0 ? LIMIT_MESSAGES.noBannerSlots : LIMIT_MESSAGES.fewBannerSlots(freeBanners)
              }
            />
          </div>
          <ErrorText message={problemOf("banner") ?? errorsOf("banner").banner} />
          <button type="submit" className="button">
            Subir imágenes
          </button>
        </UploadForm>
      </section>

      <section className="panel wide" aria-labelledby="sections-title">
        <h2 id="sections-title">Secciones</h2>
        <p className="muted">
          {sections.length} de {plan.sections} secciones. Aparecen en este orden en el inicio de tu tienda.
        </p>
        <ol className="section-list" aria-label="Secciones">
          {sections.map((s, index) => (
            <li key={s.id}>
              <Link to={`/Store/${store.id}/section/${s.id}`} className="grow">
                {s.title}
              </Link>
              <span className="muted">
                {s.items} de {plan.itemsPerSection}
              </span>
              <MoveButtons intent="section-move" id={s.id} first={index === 0} last={index === sections.length - 1} />
            </li>
          ))}
        </ol>
        {canAddSection(plan, sections.length) ? (
          <Form method="post" className="inline-form">
            <input type="hidden" name="intent" value="section-create" />
            <Field
              label="Nueva sección"
              name="title"
              placeholder="Ej.: Lo más vendido"
              error={errorsOf("section-create").title}
              maxLength={80}
              required
            />
            <button type="submit" className="button">
              Crear sección
            </button>
          </Form>
        ) : (
          <p className="form-info">
            {LIMIT_MESSAGES.sections}: tu plan permite {plan.sections} secciones.
          </p>
        )}
        <ErrorText message={errorsOf("section-create").form} />
      </section>

      <section className="panel" aria-labelledby="currency-title">
        <h2 id="currency-title">Moneda</h2>
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="currency" />
          <CurrencySelect choices={loaderData.currencies} defaultValue={store.currency} error={errorsOf("currency").currency} />
          <p className="field-hint">Los precios conservan su valor: 12,50 sigue siendo 12,50 en la nueva moneda.</p>
          <button type="submit" className="button">
            Guardar moneda
          </button>
        </Form>
      </section>

      <section className="panel wide" id="info" aria-labelledby="info-title">
        <h2 id="info-title">Información de la tienda</h2>
        <InfoForm
          store={store}
          timeZones={loaderData.timeZones}
          errors={errorsOf("info")}
          title={failed?.intent === "info" ? failed.title : undefined}
        />
      </section>

      <section className="panel wide danger-zone" aria-labelledby="delete-title">
        <h2 id="delete-title">Eliminar tienda</h2>
        <p className="muted">Se eliminan sus productos, secciones, ventas, imágenes y el código QR. No se puede deshacer.</p>
        <ConfirmedForm
          fields={{ intent: "delete" }}
          buttonLabel="Eliminar tienda"
          title={`¿Eliminar ${store.name}?`}
          description="Se eliminarán la tienda, sus productos, secciones, ventas y archivos."
        />
      </section>
    </div>
  );
}

function CurrencySelect({
  choices,
  defaultValue,
  error,
}: {
  choices: Route.ComponentProps["loaderData"]["currencies"];
  defaultValue: string;
  error?: string;
}) {
  return (
    <div className="field">
      <label htmlFor="f-currency">Moneda de la tienda</label>
      <select id="f-currency" name="currency" defaultValue={defaultValue} aria-invalid={error ? true : undefined}>
        <optgroup label="América Latina y dólar">
          {choices.latam.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </optgroup>
        <optgroup label="Todas las monedas">
          {choices.all.map((c) => (
            <option key={`all-${c.value}`} value={c.value}>
              {c.label}
            </option>
          ))}
        </optgroup>
      </select>
      <ErrorText message={error} />
    </div>
  );
}

function InfoForm({
  store,
  timeZones,
  errors,
  title,
}: {
  store: Route.ComponentProps["loaderData"]["store"];
  timeZones: string[];
  errors: Record<string, string | undefined>;
  title?: string;
}) {
  return (
    <Form method="post" className="form two-columns">
      <input type="hidden" name="intent" value="info" />
      {title && errors.name && <FormAlert title={title} description={errors.name} />}
      <Field label="Nombre" name="name" defaultValue={store.name} error={errors.name} maxLength={60} required />
      <SelectField
        label="Categoría"
        name="category"
        defaultValue={store.category}
        error={errors.category}
        options={STORE_CATEGORIES.map((c) => ({ value: String(c.id), label: c.name }))}
      />
      <Field label="Título principal" name="mainTitle" defaultValue={store.mainTitle} error={errors.mainTitle} maxLength={120} />
      <Field
        label="Título de la tienda"
        name="storeTitle"
        defaultValue={store.storeTitle}
        error={errors.storeTitle}
        maxLength={120}
      />
      <Field
        label="WhatsApp de ventas"
        name="saleNumber"
        type="tel"
        inputMode="tel"
        defaultValue={store.saleNumber}
        error={errors.saleNumber}
        placeholder="+57 300 123 4567"
        hint="Aquí llegan los pedidos de tus clientes. Incluye el código de país."
      />
      <Field
        label="WhatsApp de atención"
        name="attentionNumber"
        type="tel"
        inputMode="tel"
        defaultValue={store.attentionNumber}
        error={errors.attentionNumber}
        placeholder="+57 300 123 4567"
      />
      <Field label="Ubicación" name="location" defaultValue={store.location} error={errors.location} maxLength={200} />
      <SelectField
        label="Zona horaria"
        name="timeZone"
        defaultValue={store.timeZone}
        error={errors.timeZone}
        options={timeZones.map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
      />
      <div className="span-all">
        <TextAreaField
          label="Descripción"
          name="description"
          defaultValue={store.description}
          error={errors.description}
          maxLength={1000}
          rows={4}
        />
      </div>
      <div className="span-all">
        <button type="submit" className="button">
          Guardar información
        </button>
      </div>
    </Form>
  );
}
