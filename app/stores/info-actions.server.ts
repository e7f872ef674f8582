import { redirect } from "react-router";
import { z } from "zod";
import { BANNER_LINK_MESSAGE, bannerTargets } from "~/domain/banner-links";
import { SOLD_OUT_LISTINGS } from "~/domain/catalog";
import { isStoreCountry, type StoreCountry, storeCountry } from "~/domain/countries";
import { isSupportedCurrency } from "~/domain/currencies";
import type { PlanLimits } from "~/domain/limits";
import { normalizePhone, phoneMessage } from "~/domain/phone";
import { SOCIAL_NETWORKS, type SocialNetwork, socialMessage, socialUser } from "~/domain/social";
import { isValidTimeZone } from "~/domain/time-zones";
import { failure, textFields } from "~/http/action-result";
import { notFound } from "~/http/responses";
import { IMAGE_HEIGHTS } from "~/media/image-rules";
import { filesOf, prepareImage, putAll } from "~/media/uploads.server";
import { pickableProducts } from "~/products/products.server";
import { createSection, listSections, moveSection, sectionTitleSchema } from "~/sections/sections.server";
import type { Services } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { notice } from "~/ui/notice";
import { invalid, refusal } from "~/workspace/action-results.server";
import type { Store } from "~/workspace/context.server";
import { addBanners, BANNER_PRODUCT_CHOICES, deleteBanner, listBanners, moveBanner, setBannerLink } from "./banners.server";
import { changeStoreCurrency, deleteStore, type StoreInfoInput, setStoreLogo, updateStoreInfo } from "./stores.server";

const REQUIRED = "Este campo es obligatorio";
const phone = z.string().trim().max(30, "Escribe el número en 30 caracteres como máximo");
const PHONE_FIELDS = ["saleNumber", "attentionNumber"] as const;

export const storeInfoSchema = z
  .object({
    name: z.string().trim().min(1, REQUIRED).max(60),
    category: z.coerce.number().int().min(1, "Elige una categoría").max(11, "Elige una categoría"),
    description: z.string().trim().max(1000),
    mainTitle: z.string().trim().max(120),
    storeTitle: z.string().trim().max(120),
    country: z.string().refine(isStoreCountry, "Elige el país de la tienda"),
    saleNumber: phone,
    attentionNumber: phone,
    location: z.string().trim().max(200),
    // Fields a post from an older form lacks keep the store's values.
    ...Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, z.string().max(200, socialMessage(network)).optional()])),
    hours: z.string().trim().max(300, "Escribe el horario en 300 caracteres como máximo").optional(),
    timeZone: z.string().refine(isValidTimeZone, "Elige una zona horaria"),
    // A post without it (an older form) keeps the store's choice.
    soldOut: z.enum(SOLD_OUT_LISTINGS, "Elige qué hacer con los productos agotados").optional(),
  })
  .transform(({ soldOut, country, ...info }, ctx): StoreInfoInput => {
    // The numbers are read as typed in the country chosen in the same form.
    const store = country as StoreCountry;
    const numbers = Object.fromEntries(
      PHONE_FIELDS.map((field) => {
        if (info[field] === "") return [field, ""];
        const digits = normalizePhone(info[field], store);
        if (!digits) ctx.addIssue({ code: "custom", message: phoneMessage(store), path: [field] });
        return [field, digits ?? ""];
      }),
    ) as Record<(typeof PHONE_FIELDS)[number], string>;
    const social: Partial<Record<SocialNetwork, string>> = {};
    for (const network of SOCIAL_NETWORKS) {
      const typed = (info as Record<string, unknown>)[network];
      if (typeof typed !== "string") continue;
      const user = socialUser(network, typed);
      if (user === null) ctx.addIssue({ code: "custom", message: socialMessage(network), path: [network] });
      else social[network] = user;
    }
    const input = { ...info, ...numbers, ...social, country: store };
    return soldOut ? { ...input, hideSoldOut: soldOut === "hidden" } : input;
  });

const bannerLink = z.object({ id: z.coerce.number().int().positive(), link: z.string().max(300) });
const move = z.object({ id: z.string().max(20), direction: z.enum(["up", "down"]) });

/** The actions of /Store/{storeId}/info, one per form on the page (`intent`). */
export async function handleInfoAction(services: Services, limits: PlanLimits, store: Store, form: FormData) {
  const { db, files, config, clock } = services;
  const now = clock.now();
  const here = `/Store/${store.id}/info`;
  const intent = String(form.get("intent") ?? "");
  const fields = textFields(form);
  const done = (title: string, description: string) => redirectWithNotice(config, here, notice(title, description));

  switch (intent) {
    case "info": {
      // A form from before countries posts none: the store's own.
      const parsed = storeInfoSchema.safeParse({ country: storeCountry(store), ...fields });
      if (!parsed.success) return invalid(intent, parsed.error, { values: fields });
      try {
        await updateStoreInfo(db, store, parsed.data, now);
      } catch (error) {
        return refusal(intent, error, "name");
      }
      return done("Información guardada", "Los cambios ya se ven en tu tienda.");
    }
    case "currency": {
      const currency = String(fields.currency ?? "");
      if (!isSupportedCurrency(currency)) return failure({ currency: "Elige una moneda" }, { intent });
      await changeStoreCurrency(db, store, currency, now);
      return done("Moneda actualizada", `Los precios se muestran en ${currency}.`);
    }
    case "logo": {
      const [file] = filesOf(form, "logo");
      if (!file) return failure({ logo: "Elige una imagen" }, { intent });
      try {
        const image = await prepareImage(file, `stores/${store.id}/logo`, IMAGE_HEIGHTS.logo, { brand: true });
        await putAll(files, [image]);
        const previous = await setStoreLogo(db, store, image, now);
        if (previous && previous !== image.key) await files.delete([previous]);
      } catch (error) {
        return refusal(intent, error, "logo");
      }
      return done("Logo actualizado", "Tu tienda ya muestra el nuevo logo.");
    }
    case "banner": {
      const chosen = filesOf(form, "banner");
      if (chosen.length === 0) return failure({ banner: "Elige al menos una imagen" }, { intent });
      const plan = limits;
      let prepared: Awaited<ReturnType<typeof prepareImage>>[] = [];
      try {
        prepared = await Promise.all(chosen.map((f) => prepareImage(f, `stores/${store.id}/banner`, IMAGE_HEIGHTS.banner)));
        await putAll(files, prepared);
        await addBanners(
          db,
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
        return refusal(intent, error, "banner");
      }
      return done("Banner actualizado", `Se agregaron ${chosen.length} imagen(es).`);
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
        return failure({ [`link-${id}`]: BANNER_LINK_MESSAGE }, { intent });
      if (!(await setBannerLink(db, store.id, id, link, now))) notFound();
      return redirect(here);
    }
    case "banner-move": {
      const parsed = move.safeParse(fields);
      if (!parsed.success || !(await moveBanner(db, store.id, Number(parsed.data.id), parsed.data.direction, now))) notFound();
      return redirect(here);
    }
    case "banner-delete": {
      if (!(await deleteBanner(db, files, store.id, Number(fields.id), now))) notFound();
      return done("Imagen eliminada", "La imagen ya no aparece en el banner.");
    }
    case "section-create": {
      const parsed = sectionTitleSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error);
      try {
        const section = await createSection(db, store.id, limits, parsed.data.title, now);
        return redirectWithNotice(
          config,
          `/Store/${store.id}/section/${section.id}`,
          notice("Sección creada", `Agrega productos o archivos a ${section.title}.`),
        );
      } catch (error) {
        return refusal(intent, error, "title");
      }
    }
    case "section-move": {
      const parsed = move.safeParse(fields);
      if (!parsed.success || !(await moveSection(db, store.id, parsed.data.id, parsed.data.direction, now))) notFound();
      return redirect(here);
    }
    case "delete": {
      await deleteStore(services, store);
      return redirectWithNotice(config, "/", notice("Tienda eliminada", `La tienda ${store.name} y sus archivos se eliminaron.`));
    }
    default:
      return failure({ form: "Acción desconocida" }, { intent });
  }
}

/** Files written for an upload that was then refused, unless a banner row already points at them. */
async function removeUnused(services: Services, storeId: string, keys: string[]) {
  const used = new Set((await listBanners(services.db, storeId)).map((b) => b.key));
  const unused = keys.filter((k) => !used.has(k));
  if (unused.length) await services.files.delete(unused);
}
