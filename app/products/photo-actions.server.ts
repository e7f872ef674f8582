import { redirect } from "react-router";
import { z } from "zod";
import { isId } from "~/domain/ids";
import { type PlanLimits, photoUploadProblem } from "~/domain/limits";
import { defineMessages, type Translate } from "~/domain/messages";
import { failure, textFields, UNKNOWN_ACTION } from "~/http/action-result";
import { notFound } from "~/http/responses";
import { IMAGE_HEIGHTS } from "~/media/image-rules";
import { filesOf, type PreparedFile, prepareImage, putAll } from "~/media/uploads.server";
import type { Services } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { notice } from "~/ui/notice";
import { refusal } from "~/workspace/action-results.server";
import type { Actor } from "~/workspace/activity.server";
import type { Store } from "~/workspace/context.server";
import { addPhotos, deletePhoto, findProductWithPhotos, movePhoto, type ProductPhoto, unusedProductFiles } from "./photos.server";
import { productFilesPrefix } from "./product-files.server";
import type { Product } from "./products.server";

const PHOTO_FORM_MESSAGES = defineMessages({
  noFiles: { id: "products.refusal.noPhotos", defaultMessage: "Elige al menos una foto" },
  noPhoto: { id: "products.refusal.noPhoto", defaultMessage: "Elige una foto de este producto" },
  noMove: { id: "products.refusal.noMove", defaultMessage: "Elige subir, bajar o usar como portada" },
  added: { id: "products.notice.photosAdded", defaultMessage: "Fotos agregadas" },
  addedText: {
    id: "products.notice.photosAddedText",
    defaultMessage: "{count, plural, one {Se agregó {count} foto} other {Se agregaron {count} fotos}} a {name}.",
  },
  cover: { id: "products.notice.cover", defaultMessage: "Portada actualizada" },
  coverText: { id: "products.notice.coverText", defaultMessage: "Tu tienda muestra esta foto primero en {name}." },
  deleted: { id: "products.notice.photoDeleted", defaultMessage: "Foto eliminada" },
  deletedText: { id: "products.notice.photoDeletedText", defaultMessage: "La foto ya no aparece en {name}." },
});
const M = PHOTO_FORM_MESSAGES;

/** The store's product and its gallery: 404 unless the product is the store's. */
async function loadProductPhotos(
  services: Services,
  store: Store,
  productId: string,
): Promise<{ product: Product; photos: ProductPhoto[] }> {
  const found = isId("product", productId) ? await findProductWithPhotos(services.db, store.id, productId) : undefined;
  return found ?? notFound();
}

/** The photo forms, their refusals in `t`'s variant: a photo row id as a form sends it, anything else refused before any query. */
function photoForms(t: Translate) {
  const noPhoto = t(M.noPhoto);
  const photo = z.coerce.number(noPhoto).int(noPhoto).positive(noPhoto).max(Number.MAX_SAFE_INTEGER, noPhoto);
  return {
    photoSchema: z.object({ photo }),
    moveSchema: z.object({ photo, direction: z.enum(["up", "down"], t(M.noMove)) }),
    /** A refused form: the first message, for the whole form. */
    invalid: (intent: string, error: z.ZodError) => failure({ form: error.issues[0]?.message ?? noPhoto }, { intent }),
  };
}

/**
 * /Store/{id}/products/{productId}/photos: add photos (intent=add), move one (intent=move with
 * direction up/down), make one the cover (intent=cover) or delete one (intent=delete). The product is
 * read through the owned store, and every photo id is matched to that product: another product's or
 * store's photo answers 404. The edit page's gallery posts the same intents prefixed ('photo-move'…) and is
 * sent back to its own `path`.
 */
export async function handlePhotoAction(
  services: Services,
  actor: Actor,
  limits: PlanLimits,
  store: Store,
  productId: string,
  form: FormData,
  t: Translate,
  page: { path?: string; intentPrefix?: string } = {},
) {
  const { db, files, config, clock } = services;
  const { product, photos } = await loadProductPhotos(services, store, productId);
  const here = page.path ?? `/Store/${store.id}/products/${product.id}/photos`;
  const now = clock.now();
  const posted = String(form.get("intent") ?? "");
  const prefix = page.intentPrefix ?? "";
  const intent = posted.startsWith(prefix) ? posted.slice(prefix.length) : "";
  const fields = textFields(form);
  const { photoSchema, moveSchema, invalid: invalidPhotoForm } = photoForms(t);
  switch (intent) {
    case "add": {
      const chosen = filesOf(form, "photos");
      if (chosen.length === 0) return failure({ photos: t(M.noFiles) }, { intent: posted });
      // Refused before any picture is decoded; the conditioned insert below is what holds the limit.
      const problem = photoUploadProblem(limits, photos.length, chosen.length);
      if (problem) return failure({ photos: problem }, { intent: posted, status: 409 });
      let prepared: PreparedFile[] = [];
      try {
        prepared = await Promise.all(
          chosen.map((file) => prepareImage(file, productFilesPrefix(store.id, product.id), IMAGE_HEIGHTS.product)),
        );
        await putAll(files, prepared);
        const added = await addPhotos(
          db,
          actor,
          product,
          limits,
          prepared.map((p, i) => ({
            key: p.key,
            width: p.width ?? 0,
            height: p.height ?? 0,
            filename: chosen[i]?.name.slice(0, 200) ?? "",
          })),
          now,
        );
        // The product was deleted meanwhile: the 404 passes through the cleanup below (refusal rethrows it).
        if (!added) notFound();
      } catch (error) {
        // Refused or gone: the files this upload wrote go unless a photo or a sale line shows them.
        const unused = await unusedProductFiles(
          db,
          product.id,
          prepared.map((p) => p.key),
        );
        if (unused.length) await files.delete(unused);
        return refusal(posted, error, "photos", { t });
      }
      return redirectWithNotice(config, here, notice(t(M.added), t(M.addedText, { count: chosen.length, name: product.name })));
    }
    case "move": {
      const parsed = moveSchema.safeParse(fields);
      if (!parsed.success) return invalidPhotoForm(posted, parsed.error);
      if (!(await movePhoto(db, actor, product, photos, parsed.data.photo, parsed.data.direction, now))) notFound();
      return redirect(here);
    }
    case "cover": {
      const parsed = photoSchema.safeParse(fields);
      if (!parsed.success) return invalidPhotoForm(posted, parsed.error);
      if (!(await movePhoto(db, actor, product, photos, parsed.data.photo, "cover", now))) notFound();
      return redirectWithNotice(config, here, notice(t(M.cover), t(M.coverText, { name: product.name })));
    }
    case "delete": {
      const parsed = photoSchema.safeParse(fields);
      if (!parsed.success) return invalidPhotoForm(posted, parsed.error);
      let deleted: boolean;
      try {
        deleted = await deletePhoto(db, actor, files, product, parsed.data.photo, now);
      } catch (error) {
        return refusal(posted, error, "form", { t });
      }
      if (!deleted) notFound();
      return redirectWithNotice(config, here, notice(t(M.deleted), t(M.deletedText, { name: product.name })));
    }
    default:
      return failure({ form: t(UNKNOWN_ACTION) }, { intent: posted });
  }
}
