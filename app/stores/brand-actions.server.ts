import { redirect } from "react-router";
import { z } from "zod";
import { BANNER_LINK_MESSAGE, bannerTargets } from "~/domain/banner-links";
import type { PlanLimits } from "~/domain/limits";
import { defineMessages, type Translate } from "~/domain/messages";
import { failure, textFields, UNKNOWN_ACTION } from "~/http/action-result";
import { notFound } from "~/http/responses";
import { IMAGE_HEIGHTS } from "~/media/image-rules";
import { filesOf, prepareImage, putAll } from "~/media/uploads.server";
import { pickableProducts } from "~/products/products.server";
import { listSections } from "~/sections/sections.server";
import type { Services } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { notice } from "~/ui/notice";
import { moveForm, refusal } from "~/workspace/action-results.server";
import type { Actor } from "~/workspace/activity.server";
import type { Store } from "~/workspace/context.server";
import { addBanners, BANNER_PRODUCT_CHOICES, deleteBanner, listBanners, moveBanner, setBannerLink } from "./banners.server";
import { setStoreLogo } from "./stores.server";

const BRAND_MESSAGES = defineMessages({
  /** The picture sent as the logo is the store's logo already (the same content-addressed key): nothing to change. */
  sameLogo: { id: "stores.refusal.sameLogo", defaultMessage: "Esa imagen ya es el logo de tu tienda." },
  noLogo: { id: "stores.refusal.noLogo", defaultMessage: "Elige una imagen" },
  noBanner: { id: "stores.refusal.noBanner", defaultMessage: "Elige al menos una imagen" },
  logoSaved: { id: "stores.notice.logoSaved", defaultMessage: "Logo actualizado" },
  logoSavedText: { id: "stores.notice.logoSavedText", defaultMessage: "Tu tienda ya muestra el nuevo logo." },
  bannerSaved: { id: "stores.notice.bannerSaved", defaultMessage: "Banner actualizado" },
  bannerAdded: {
    id: "stores.notice.bannerAdded",
    defaultMessage: "{count, plural, one {Se agregó {count} imagen} other {Se agregaron {count} imágenes}}.",
  },
  bannerDeleted: { id: "stores.notice.bannerDeleted", defaultMessage: "Imagen eliminada" },
  bannerDeletedText: { id: "stores.notice.bannerDeletedText", defaultMessage: "La imagen ya no aparece en el banner." },
});

const bannerLink = z.object({ id: z.coerce.number().int().positive(), link: z.string().max(300) });

/** The actions of /Store/{storeId}/brand ('Logo y banner'), one per form on the page (`intent`). */
export async function handleBrandAction(
  services: Services,
  actor: Actor,
  limits: PlanLimits,
  store: Store,
  form: FormData,
  t: Translate,
) {
  const { db, files, config, clock } = services;
  const now = clock.now();
  const here = `/Store/${store.id}/brand`;
  const intent = String(form.get("intent") ?? "");
  const fields = textFields(form);
  const done = (title: string, description: string) => redirectWithNotice(config, here, notice(title, description));

  switch (intent) {
    case "logo": {
      const [file] = filesOf(form, "logo");
      if (!file) return failure({ logo: t(BRAND_MESSAGES.noLogo) }, { intent });
      try {
        const image = await prepareImage(file, `stores/${store.id}/logo`, IMAGE_HEIGHTS.logo, { brand: true });
        if (image.key === store.logoKey) return failure({ logo: t(BRAND_MESSAGES.sameLogo) }, { intent, status: 409 });
        await putAll(files, [image]);
        const previous = await setStoreLogo(db, actor, store, image, now);
        if (previous && previous !== image.key) await files.delete([previous]);
      } catch (error) {
        return refusal(intent, error, "logo", { t });
      }
      return done(t(BRAND_MESSAGES.logoSaved), t(BRAND_MESSAGES.logoSavedText));
    }
    case "banner": {
      const chosen = filesOf(form, "banner");
      if (chosen.length === 0) return failure({ banner: t(BRAND_MESSAGES.noBanner) }, { intent });
      const plan = limits;
      let prepared: Awaited<ReturnType<typeof prepareImage>>[] = [];
      try {
        prepared = await Promise.all(chosen.map((f) => prepareImage(f, `stores/${store.id}/banner`, IMAGE_HEIGHTS.banner)));
        await putAll(files, prepared);
        await addBanners(
          db,
          actor,
          store.id,
          plan,
          prepared.map((p, i) => ({
            key: p.key,
            name: chosen[i]?.name.slice(0, 120) ?? "banner",
            width: p.width ?? 0,
            height: p.height ?? 0,
          })),
          now,
        );
      } catch (error) {
        if (prepared.length)
          await removeUnused(
            services,
            store.id,
            prepared.map((p) => p.key),
          );
        return refusal(intent, error, "banner", { t });
      }
      return done(t(BRAND_MESSAGES.bannerSaved), t(BRAND_MESSAGES.bannerAdded, { count: chosen.length }));
    }
    case "banner-link": {
      const parsed = bannerLink.safeParse(fields);
      if (!parsed.success) notFound();
      const { id, link } = parsed.data;
      const [sections, products] = await db.batch([
        listSections(db, store.id),
        pickableProducts(db, store.id, BANNER_PRODUCT_CHOICES),
      ]);
      if (link !== "" && !bannerTargets(sections, products).some((t) => t.value === link))
        return failure({ [`link-${id}`]: t(BANNER_LINK_MESSAGE) }, { intent });
      if (!(await setBannerLink(db, actor, store.id, id, link, now))) notFound();
      return redirect(here);
    }
    case "banner-move": {
      const parsed = moveForm.safeParse(fields);
      if (!parsed.success || !(await moveBanner(db, actor, store.id, Number(parsed.data.id), parsed.data.direction, now)))
        notFound();
      return redirect(here);
    }
    case "banner-delete": {
      if (!(await deleteBanner(db, actor, files, store.id, Number(fields.id), now))) notFound();
      return done(t(BRAND_MESSAGES.bannerDeleted), t(BRAND_MESSAGES.bannerDeletedText));
    }
    default:
      return failure({ form: t(UNKNOWN_ACTION) }, { intent });
  }
}

/** Files written for an upload that was then refused, unless a banner row already points at them. */
async function removeUnused(services: Services, storeId: string, keys: string[]) {
  const used = new Set((await listBanners(services.db, storeId)).map((b) => b.key));
  const unused = keys.filter((k) => !used.has(k));
  if (unused.length) await services.files.delete(unused);
}
