// The panels of a store's information page (/Store/{storeId}/info), one per form.
import { Form, Link } from "react-router";
import { SOLD_OUT_LISTINGS, type SoldOutListing } from "~/domain/catalog";
import { STORE_CATEGORIES } from "~/domain/categories";
import { SOCIAL_NETWORKS, socialLabel } from "~/domain/social";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { ErrorText, Field, FormAlert, RadioGroup, SelectField, TextAreaField } from "~/ui/form";
import type { Route } from "./routes/+types/store-info";
import { QrDownloads, ShareLinks } from "./share-links";

type InfoData = Route.ComponentProps["loaderData"];
type Errors = Record<string, string | undefined>;

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
export function SharePanel({ store, owner }: { store: InfoData["store"]; owner: boolean }) {
  return (
    <section className="panel" aria-labelledby="share-title">
      <h2 id="share-title">Comparte tu tienda</h2>
      <ShareLinks id={store.id} name={store.name} url={store.publicUrl} />
      {store.qrPng && <img src={store.qrPng} alt={`Código QR de ${store.name}`} width={180} height={180} className="qr" />}
      <p className="muted">Imprime el código QR: lleva a tu tienda aunque cambies su nombre.</p>
      <QrDownloads id={store.id} png={store.qrPng} svg={store.qrSvg} />
      {owner && (
        <p className="muted">
          ¿Tienes tu propio dominio, como www.mitienda.com? <Link to={`/Store/${store.id}/dominio`}>Dominio propio</Link>
        </p>
      )}
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
  timeZones: Array<{ value: string; label: string }>;
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
          hint="El título grande al abrir tu tienda, arriba de todo (vacío: el nombre). Ej.: Café de origen, tostado cada semana"
        />
        <Field
          label="Título de la tienda"
          name="storeTitle"
          defaultValue={typed("storeTitle", store.storeTitle)}
          error={errors.storeTitle}
          maxLength={120}
          hint="Encabeza tus productos en el inicio y en la página Tienda. Ej.: Nuestros cafés"
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
          options={timeZones}
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
        <optgroup label="Otras monedas">
          {choices.others.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </optgroup>
      </select>
      <ErrorText message={error} />
    </div>
  );
}
