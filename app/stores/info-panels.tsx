// The panels of a store's information page (/Store/{storeId}/info), one per form.
import { Form, Link } from "react-router";
import { SOLD_OUT_LISTINGS, type SoldOutListing } from "~/domain/catalog";
import { STORE_CATEGORIES } from "~/domain/categories";
import { canAddSection, freeSlots, LIMIT_MESSAGES } from "~/domain/limits";
import { SOCIAL_NETWORKS, socialLabel } from "~/domain/social";
import { IMAGE_HEIGHTS } from "~/media/image-rules";
import { FileField, UploadForm } from "~/media/upload-form";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { CopyField } from "~/ui/copy-field";
import {
  ariaInvalid,
  ErrorText,
  Field,
  FormAlert,
  MoveButtons,
  RadioGroup,
  RemoveButton,
  SelectField,
  TextAreaField,
} from "~/ui/form";
import { ShareSheetButton } from "~/ui/share-sheet-button";
import type { Route } from "./routes/+types/store-info";

type InfoData = Route.ComponentProps["loaderData"];
type Errors = Record<string, string | undefined>;
/** A file the browser refused before uploading (too many, too heavy), reported by the upload form. */
type OnProblem = (message: string | null) => void;

/** 'Lo que falta para abrir': the store's first steps, each one tap from its page, with the progress. */
export function SetupPanel({ steps }: { steps: NonNullable<InfoData["setup"]> }) {
  const done = steps.filter((step) => step.done).length;
  return (
    <section className="panel wide setup" aria-labelledby="setup-title">
      <h2 id="setup-title">Lo que falta para abrir tu tienda</h2>
      <p className="muted">
        <label htmlFor="setup-progress">
          {done} de {steps.length} pasos listos
        </label>{" "}
        <progress id="setup-progress" max={steps.length} value={done} />
      </p>
      <ol className="setup-steps">
        {steps.map((step) => (
          <li key={step.label} className={step.done ? "done" : undefined}>
            {step.done ? (
              <span>
                <span aria-hidden="true">✓ </span>
                {step.label}
                <span className="visually-hidden"> (listo)</span>
              </span>
            ) : (
              <Link to={step.href}>{step.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** 'Comparte tu tienda': its link to copy or send, the phone's share sheet where it has one, and the QR to print. */
export function SharePanel({ store }: { store: InfoData["store"] }) {
  const message = `¡Hola! Mira mi tienda ${store.name}: ${store.publicUrl}`;
  return (
    <section className="panel" aria-labelledby="share-title">
      <h2 id="share-title">Comparte tu tienda</h2>
      <CopyField id="store-link" label="Enlace de tu tienda" value={store.publicUrl} />
      <p className="actions">
        <a
          className="button whatsapp"
          href={`https://wa.me/?text=${encodeURIComponent(message)}`}
          target="_blank"
          rel="noreferrer"
        >
          Compartir por WhatsApp
        </a>
        <ShareSheetButton title={store.name} text={`¡Mira mi tienda ${store.name}!`} url={store.publicUrl} />
      </p>
      {store.qrPng && <img src={store.qrPng} alt={`Código QR de ${store.name}`} width={180} height={180} className="qr" />}
      <p className="muted">Imprime el código QR: lleva a tu tienda aunque cambies su nombre.</p>
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
  );
}

export function LogoPanel({
  store,
  errors,
  problem,
  onProblem,
}: {
  store: InfoData["store"];
  errors: Errors;
  problem?: string;
  onProblem: OnProblem;
}) {
  return (
    <section className="panel" aria-labelledby="logo-title">
      <h2 id="logo-title">Logo</h2>
      {store.logo ? (
        <img src={store.logo} alt={`Logo de ${store.name}`} className="logo-preview" height={120} />
      ) : (
        <p className="muted">Tu tienda aún no tiene logo.</p>
      )}
      <UploadForm busyText="Subiendo logo…" onProblem={onProblem}>
        <input type="hidden" name="intent" value="logo" />
        <FileField
          label="Imagen del logo"
          name="logo"
          accept="image/*"
          required
          resizeHeight={IMAGE_HEIGHTS.logo}
          error={problem ?? errors.logo}
        />
        <button type="submit" className="button">
          Subir logo
        </button>
      </UploadForm>
    </section>
  );
}

export function BannerPanel({
  banners,
  plan,
  errors,
  problem,
  onProblem,
  targets,
  linkErrors,
}: {
  banners: InfoData["banners"];
  targets: InfoData["bannerTargets"];
  linkErrors: Errors;
  plan: InfoData["plan"];
  errors: Errors;
  problem?: string;
  onProblem: OnProblem;
}) {
  const freeBanners = freeSlots(plan.banner, banners.length);
  return (
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
            <RemoveButton intent="banner-delete" id={b.id} label={`Eliminar ${b.name}`} text="Eliminar" />
            <BannerLinkForm banner={b} targets={targets} error={linkErrors[`link-${b.id}`]} />
          </li>
        ))}
      </ol>
      <UploadForm busyText="Subiendo imágenes…" onProblem={onProblem}>
        <input type="hidden" name="intent" value="banner" />
        <FileField
          label="Agregar imágenes al banner"
          name="banner"
          accept="image/*"
          multiple
          required
          resizeHeight={IMAGE_HEIGHTS.banner}
          maxFiles={freeBanners}
          tooManyMessage={freeBanners === 0 ? LIMIT_MESSAGES.noBannerSlots : LIMIT_MESSAGES.fewBannerSlots(freeBanners)}
          error={problem ?? errors.banner}
        />
        <button type="submit" className="button">
          Subir imágenes
        </button>
      </UploadForm>
    </section>
  );
}

export function SectionsPanel({
  storeId,
  sections,
  plan,
  errors,
}: {
  storeId: string;
  sections: InfoData["sections"];
  plan: InfoData["plan"];
  errors: Errors;
}) {
  return (
    <section className="panel wide" aria-labelledby="sections-title">
      <h2 id="sections-title">Secciones</h2>
      <p className="muted">
        {sections.length} de {plan.sections} secciones. Aparecen en este orden en el inicio de tu tienda.
      </p>
      <ol className="section-list" aria-label="Secciones">
        {sections.map((s, index) => (
          <li key={s.id}>
            <Link to={`/Store/${storeId}/section/${s.id}`} className="grow">
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
            error={errors.title}
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
      <ErrorText message={errors.form} />
    </section>
  );
}

export function CurrencyPanel({
  choices,
  currency,
  error,
}: {
  choices: InfoData["currencies"];
  currency: string;
  error?: string;
}) {
  return (
    <section className="panel" aria-labelledby="currency-title">
      <h2 id="currency-title">Moneda</h2>
      <Form method="post" className="form">
        <input type="hidden" name="intent" value="currency" />
        <CurrencySelect choices={choices} defaultValue={currency} error={error} />
        <p className="field-hint">Los precios conservan su valor: 12,50 sigue siendo 12,50 en la nueva moneda.</p>
        <button type="submit" className="button">
          Guardar moneda
        </button>
      </Form>
    </section>
  );
}

const SOLD_OUT_TEXT: Record<SoldOutListing, { label: string; hint: string }> = {
  last: {
    label: "Mostrar agotados al final",
    hint: "Aparecen después de los productos con stock, marcados como 'Agotado'.",
  },
  hidden: {
    label: "Ocultar agotados",
    hint: "No aparecen en el inicio, la tienda ni la búsqueda; su página sigue abierta y dice 'Agotado'.",
  },
};
const SOLD_OUT_OPTIONS = SOLD_OUT_LISTINGS.map((value) => ({ value, ...SOLD_OUT_TEXT[value] }));

/** What a saved number that the country's rules do not read is told (numbers saved before them). */
const WRONG_NUMBER = "Este número no existe en el país de la tienda: los pedidos no llegarían. Corrígelo y guarda.";

export function InfoPanel({
  store,
  timeZones,
  countries,
  errors,
  values,
  title,
}: {
  store: InfoData["store"];
  timeZones: string[];
  countries: Array<{ code: string; name: string }>;
  errors: Errors;
  /** What was typed, when the form was refused: shown again instead of what is saved. */
  values?: Record<string, string>;
  title?: string;
}) {
  const typed = (name: string, saved: string) => values?.[name] ?? saved;
  const wrong = (field: "saleNumber" | "attentionNumber") =>
    errors[field] ?? (store.wrongNumbers.includes(field) ? WRONG_NUMBER : undefined);
  return (
    <section className="panel wide" id="info" aria-labelledby="info-title">
      <h2 id="info-title">Información de la tienda</h2>
      <Form method="post" className="form two-columns">
        <input type="hidden" name="intent" value="info" />
        {title && errors.name && <FormAlert title={title} description={errors.name} />}
        <Field label="Nombre" name="name" defaultValue={typed("name", store.name)} error={errors.name} maxLength={60} required />
        <SelectField
          label="Categoría"
          name="category"
          defaultValue={typed("category", store.category)}
          error={errors.category}
          options={STORE_CATEGORIES.map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <Field
          label="Título principal"
          name="mainTitle"
          defaultValue={typed("mainTitle", store.mainTitle)}
          error={errors.mainTitle}
          maxLength={120}
        />
        <Field
          label="Título de la tienda"
          name="storeTitle"
          defaultValue={typed("storeTitle", store.storeTitle)}
          error={errors.storeTitle}
          maxLength={120}
        />
        <SelectField
          label="País"
          name="country"
          defaultValue={typed("country", store.country)}
          error={errors.country}
          options={countries.map((c) => ({ value: c.code, label: c.name }))}
          hint="Los números de WhatsApp se leen como se escriben en este país."
        />
        <Field
          // Remounted with the saved number, so the merchant sees it as it was read ('+54 9 11 5555 1234').
          key={`sale-${store.saleNumber}`}
          label="WhatsApp de ventas"
          name="saleNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={typed("saleNumber", store.saleNumber)}
          error={wrong("saleNumber")}
          placeholder={store.phoneExample}
          hint="Aquí llegan los pedidos de tus clientes. Escríbelo como lo marcas en tu país, o con + y el código de país."
        />
        <Field
          key={`attention-${store.attentionNumber}`}
          label="WhatsApp de atención"
          name="attentionNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={typed("attentionNumber", store.attentionNumber)}
          error={wrong("attentionNumber")}
          placeholder={store.phoneExample}
        />
        <Field
          label="Ubicación"
          name="location"
          defaultValue={typed("location", store.location)}
          error={errors.location}
          maxLength={200}
        />
        {SOCIAL_NETWORKS.map((network) => (
          <Field
            // Shown again as saved ('@user') once read, as the numbers are.
            key={`${network}-${store[network]}`}
            label={`${socialLabel(network)} (opcional)`}
            name={network}
            defaultValue={typed(network, store[network] ? `@${store[network]}` : "")}
            error={errors[network]}
            maxLength={200}
            placeholder="@mitienda"
          />
        ))}
        <TextAreaField
          label="Horario de atención (opcional)"
          name="hours"
          defaultValue={typed("hours", store.hours)}
          error={errors.hours}
          maxLength={300}
          rows={2}
        />
        <SelectField
          label="Zona horaria"
          name="timeZone"
          defaultValue={typed("timeZone", store.timeZone)}
          error={errors.timeZone}
          options={timeZones.map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
        />
        <div className="span-all">
          <TextAreaField
            label="Descripción"
            name="description"
            defaultValue={typed("description", store.description)}
            error={errors.description}
            maxLength={1000}
            rows={4}
          />
        </div>
        <div className="span-all">
          <RadioGroup
            legend="Productos agotados"
            name="soldOut"
            defaultValue={typed("soldOut", store.soldOut)}
            error={errors.soldOut}
            options={SOLD_OUT_OPTIONS}
          />
        </div>
        <div className="span-all">
          <button type="submit" className="button">
            Guardar información
          </button>
        </div>
      </Form>
    </section>
  );
}

export function DeletePanel({ storeName }: { storeName: string }) {
  return (
    <section className="panel wide danger-zone" aria-labelledby="delete-title">
      <h2 id="delete-title">Eliminar tienda</h2>
      <p className="muted">Se eliminan sus productos, secciones, ventas, imágenes y el código QR. No se puede deshacer.</p>
      <ConfirmedForm
        fields={{ intent: "delete" }}
        buttonLabel="Eliminar tienda"
        title={`¿Eliminar ${storeName}?`}
        description="Se eliminarán la tienda, sus productos, secciones, ventas y archivos."
      />
    </section>
  );
}

function CurrencySelect({
  choices,
  defaultValue,
  error,
}: {
  choices: InfoData["currencies"];
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

/** Where one banner leads when tapped: nowhere, the catalog, a section of the home or a product's page. */
function BannerLinkForm({
  banner,
  targets,
  error,
}: {
  banner: InfoData["banners"][number];
  targets: InfoData["bannerTargets"];
  error?: string;
}) {
  const id = `banner-link-${banner.id}`;
  const groups = ["Páginas", "Secciones", "Productos"] as const;
  return (
    <Form method="post" className="banner-link" preventScrollReset key={banner.link}>
      <input type="hidden" name="intent" value="banner-link" />
      <input type="hidden" name="id" value={banner.id} />
      <label htmlFor={id}>Al tocarlo lleva a</label>
      <select id={id} name="link" defaultValue={banner.link} {...ariaInvalid(id, error)}>
        <option value="">Ningún lugar</option>
        {groups.map((group) => {
          const options = targets.filter((t) => t.group === group);
          return options.length === 0 ? null : (
            <optgroup key={group} label={group}>
              {options.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </optgroup>
          );
        })}
      </select>
      <button type="submit" className="button secondary" aria-label={`Guardar el enlace de ${banner.name}`}>
        Guardar
      </button>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </Form>
  );
}
