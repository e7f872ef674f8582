// The panels of a store's information page (/Store/{storeId}/info), one per form.
import { Form, Link } from "react-router";
import { SOLD_OUT_LISTINGS, type SoldOutListing } from "~/domain/catalog";
import { STORE_CATEGORIES } from "~/domain/categories";
import { defineMessages } from "~/domain/messages";
import { SOCIAL_NETWORKS, socialLabel } from "~/domain/social";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { ErrorText, Field, FormAlert, RadioGroup, SelectField, TextAreaField } from "~/ui/form";
import { useT } from "~/ui/messages";
import type { Route } from "./routes/+types/store-info";
import { QrDownloads, ShareLinks } from "./share-links";

type InfoData = Route.ComponentProps["loaderData"];
type Errors = Record<string, string | undefined>;

/** 'Lo que falta para abrir': the store's first steps, each one tap from its page, with the progress. */
export function SetupPanel({ steps }: { steps: NonNullable<InfoData["setup"]> }) {
  const done = steps.filter((step) => step.done).length;
  const t = useT();
  return (
    <section className="panel wide setup" aria-labelledby="setup-title">
      <h2 id="setup-title">{t({ id: "stores.setup.title", defaultMessage: "Lo que falta para abrir tu tienda" })}</h2>
      <p className="muted">
        <label htmlFor="setup-progress">
          {t(
            { id: "stores.setup.progress", defaultMessage: "{done} de {count} pasos listos" },
            { done: String(done), count: String(steps.length) },
          )}
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
                <span className="visually-hidden">{t({ id: "stores.setup.done", defaultMessage: " (listo)" })}</span>
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
  const t = useT();
  return (
    <section className="panel" aria-labelledby="share-title">
      <h2 id="share-title">{t({ id: "stores.share.title", defaultMessage: "Comparte tu tienda" })}</h2>
      <ShareLinks id={store.id} name={store.name} url={store.publicUrl} />
      {store.qrPng && (
        <img
          src={store.qrPng}
          alt={t({ id: "stores.share.qrAlt", defaultMessage: "Código QR de {name}" }, { name: store.name })}
          width={180}
          height={180}
          className="qr"
        />
      )}
      <p className="muted">
        {t({ id: "stores.share.qrHint", defaultMessage: "Imprime el código QR: lleva a tu tienda aunque cambies su nombre." })}
      </p>
      <QrDownloads id={store.id} png={store.qrPng} svg={store.qrSvg} />
      {owner && (
        <p className="muted">
          {t({ id: "stores.share.ownDomain", defaultMessage: "¿Tienes tu propio dominio, como www.mitienda.com?" })}{" "}
          <Link to={`/Store/${store.id}/dominio`}>
            {t({ id: "stores.share.ownDomainLink", defaultMessage: "Dominio propio" })}
          </Link>
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
  const t = useT();
  return (
    <section className="panel" aria-labelledby="currency-title">
      <h2 id="currency-title">{t({ id: "stores.currency.title", defaultMessage: "Moneda" })}</h2>
      <Form method="post" className="form">
        <input type="hidden" name="intent" value="currency" />
        <CurrencySelect choices={choices} defaultValue={currency} error={error} />
        <p className="field-hint">
          {t({
            id: "stores.currency.hint",
            defaultMessage: "Los precios conservan su valor: 12,50 sigue siendo 12,50 en la nueva moneda.",
          })}
        </p>
        <button type="submit" className="button">
          {t({ id: "stores.currency.save", defaultMessage: "Guardar moneda" })}
        </button>
      </Form>
    </section>
  );
}

const SOLD_OUT_LABELS = defineMessages<SoldOutListing>({
  last: { id: "stores.info.soldOut.last", defaultMessage: "Mostrar agotados al final" },
  hidden: { id: "stores.info.soldOut.hidden", defaultMessage: "Ocultar agotados" },
});
const SOLD_OUT_HINTS = defineMessages<SoldOutListing>({
  last: {
    id: "stores.info.soldOut.lastHint",
    defaultMessage: "Aparecen después de los productos con stock, marcados como 'Agotado'.",
  },
  hidden: {
    id: "stores.info.soldOut.hiddenHint",
    defaultMessage: "No aparecen en el inicio, la tienda ni la búsqueda; su página sigue abierta y dice 'Agotado'.",
  },
});

const TEXTS = defineMessages({
  /** What a saved number that the country's rules do not read is told (numbers saved before them). */
  wrongNumber: {
    id: "stores.info.wrongNumber",
    defaultMessage: "Este número no existe en el país de la tienda: los pedidos no llegarían. Corrígelo y guarda.",
  },
});

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
  const t = useT();
  const wrong = (field: "saleNumber" | "attentionNumber") =>
    errors[field] ?? (store.wrongNumbers.includes(field) ? t(TEXTS.wrongNumber) : undefined);
  const soldOutOptions = SOLD_OUT_LISTINGS.map((value) => ({
    value,
    label: t(SOLD_OUT_LABELS[value]),
    hint: t(SOLD_OUT_HINTS[value]),
  }));
  return (
    <section className="panel wide" id="info" aria-labelledby="info-title">
      <h2 id="info-title">{t({ id: "stores.info.title", defaultMessage: "Información de la tienda" })}</h2>
      <Form method="post" className="form two-columns">
        <input type="hidden" name="intent" value="info" />
        {title && errors.name && <FormAlert title={title} description={errors.name} />}
        <Field
          label={t({ id: "stores.info.name", defaultMessage: "Nombre" })}
          name="name"
          defaultValue={typed("name", store.name)}
          error={errors.name}
          maxLength={60}
          required
        />
        <SelectField
          label={t({ id: "stores.info.category", defaultMessage: "Categoría" })}
          name="category"
          defaultValue={typed("category", store.category)}
          error={errors.category}
          options={STORE_CATEGORIES.map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <Field
          label={t({ id: "stores.info.mainTitle", defaultMessage: "Título principal" })}
          name="mainTitle"
          defaultValue={typed("mainTitle", store.mainTitle)}
          error={errors.mainTitle}
          maxLength={120}
          hint={t({
            id: "stores.info.mainTitleHint",
            defaultMessage:
              "El título grande al abrir tu tienda, arriba de todo (vacío: el nombre). Ej.: Café de origen, tostado cada semana",
          })}
        />
        <Field
          label={t({ id: "stores.info.storeTitle", defaultMessage: "Título de la tienda" })}
          name="storeTitle"
          defaultValue={typed("storeTitle", store.storeTitle)}
          error={errors.storeTitle}
          maxLength={120}
          hint={t({
            id: "stores.info.storeTitleHint",
            defaultMessage: "Encabeza tus productos en el inicio y en la página Tienda. Ej.: Nuestros cafés",
          })}
        />
        <SelectField
          label={t({ id: "stores.info.country", defaultMessage: "País" })}
          name="country"
          defaultValue={typed("country", store.country)}
          error={errors.country}
          options={countries.map((c) => ({ value: c.code, label: c.name }))}
          hint={t({
            id: "stores.info.countryHint",
            defaultMessage: "Los números de WhatsApp se leen como se escriben en este país.",
          })}
        />
        <Field
          // Remounted with the saved number, so the merchant sees it as it was read ('+54 9 11 5555 1234').
          key={`sale-${store.saleNumber}`}
          label={t({ id: "stores.info.saleNumber", defaultMessage: "WhatsApp de ventas" })}
          name="saleNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={typed("saleNumber", store.saleNumber)}
          error={wrong("saleNumber")}
          placeholder={store.phoneExample}
          hint={t({
            id: "stores.info.saleNumberHint",
            defaultMessage:
              "Aquí llegan los pedidos de tus clientes. Escríbelo como lo marcas en tu país, o con + y el código de país.",
          })}
        />
        <Field
          key={`attention-${store.attentionNumber}`}
          label={t({ id: "stores.info.attentionNumber", defaultMessage: "WhatsApp de atención" })}
          name="attentionNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={typed("attentionNumber", store.attentionNumber)}
          error={wrong("attentionNumber")}
          placeholder={store.phoneExample}
        />
        <Field
          label={t({ id: "stores.info.location", defaultMessage: "Ubicación" })}
          name="location"
          defaultValue={typed("location", store.location)}
          error={errors.location}
          maxLength={200}
        />
        {SOCIAL_NETWORKS.map((network) => (
          <Field
            // Shown again as saved ('@user') once read, as the numbers are.
            key={`${network}-${store[network]}`}
            label={t({ id: "stores.info.social", defaultMessage: "{network} (opcional)" }, { network: socialLabel(network) })}
            name={network}
            defaultValue={typed(network, store[network] ? `@${store[network]}` : "")}
            error={errors[network]}
            maxLength={200}
            placeholder={t({ id: "stores.info.socialPlaceholder", defaultMessage: "@mitienda" })}
          />
        ))}
        <TextAreaField
          label={t({ id: "stores.info.hours", defaultMessage: "Horario de atención (opcional)" })}
          name="hours"
          defaultValue={typed("hours", store.hours)}
          error={errors.hours}
          maxLength={300}
          rows={2}
        />
        <SelectField
          label={t({ id: "stores.info.timeZone", defaultMessage: "Zona horaria" })}
          name="timeZone"
          defaultValue={typed("timeZone", store.timeZone)}
          error={errors.timeZone}
          options={timeZones}
        />
        <div className="span-all">
          <TextAreaField
            label={t({ id: "stores.info.description", defaultMessage: "Descripción" })}
            name="description"
            defaultValue={typed("description", store.description)}
            error={errors.description}
            maxLength={1000}
            rows={4}
          />
        </div>
        <div className="span-all">
          <RadioGroup
            legend={t({ id: "stores.info.soldOut", defaultMessage: "Productos agotados" })}
            name="soldOut"
            defaultValue={typed("soldOut", store.soldOut)}
            error={errors.soldOut}
            options={soldOutOptions}
          />
        </div>
        <div className="span-all">
          <button type="submit" className="button">
            {t({ id: "stores.info.save", defaultMessage: "Guardar información" })}
          </button>
        </div>
      </Form>
    </section>
  );
}

export function DeletePanel({ storeName }: { storeName: string }) {
  const t = useT();
  return (
    <section className="panel wide danger-zone" aria-labelledby="delete-title">
      <h2 id="delete-title">{t({ id: "stores.delete.title", defaultMessage: "Eliminar tienda" })}</h2>
      <p className="muted">
        {t({
          id: "stores.delete.text",
          defaultMessage: "Se eliminan sus productos, secciones, ventas, imágenes y el código QR. No se puede deshacer.",
        })}
      </p>
      <ConfirmedForm
        fields={{ intent: "delete" }}
        buttonLabel={t({ id: "stores.delete.button", defaultMessage: "Eliminar tienda" })}
        title={t({ id: "stores.delete.question", defaultMessage: "¿Eliminar {name}?" }, { name: storeName })}
        description={t({
          id: "stores.delete.confirmText",
          defaultMessage: "Se eliminarán la tienda, sus productos, secciones, ventas y archivos.",
        })}
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
  const t = useT();
  return (
    <div className="field">
      <label htmlFor="f-currency">{t({ id: "stores.currency.label", defaultMessage: "Moneda de la tienda" })}</label>
      <select id="f-currency" name="currency" defaultValue={defaultValue} aria-invalid={error ? true : undefined}>
        <optgroup label={t({ id: "stores.currency.latam", defaultMessage: "América Latina y dólar" })}>
          {choices.latam.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </optgroup>
        <optgroup label={t({ id: "stores.currency.others", defaultMessage: "Otras monedas" })}>
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
