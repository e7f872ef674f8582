import { redirect } from "react-router";
import { z } from "zod";
import { isId } from "~/domain/ids";
import { type PlanLimits, photoUploadProblem } from "~/domain/limits";
import { addedCount } from "~/domain/words";
import { failure, textFields } from "~/http/action-result";
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

const PHOTO_FORM_MESSAGES = {
  noFiles: "Elige al menos una foto",
  noPhoto: "Elige una foto de este producto",
  noMove: "Elige subir, bajar o usar como portada",
  unknown: "Acción desconocida",
} as const;

/** The store's product and its gallery: 404 unless the product is the store's. */
async function loadProductPhotos(
  services: Services,
  store: Store,
  productId: string,
): Promise<{ product: Product; photos: ProductPhoto[] }> {
  const found = isId("product", productId) ? await findProductWithPhotos(services.db, store.id, productId) : undefined;
  return found ?? notFound();
}

/** A photo row id as a form sends it; anything else is refused before any query. */
const photoId = z.coerce
  .number(PHOTO_FORM_MESSAGES.noPhoto)
  .int(PHOTO_FORM_MESSAGES.noPhoto)
  .positive(PHOTO_FORM_MESSAGES.noPhoto)
  .max(Number.MAX_SAFE_INTEGER, PHOTO_FORM_MESSAGES.noPhoto);
const photoSchema = z.object({ photo: photoId });
const moveSchema = z.object({ photo: photoId, direction: z.enum(["up", "down"], PHOTO_FORM_MESSAGES.noMove) });

/** A refused form: the first message, for the whole form. */
const invalidPhotoForm = (intent: string, error: z.ZodError) =>
  failure({ form: error.issues[0]?.message ?? PHOTO_FORM_MESSAGES.noPhoto }, { intent });

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
  switch (intent) {
    case "add": {
      const chosen = filesOf(form, "photos");
      if (chosen.length === 0) return failure({ photos: PHOTO_FORM_MESSAGES.noFiles }, { intent: posted });
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
        return refusal(posted, error, "photos");
      }
      return redirectWithNotice(
        config,
        here,
        notice("Fotos agregadas", `${addedCount(chosen.length, "foto", "fotos")} a ${product.name}.`),
      );
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
      return redirectWithNotice(
        config,
        here,
        notice("Portada actualizada", `Tu tienda muestra esta foto primero en ${product.name}.`),
      );
    }
    case "delete": {
      const parsed = photoSchema.safeParse(fields);
      if (!parsed.success) return invalidPhotoForm(posted, parsed.error);
      let deleted: boolean;
      try {
        deleted = await deletePhoto(db, actor, files, product, parsed.data.photo, now);
      } catch (error) {
        return refusal(posted, error);
      }
      if (!deleted) notFound();
      return redirectWithNotice(config, here, notice("Foto eliminada", `La foto ya no aparece en ${product.name}.`));
    }
    default:
      return failure({ form: PHOTO_FORM_MESSAGES.unknown }, { intent: posted });
  }
}
