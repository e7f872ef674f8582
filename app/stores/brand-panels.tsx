// The panels of a store's 'Logo y banner' page (/Store/{storeId}/brand), one per form.
import { useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { freeSlots, LIMIT_MESSAGES } from "~/domain/limits";
import { defineMessages, type Translate } from "~/domain/messages";
import { BANNER_RECOMMENDED, IMAGE_HEIGHTS } from "~/media/image-rules";
import { FileField, UploadForm } from "~/media/upload-form";
import { ariaInvalid, MoveButtons } from "~/ui/form";
import { useT } from "~/ui/messages";
import { ConfirmDialog } from "~/ui/overlays";
import type { Route } from "./routes/+types/store-brand";

type BrandData = Route.ComponentProps["loaderData"];
type Errors = Record<string, string | undefined>;
/** A file the browser refused before uploading (too many, too heavy), reported by the upload form. */
type OnProblem = (message: string | null) => void;

export function LogoPanel({
  store,
  errors,
  problem,
  onProblem,
}: {
  store: BrandData["store"];
  errors: Errors;
  problem?: string;
  onProblem: OnProblem;
}) {
  const t = useT();
  return (
    <section className="panel" aria-labelledby="logo-title">
      <h2 id="logo-title">{t({ id: "stores.brand.logo", defaultMessage: "Logo" })}</h2>
      {store.logo ? (
        <img
          src={store.logo}
          alt={t({ id: "stores.brand.logoAlt", defaultMessage: "Logo de {name}" }, { name: store.name })}
          className="logo-preview"
          height={120}
        />
      ) : (
        <p className="muted">{t({ id: "stores.brand.noLogo", defaultMessage: "Tu tienda aún no tiene logo." })}</p>
      )}
      <UploadForm busyText={t({ id: "stores.brand.uploadingLogo", defaultMessage: "Subiendo logo…" })} onProblem={onProblem}>
        <input type="hidden" name="intent" value="logo" />
        <FileField
          label={t({ id: "stores.brand.logoImage", defaultMessage: "Imagen del logo" })}
          name="logo"
          accept="image/*"
          required
          resizeHeight={IMAGE_HEIGHTS.logo}
          error={problem ?? errors.logo}
        />
        <button type="submit" className="button">
          {t({ id: "stores.brand.uploadLogo", defaultMessage: "Subir logo" })}
        </button>
      </UploadForm>
    </section>
  );
}

/** What the banner's deletion asks, in the dialog (JavaScript) and on the page (?eliminar=, without it). */
const removeQuestion = (t: Translate, name: string) => ({
  title: t({ id: "stores.brand.removeQuestion", defaultMessage: "¿Eliminar imagen del banner?" }),
  description: t(
    {
      id: "stores.brand.removeText",
      defaultMessage: "“{name}” deja de mostrarse en el carrusel de tu tienda. No se puede deshacer.",
    },
    { name },
  ),
});

/**
 * 'Eliminar' of one banner: a link to ?eliminar={id}, where the page asks before posting (without JavaScript); with
 * it, the same question in the shared confirm dialog, which posts the delete.
 */
function RemoveBanner({ banner }: { banner: { id: number; name: string } }) {
  const [open, setOpen] = useState(false);
  const submit = useSubmit();
  const t = useT();
  const question = removeQuestion(t, banner.name);
  return (
    <>
      <Link
        to={`?eliminar=${banner.id}`}
        preventScrollReset
        className="link-button danger"
        aria-label={t({ id: "stores.brand.removeOf", defaultMessage: "Eliminar {name}" }, { name: banner.name })}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {t({ id: "stores.brand.remove", defaultMessage: "Eliminar" })}
      </Link>
      <ConfirmDialog
        open={open}
        title={question.title}
        description={question.description}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          await submit({ intent: "banner-delete", id: String(banner.id) }, { method: "post" });
          setOpen(false);
        }}
      />
    </>
  );
}

/** The question on the page itself, for a browser without JavaScript that followed 'Eliminar'. */
function RemoveBannerPanel({ banner }: { banner: { id: number; name: string } }) {
  const t = useT();
  const question = removeQuestion(t, banner.name);
  return (
    <section
      className="confirm-panel"
      role="alertdialog"
      aria-labelledby="banner-remove-title"
      aria-describedby="banner-remove-text"
    >
      <h3 id="banner-remove-title">{question.title}</h3>
      <p id="banner-remove-text">{question.description}</p>
      <Form method="post" action="." className="confirm-actions">
        <input type="hidden" name="intent" value="banner-delete" />
        <input type="hidden" name="id" value={banner.id} />
        <Link to="." className="button secondary">
          {t({ id: "stores.brand.cancel", defaultMessage: "Cancelar" })}
        </Link>
        <button type="submit" className="button danger">
          {t({ id: "stores.brand.remove", defaultMessage: "Eliminar" })}
        </button>
      </Form>
    </section>
  );
}

export function BannerPanel({
  banners,
  removing,
  plan,
  errors,
  problem,
  onProblem,
  targets,
  linkErrors,
}: {
  banners: BrandData["banners"];
  removing: BrandData["removing"];
  targets: BrandData["bannerTargets"];
  linkErrors: Errors;
  plan: BrandData["plan"];
  errors: Errors;
  problem?: string;
  onProblem: OnProblem;
}) {
  const freeBanners = freeSlots(plan.banner, banners.length);
  const t = useT();
  return (
    <section className="panel wide" aria-labelledby="banner-title">
      <h2 id="banner-title">{t({ id: "stores.brand.banner", defaultMessage: "Banner" })}</h2>
      <p className="muted">
        {t(
          {
            id: "stores.brand.bannerCount",
            defaultMessage: "{count} de {limit} imágenes. Se muestran en este orden en el carrusel de tu tienda.",
          },
          { count: String(banners.length), limit: String(plan.banner) },
        )}
      </p>
      {removing && <RemoveBannerPanel banner={removing} />}
      <ol className="banner-list" aria-label={t({ id: "stores.brand.bannerImages", defaultMessage: "Imágenes del banner" })}>
        {banners.map((b, index) => (
          <li key={b.id}>
            <img src={b.src} alt={b.name} width={Math.round((b.width * 80) / b.height)} height={80} />
            <span className="grow">{b.name}</span>
            <MoveButtons intent="banner-move" id={String(b.id)} first={index === 0} last={index === banners.length - 1} />
            <RemoveBanner banner={b} />
            <BannerLinkForm banner={b} targets={targets} error={linkErrors[`link-${b.id}`]} />
          </li>
        ))}
      </ol>
      <UploadForm
        busyText={t({ id: "stores.brand.uploadingBanners", defaultMessage: "Subiendo imágenes…" })}
        onProblem={onProblem}
      >
        <input type="hidden" name="intent" value="banner" />
        <FileField
          label={t({ id: "stores.brand.addBanners", defaultMessage: "Agregar imágenes al banner" })}
          name="banner"
          accept="image/*"
          multiple
          required
          resizeHeight={IMAGE_HEIGHTS.banner}
          hint={t(
            {
              id: "stores.brand.bannerHint",
              defaultMessage:
                "Horizontales, de {width} × {height} px (3:1) o más grandes: ocupan todo el ancho de la tienda. Deja lo importante en el centro, los bordes pueden recortarse.",
            },
            { width: String(BANNER_RECOMMENDED.width), height: String(BANNER_RECOMMENDED.height) },
          )}
          maxFiles={freeBanners}
          tooManyMessage={freeBanners === 0 ? LIMIT_MESSAGES.noBannerSlots : LIMIT_MESSAGES.fewBannerSlots(freeBanners)}
          error={problem ?? errors.banner}
        />
        <button type="submit" className="button">
          {t({ id: "stores.brand.uploadBanners", defaultMessage: "Subir imágenes" })}
        </button>
      </UploadForm>
    </section>
  );
}

const TARGET_GROUPS = defineMessages<"Páginas" | "Secciones" | "Productos">({
  Páginas: { id: "stores.brand.targets.pages", defaultMessage: "Páginas" },
  Secciones: { id: "stores.brand.targets.sections", defaultMessage: "Secciones" },
  Productos: { id: "stores.brand.targets.products", defaultMessage: "Productos" },
});

/** Where one banner leads when tapped: nowhere, the catalog, a section of the home or a product's page. */
function BannerLinkForm({
  banner,
  targets,
  error,
}: {
  banner: BrandData["banners"][number];
  targets: BrandData["bannerTargets"];
  error?: string;
}) {
  const id = `banner-link-${banner.id}`;
  const groups = ["Páginas", "Secciones", "Productos"] as const;
  const t = useT();
  return (
    <Form method="post" className="banner-link" preventScrollReset key={banner.link}>
      <input type="hidden" name="intent" value="banner-link" />
      <input type="hidden" name="id" value={banner.id} />
      <label htmlFor={id}>{t({ id: "stores.brand.linkLabel", defaultMessage: "Al tocarlo lleva a" })}</label>
      <select id={id} name="link" defaultValue={banner.link} {...ariaInvalid(id, error)}>
        <option value="">{t({ id: "stores.brand.nowhere", defaultMessage: "Ningún lugar" })}</option>
        {groups.map((group) => {
          const options = targets.filter((target) => target.group === group);
          return options.length === 0 ? null : (
            <optgroup key={group} label={t(TARGET_GROUPS[group])}>
              {options.map((target) => (
                <option key={target.value} value={target.value}>
                  {target.label}
                </option>
              ))}
            </optgroup>
          );
        })}
      </select>
      <button
        type="submit"
        className="button secondary"
        aria-label={t({ id: "stores.brand.saveLinkOf", defaultMessage: "Guardar el enlace de {name}" }, { name: banner.name })}
      >
        {t({ id: "stores.brand.saveLink", defaultMessage: "Guardar" })}
      </button>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </Form>
  );
}
