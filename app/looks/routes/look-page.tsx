// 'Diseño': presets, colours, fonts, corners, cards, header and announcement, with the store's live preview.
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useFetcher } from "react-router";
import { normalizeHex } from "~/domain/colors";
import { shortHash } from "~/domain/ids";
import {
  FONTS,
  type FontId,
  isPresetId,
  LOOK_MESSAGES,
  LOOK_PREVIEW_PARAM,
  type Look,
  logoBrandOffers,
  lookFormSchema,
  lookOfForm,
  PRESET_IDS,
  PRESETS,
  type PresetId,
  presetLabel,
  radiusLabel,
  withPreset,
} from "~/domain/look";
import { defineMessage, defineMessages } from "~/domain/messages";
import { type ActionFailure, failure, fieldErrors, parseForm, textFields, UNKNOWN_ACTION } from "~/http/action-result";
import { moveSection } from "~/sections/sections.server";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { Field, FormError, MoveButtons, RadioGroup } from "~/ui/form";
import { fontFileOf } from "~/ui/look-view";
import { Rich, useT } from "~/ui/messages";
import { notice } from "~/ui/notice";
import { moveForm } from "~/workspace/action-results.server";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import {
  discardDraft,
  editedLook,
  logoSuggestions,
  lookPreviewToken,
  publishDraft,
  publishedLook,
  saveDraft,
} from "../looks.server";
import { lookReads } from "../page-reads.server";
import type { Route } from "./+types/look-page";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "looks.pageTitle.title", defaultMessage: "Diseño" }), matches) }];
};

const lookPagePath = (storeId: string) => `/Store/${storeId}/look`;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const [sections] = await readPage(context, lookReads, { request, params });
  const token = await lookPreviewToken(services.db, store);
  const look = editedLook(store);
  return {
    storeId: store.id,
    sections: sections.map((s) => ({ id: s.id, title: s.title })),
    look,
    published: publishedLook(store),
    hasDraft: store.lookDraft !== null,
    hasLogo: store.logoKey !== null,
    // Each in the shade it can be used in over this look's background.
    logoColors: logoBrandOffers(logoSuggestions(store), look.colors),
    // The address changes with the draft, so the preview reloads after each save.
    previewSrc: `/site/${store.url}?${LOOK_PREVIEW_PARAM}=${encodeURIComponent(token)}&v=${shortHash(store.lookDraft ?? store.look)}`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const fields = textFields(await request.formData());
  const t = merchantT(context);
  const back = (title: string, description: string) =>
    redirectWithNotice(services.config, lookPagePath(store.id), notice(title, description));
  const current = editedLook(store);
  switch (fields.intent) {
    case "preset": {
      const preset = fields.preset ?? "";
      if (!isPresetId(preset)) return failure({ form: t(LOOK_MESSAGES.choice) }, { intent: "preset" });
      await saveDraft(services.db, store, withPreset(current, preset), t);
      return back(
        t(LOOK_MESSAGES.saved),
        t(
          {
            id: "looks.notice.preset",
            defaultMessage: "Estilo {preset} en la vista previa. Publícalo para que tu tienda se vea así.",
          },
          { preset: t(PRESETS[preset].label) },
        ),
      );
    }
    case "logo-color": {
      const brand = normalizeHex(fields.color ?? "");
      if (!brand) return failure({ brand: t(LOOK_MESSAGES.color) }, { intent: "save" });
      const look = { ...current, preset: "propio", colors: { ...current.colors, brand } };
      const result = await saveDraft(services.db, store, look, t);
      if (!result.saved) return failure(result.problems, { intent: "save" });
      return back(
        t(LOOK_MESSAGES.saved),
        t({
          id: "looks.notice.logoColor",
          defaultMessage: "El color de tu logo es ahora el color de marca de la vista previa.",
        }),
      );
    }
    case "save": {
      const parsed = parseForm(lookFormSchema(t), fields, t);
      if (!parsed.success) return failure(fieldErrors(parsed.error), { intent: "save", values: fields });
      const result = await saveDraft(services.db, store, lookOfForm(parsed.data, current), t);
      if (!result.saved)
        return failure({ ...result.problems, form: t(LOOK_MESSAGES.unreadable) }, { intent: "save", values: fields });
      // The live preview saves as the merchant changes things: it only needs to know it worked.
      if (fields.live) return data({ saved: true });
      return back(
        t(LOOK_MESSAGES.saved),
        t({ id: "looks.notice.saved", defaultMessage: "Mira la vista previa y, cuando te guste, publícalo." }),
      );
    }
    case "section-move": {
      const parsed = moveForm.safeParse(fields);
      if (
        !parsed.success ||
        !(await moveSection(
          services.db,
          actingUser(context),
          store.id,
          parsed.data.id,
          parsed.data.direction,
          services.clock.now(),
        ))
      )
        return failure(
          { form: t({ id: "looks.sectionGone", defaultMessage: "Esa sección ya no existe" }) },
          { intent: "section-move", status: 404 },
        );
      return redirect(`${lookPagePath(store.id)}#home-order-title`);
    }
    case "publish": {
      if (!(await publishDraft(services.db, actingUser(context), store, services.clock.now())))
        return failure(
          { form: t({ id: "looks.nothingToPublish", defaultMessage: "No hay cambios para publicar" }) },
          { intent: "publish" },
        );
      return back(
        t(LOOK_MESSAGES.published),
        t({ id: "looks.notice.published", defaultMessage: "Tu tienda ya se ve con el nuevo diseño." }),
      );
    }
    case "discard": {
      await discardDraft(services.db, store);
      return back(
        t(LOOK_MESSAGES.discarded),
        t({ id: "looks.notice.discarded", defaultMessage: "La vista previa vuelve a mostrar el diseño publicado." }),
      );
    }
    default:
      return failure({ form: t(UNKNOWN_ACTION) });
  }
}

const CARD_STYLES = defineMessages<"borde" | "sombra" | "plano">({
  borde: { id: "looks.cards.border", defaultMessage: "Con borde" },
  sombra: { id: "looks.cards.shadow", defaultMessage: "Con sombra" },
  plano: { id: "looks.cards.flat", defaultMessage: "Sin borde" },
});
const COLOR_FIELDS = [
  {
    name: "brand",
    ...defineMessages({
      label: { id: "looks.colors.brand", defaultMessage: "Color de marca" },
      hint: { id: "looks.colors.brandHint", defaultMessage: "Botones, el carrito y el anuncio." },
    }),
  },
  {
    name: "accent",
    ...defineMessages({
      label: { id: "looks.colors.accent", defaultMessage: "Color de acento" },
      hint: { id: "looks.colors.accentHint", defaultMessage: "Etiquetas de oferta." },
    }),
  },
  {
    name: "background",
    ...defineMessages({
      label: { id: "looks.colors.background", defaultMessage: "Fondo" },
      hint: { id: "looks.colors.backgroundHint", defaultMessage: "El fondo de las páginas." },
    }),
  },
  {
    name: "text",
    ...defineMessages({
      label: { id: "looks.colors.text", defaultMessage: "Texto" },
      hint: { id: "looks.colors.textHint", defaultMessage: "Títulos, nombres y precios." },
    }),
  },
] as const;

const R = defineMessages({
  noLogo: {
    id: "looks.logoColors.noLogo",
    defaultMessage: "Sube tu logo en <link>Logo y banner</link> y te sugerimos colores que combinen con él.",
  },
  noSections: {
    id: "looks.homeOrder.empty",
    defaultMessage: "Tu página de inicio no tiene secciones todavía: créalas en <link>Secciones</link>.",
  },
  untilPublished: {
    id: "looks.preview.untilPublished",
    defaultMessage: "Tu tienda pública sigue con el diseño publicado hasta que toques Publicar. <link>Volver arriba</link>",
  },
});
const SAVING = defineMessage({ id: "looks.preview.saving", defaultMessage: "(guardando…)" });

/** The web fonts' faces, so each font pair's sample is drawn in its own letters. */
const FONT_FACES = (Object.keys(FONTS) as FontId[])
  .flatMap((id) => {
    const file = fontFileOf(id);
    const family = FONTS[id].family;
    return file && family
      ? [`@font-face{font-family:"${family}";font-display:swap;font-weight:100 900;src:url(${file}) format("woff2")}`]
      : [];
  })
  .join("");

const fontStack = (id: FontId) => (FONTS[id].family ? `"${FONTS[id].family}",system-ui,sans-serif` : "system-ui,sans-serif");

export default function LookPage({ loaderData, actionData }: Route.ComponentProps) {
  const { storeId, sections, look, published, hasDraft, logoColors, hasLogo, previewSrc } = loaderData;
  const live = useFetcher<typeof action>();
  const answer = (live.data && "errors" in live.data ? live.data : undefined) ?? (actionData as ActionFailure | undefined);
  const errors = answer?.errors ?? {};
  const preview = usePreviewOverlay();
  const t = useT();
  return (
    <section className="panel wide look-page" aria-labelledby="look-title">
      <style dangerouslySetInnerHTML={{ __html: FONT_FACES }} />
      <h2 id="look-title">{t({ id: "looks.title", defaultMessage: "Diseño" })}</h2>
      <p className="muted" role="status">
        {t({ id: "looks.published", defaultMessage: "Publicado: {preset}." }, { preset: presetLabel(published, t) })}{" "}
        {hasDraft
          ? t({ id: "looks.draft", defaultMessage: "Vista previa sin publicar: {preset}." }, { preset: presetLabel(look, t) })
          : t({ id: "looks.noDraft", defaultMessage: "La vista previa muestra lo publicado." })}
      </p>
      <div className="look-grid">
        <div className="look-settings" id="controles" ref={preview.settings}>
          <Form method="post" preventScrollReset aria-labelledby="presets-title">
            <h3 id="presets-title">{t({ id: "looks.presets", defaultMessage: "Estilos" })}</h3>
            <input type="hidden" name="intent" value="preset" />
            <ul className="presets">
              {PRESET_IDS.map((id) => (
                <li key={id}>
                  <PresetButton id={id} current={look.preset === id} />
                </li>
              ))}
            </ul>
            <FormError message={answer?.intent === "preset" ? errors.form : undefined} />
          </Form>
          {logoColors.length > 0 ? (
            <Form method="post" preventScrollReset className="logo-colors" aria-labelledby="logo-colors-title">
              <h3 id="logo-colors-title">{t({ id: "looks.logoColors.title", defaultMessage: "Colores de tu logo" })}</h3>
              <input type="hidden" name="intent" value="logo-color" />
              <p className="field-hint">
                {t({
                  id: "looks.logoColors.hint",
                  defaultMessage:
                    "Toca uno para usarlo como color de marca. Un color que casi no se distingue del fondo aparece en el tono más parecido que sí se distingue.",
                })}
              </p>
              <div className="swatches">
                {logoColors.map(({ logo, brand }) => (
                  <button
                    key={brand}
                    type="submit"
                    name="color"
                    value={brand}
                    className="swatch"
                    aria-label={
                      brand === logo
                        ? t({ id: "looks.logoColors.use", defaultMessage: "Usar {color}" }, { color: brand })
                        : t(
                            {
                              id: "looks.logoColors.useShade",
                              defaultMessage: "Usar {color}, un tono de {logo} que se distingue del fondo",
                            },
                            { color: brand, logo },
                          )
                    }
                  >
                    <span style={{ background: brand }} aria-hidden="true" />
                    {brand}
                  </button>
                ))}
              </div>
            </Form>
          ) : (
            !hasLogo && (
              <p className="field-hint">
                <Rich message={R.noLogo} values={{ link: (chunks) => <Link to={`/Store/${storeId}/brand`}>{chunks}</Link> }} />
              </p>
            )
          )}
          <LookForm
            key={`${hasDraft ? "d" : "p"}|${look.preset}|${look.colors.brand}`}
            look={look}
            answer={answer?.intent === "save" ? answer : undefined}
            onLiveChange={(form) => {
              const body = new FormData(form);
              body.set("live", "1");
              live.submit(body, { method: "post" });
            }}
          />
          <section aria-labelledby="home-order-title">
            <h3 id="home-order-title">{t({ id: "looks.homeOrder.title", defaultMessage: "Orden de la página de inicio" })}</h3>
            {sections.length === 0 ? (
              <p className="field-hint">
                <Rich
                  message={R.noSections}
                  values={{ link: (chunks) => <Link to={`/Store/${storeId}/sections`}>{chunks}</Link> }}
                />
              </p>
            ) : (
              <>
                <p className="field-hint">
                  {t({
                    id: "looks.homeOrder.hint",
                    defaultMessage:
                      "Las secciones se muestran en este orden, antes de tus productos más nuevos. Se aplica al momento.",
                  })}
                </p>
                <FormError message={answer?.intent === "section-move" ? errors.form : undefined} />
                <ol
                  className="section-list"
                  aria-label={t({ id: "looks.homeOrder.label", defaultMessage: "Orden de las secciones" })}
                >
                  {sections.map((section, index) => (
                    <li key={section.id}>
                      <span className="grow">{section.title}</span>
                      <MoveButtons
                        intent="section-move"
                        id={section.id}
                        first={index === 0}
                        last={index === sections.length - 1}
                      />
                    </li>
                  ))}
                </ol>
              </>
            )}
          </section>
          <Form method="post" className="look-actions" preventScrollReset>
            <FormError message={answer?.intent === "publish" ? errors.form : undefined} />
            <button type="submit" name="intent" value="publish" className="button" disabled={!hasDraft}>
              {t({ id: "looks.publish", defaultMessage: "Publicar" })}
            </button>
            <button type="submit" name="intent" value="discard" className="button secondary" disabled={!hasDraft}>
              {t({ id: "looks.discard", defaultMessage: "Descartar" })}
            </button>
          </Form>
          {/* On a phone the preview is one tap away, over the page (by :target without JavaScript), from a bar docked
              at the screen's bottom, as wide as the controls: no control shows beside it half covered. */}
          <div className="look-preview-bar">
            <a href="#vista-previa" className="button look-preview-open" ref={preview.openLink}>
              {t({ id: "looks.preview.open", defaultMessage: "Ver vista previa" })}
            </a>
          </div>
        </div>
        <section
          className={preview.isOpen ? "look-preview is-open" : "look-preview"}
          id="vista-previa"
          aria-labelledby="preview-title"
        >
          <a href="#controles" className="button secondary look-preview-back" ref={preview.backLink}>
            {t({ id: "looks.preview.back", defaultMessage: "Volver a los controles" })}
          </a>
          <h3 id="preview-title">
            {t({ id: "looks.preview.title", defaultMessage: "Vista previa" })}{" "}
            {live.state !== "idle" && <span className="muted">{t(SAVING)}</span>}
          </h3>
          <div className="preview-frames">
            <iframe
              className="preview-phone"
              src={previewSrc}
              title={t({ id: "looks.preview.phone", defaultMessage: "Vista previa en un teléfono" })}
              loading="lazy"
            />
            <div className="preview-desktop-box">
              <iframe
                className="preview-desktop"
                src={previewSrc}
                title={t({ id: "looks.preview.desktop", defaultMessage: "Vista previa en una computadora" })}
                loading="lazy"
                tabIndex={-1}
              />
            </div>
          </div>
          <p className="field-hint">
            <Rich
              message={R.untilPublished}
              values={{ link: (chunks) => <a href={`${lookPagePath(storeId)}#look-title`}>{chunks}</a> }}
            />
          </p>
        </section>
      </div>
    </section>
  );
}

/**
 * The preview over the page on a phone. Without JavaScript 'Ver vista previa' goes to #vista-previa (shown over the
 * page by :target) and 'Volver a los controles' to the controls' top; with it, the overlay opens without leaving the
 * place, and closing it returns to the same scroll position and the control last used.
 */
function usePreviewOverlay() {
  const [isOpen, setOpen] = useState(false);
  const settings = useRef<HTMLDivElement>(null);
  const openLink = useRef<HTMLAnchorElement>(null);
  const backLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    let lastControl: HTMLElement | null = null;
    let scrollY = 0;
    const noteControl = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && event.target !== openLink.current) lastControl = event.target;
    };
    const open = (event: MouseEvent) => {
      event.preventDefault();
      scrollY = window.scrollY;
      setOpen(true);
      requestAnimationFrame(() => backLink.current?.focus({ preventScroll: true }));
    };
    const close = (event: MouseEvent) => {
      // Opened by the address (#vista-previa, before the script ran): leaving it is what closes it.
      if (window.location.hash === "#vista-previa") return;
      event.preventDefault();
      setOpen(false);
      // The page under the overlay never moved; the control gets its focus back where it was.
      requestAnimationFrame(() => {
        window.scrollTo(0, scrollY);
        lastControl?.focus({ preventScroll: true });
      });
    };
    const [box, opener, back] = [settings.current, openLink.current, backLink.current];
    box?.addEventListener("focusin", noteControl);
    opener?.addEventListener("click", open);
    back?.addEventListener("click", close);
    opener?.setAttribute("data-ready", "");
    return () => {
      box?.removeEventListener("focusin", noteControl);
      opener?.removeEventListener("click", open);
      back?.removeEventListener("click", close);
    };
  }, []);
  return { isOpen, settings, openLink, backLink };
}

function PresetButton({ id, current }: { id: PresetId; current: boolean }) {
  const { colors, font, radius } = PRESETS[id].look;
  const t = useT();
  return (
    <button type="submit" name="preset" value={id} className="preset" aria-pressed={current}>
      <span
        className="thumb"
        aria-hidden="true"
        style={{
          background: colors.background,
          color: colors.text,
          fontFamily: fontStack(font),
          borderRadius: radius === "recto" ? 2 : 8,
        }}
      >
        <span className="thumb-bar" style={{ background: colors.brand }} />
        <span className="thumb-title">Aa</span>
        <span className="thumb-cards">
          <span style={{ borderColor: colors.text }} />
          <span style={{ borderColor: colors.text }} />
        </span>
        <span className="thumb-button" style={{ background: colors.brand }} />
        <span className="thumb-accent" style={{ background: colors.accent }} />
      </span>
      <span className="preset-name">{t(PRESETS[id].label)}</span>
    </button>
  );
}

/** Every setting of the look; with JavaScript each change is saved to the draft and the preview reloads. */
function LookForm({
  look,
  answer,
  onLiveChange,
}: {
  look: Look;
  answer: ActionFailure | undefined;
  onLiveChange: (form: HTMLFormElement) => void;
}) {
  const values = answer?.values;
  const errors = answer?.errors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const value = (name: string, saved: string) => values?.[name] ?? saved;
  const checked = (name: string, saved: boolean) => (values ? values[name] === "on" : saved);
  const t = useT();
  return (
    <Form
      method="post"
      ref={formRef}
      className="form look-form"
      preventScrollReset
      onChange={() => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => formRef.current && onLiveChange(formRef.current), 400);
      }}
    >
      <input type="hidden" name="intent" value="save" />
      <FormError message={errors.form} />
      <fieldset className="look-colors">
        <legend>{t({ id: "looks.colors.title", defaultMessage: "Colores" })}</legend>
        {COLOR_FIELDS.map((f) => (
          <Field
            key={f.name}
            type="color"
            label={t(f.label)}
            name={f.name}
            defaultValue={value(f.name, look.colors[f.name])}
            hint={t(f.hint)}
            error={errors[f.name]}
          />
        ))}
      </fieldset>
      <fieldset className="choices fonts" id="f-font">
        <legend>{t({ id: "looks.fonts", defaultMessage: "Tipografía" })}</legend>
        {(Object.keys(FONTS) as FontId[]).map((id) => (
          <div key={id} className="choice">
            <label>
              <input type="radio" name="font" value={id} defaultChecked={value("font", look.font) === id} />
              <span style={{ fontFamily: fontStack(id) }} className="font-sample">
                {t(FONTS[id].label)}
              </span>
            </label>
            <p className="field-hint">{t(FONTS[id].hint)}</p>
          </div>
        ))}
      </fieldset>
      <RadioGroup
        legend={t({ id: "looks.radius", defaultMessage: "Esquinas" })}
        name="radius"
        defaultValue={value("radius", look.radius)}
        options={(["recto", "suave", "redondo"] as const).map((value) => ({ value, label: radiusLabel(value, t) }))}
        error={errors.radius}
      />
      <RadioGroup
        legend={t({ id: "looks.cards.title", defaultMessage: "Tarjetas de producto" })}
        name="cardStyle"
        defaultValue={value("cardStyle", look.cardStyle)}
        options={(["borde", "sombra", "plano"] as const).map((style) => ({ value: style, label: t(CARD_STYLES[style]) }))}
        error={errors.cardStyle}
      />
      <RadioGroup
        legend={t({ id: "looks.photo", defaultMessage: "Foto de los productos" })}
        name="photo"
        defaultValue={value("photo", look.cards.photo)}
        options={[
          { value: "cuadrada", label: t({ id: "looks.photo.square", defaultMessage: "Cuadrada" }) },
          { value: "vertical", label: t({ id: "looks.photo.vertical", defaultMessage: "Vertical (4:5)" }) },
        ]}
        error={errors.photo}
      />
      <RadioGroup
        legend={t({ id: "looks.perRow", defaultMessage: "Productos por fila en el teléfono" })}
        name="perRow"
        defaultValue={value("perRow", String(look.cards.perRow))}
        options={[
          { value: "2", label: "2" },
          { value: "3", label: "3" },
        ]}
        error={errors.perRow}
      />
      <label className="check">
        <input type="checkbox" name="addButton" defaultChecked={checked("addButton", look.cards.addButton)} />{" "}
        {t({ id: "looks.addButton", defaultMessage: "Botón 'Agregar' en cada producto" })}
      </label>
      <RadioGroup
        legend={t({ id: "looks.logo", defaultMessage: "Logo en el encabezado" })}
        name="logo"
        defaultValue={value("logo", look.header.logo)}
        options={[
          { value: "izquierda", label: t({ id: "looks.logo.left", defaultMessage: "A la izquierda" }) },
          { value: "centro", label: t({ id: "looks.logo.center", defaultMessage: "Centrado" }) },
        ]}
        error={errors.logo}
      />
      <label className="check">
        <input type="checkbox" name="showName" defaultChecked={checked("showName", look.header.showName)} />{" "}
        {t({ id: "looks.showName", defaultMessage: "Mostrar el nombre junto al logo" })}
      </label>
      <Field
        label={t({ id: "looks.announcement.text", defaultMessage: "Texto del anuncio (opcional)" })}
        name="announcementText"
        defaultValue={value("announcementText", look.announcement.text)}
        maxLength={100}
        placeholder={t({ id: "looks.announcement.textPlaceholder", defaultMessage: "Envío gratis desde $50.000" })}
        hint={t({
          id: "looks.announcement.textHint",
          defaultMessage: "Una barra arriba de todas las páginas, en tu color de marca.",
        })}
        error={errors.announcementText}
      />
      <Field
        label={t({ id: "looks.announcement.link", defaultMessage: "Enlace del anuncio (opcional)" })}
        name="announcementLink"
        defaultValue={value("announcementLink", look.announcement.link)}
        maxLength={300}
        placeholder={t({ id: "looks.announcement.linkPlaceholder", defaultMessage: "/Store o https://…" })}
        hint={t({
          id: "looks.announcement.linkHint",
          defaultMessage: "Una página de tu tienda (por ejemplo /Store) o una dirección https://.",
        })}
        error={errors.announcementLink}
      />
      <div>
        <button type="submit" className="button secondary">
          {t({ id: "looks.saveDraft", defaultMessage: "Guardar borrador" })}
        </button>
      </div>
    </Form>
  );
}
