import { redirect } from "react-router";
import { z } from "zod";
import { isId } from "~/domain/ids";
import type { PlanLimits } from "~/domain/limits";
import { addedCount } from "~/domain/words";
import { failure, textFields } from "~/http/action-result";
import { notFound } from "~/http/responses";
import { IMAGE_HEIGHTS, sniffImageType } from "~/media/image-rules";
import { filesOf, type PreparedFile, prepareImage, prepareVideo, putAll } from "~/media/uploads.server";
import type { Services } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { notice } from "~/ui/notice";
import { invalid, moveForm, refusal } from "~/workspace/action-results.server";
import type { Actor } from "~/workspace/activity.server";
import type { Store } from "~/workspace/context.server";
import {
  addFileItems,
  addProductItems,
  createSection,
  deleteSection,
  type FileItemInput,
  findSection,
  findSectionWithItems,
  listSectionItems,
  moveItem,
  moveSection,
  removeItem,
  renameSection,
  type Section,
  sectionTitleSchema,
} from "./sections.server";

/** The section page's data: 404 unless the section is the store's. */
export async function loadSectionWithItems(services: Services, store: Store, sectionId: string) {
  const found = isId("section", sectionId) ? await findSectionWithItems(services.db, store.id, sectionId) : undefined;
  return found ?? notFound();
}

export async function loadSection(services: Services, store: Store, sectionId: string): Promise<Section> {
  const section = isId("section", sectionId) ? await findSection(services.db, store.id, sectionId) : undefined;
  return section ?? notFound();
}

const sectionPrefix = (section: Section) => `stores/${section.storeId}/sections/${section.id}`;
const itemAction = z.object({ item: z.coerce.number().int().positive(), direction: z.enum(["up", "down"]).optional() });

/** /Store/{id}/sections ('Secciones'): create a section (then open it) or move one up or down the home. */
export async function handleSectionListAction(
  services: Services,
  actor: Actor,
  limits: PlanLimits,
  store: Store,
  form: FormData,
) {
  const { db, config, clock } = services;
  const now = clock.now();
  const here = `/Store/${store.id}/sections`;
  const intent = String(form.get("intent") ?? "");
  const fields = textFields(form);
  switch (intent) {
    case "section-create": {
      const parsed = sectionTitleSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error);
      try {
        const section = await createSection(db, actor, store.id, limits, parsed.data.title, now);
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
      const parsed = moveForm.safeParse(fields);
      if (!parsed.success || !(await moveSection(db, actor, store.id, parsed.data.id, parsed.data.direction, now))) notFound();
      return redirect(here);
    }
    default:
      return failure({ form: "Acción desconocida" }, { intent });
  }
}

/** /Store/{id}/section/{sectionId}: rename, move or remove an item, delete the section. */
export async function handleSectionAction(services: Services, actor: Actor, section: Section, form: FormData) {
  const { db, files, config, clock } = services;
  const now = clock.now();
  const here = `/Store/${section.storeId}/section/${section.id}`;
  const intent = String(form.get("intent") ?? "");
  const fields = textFields(form);
  switch (intent) {
    case "rename": {
      const parsed = sectionTitleSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error);
      await renameSection(db, actor, section, parsed.data.title, now);
      return redirectWithNotice(config, here, notice("Sección guardada", `La sección ahora se llama ${parsed.data.title}.`));
    }
    case "item-move": {
      const parsed = itemAction.safeParse(fields);
      if (!parsed.success || !parsed.data.direction) return failure({ form: "Acción no válida" }, { intent });
      if (!(await moveItem(db, actor, section, parsed.data.item, parsed.data.direction, now))) notFound();
      return redirect(here);
    }
    case "item-remove": {
      const parsed = itemAction.safeParse(fields);
      if (!parsed.success) return failure({ form: "Acción no válida" }, { intent });
      if (!(await removeItem(db, actor, files, section, parsed.data.item, now))) notFound();
      return redirectWithNotice(config, here, notice("Elemento quitado", "Ya no aparece en esta sección."));
    }
    case "delete": {
      await deleteSection(db, actor, files, section, now);
      return redirectWithNotice(
        config,
        `/Store/${section.storeId}/sections`,
        notice("Sección eliminada", `${section.title} y sus archivos se eliminaron.`),
      );
    }
    default:
      return failure({ form: "Acción desconocida" }, { intent });
  }
}

/** /new/product: the chosen products of this store, capped at the section's free slots. */
export async function handleAddProducts(services: Services, actor: Actor, limits: PlanLimits, section: Section, form: FormData) {
  const ids = form.getAll("product").map(String);
  if (ids.length === 0) return failure({ form: "Elige al menos un producto" }, { intent: "add" });
  if (ids.length > 200 || ids.some((id) => !isId("product", id))) notFound();
  try {
    const added = await addProductItems(services.db, actor, section, limits, ids, services.clock.now());
    if (!added) notFound();
  } catch (error) {
    return refusal("add", error);
  }
  return redirectWithNotice(
    services.config,
    `/Store/${section.storeId}/section/${section.id}`,
    notice("Productos agregados", `${addedCount(ids.length, "producto", "productos")} a ${section.title}.`),
  );
}

/**
 * /new/file: images are resized to 400 px; videos are kept as uploaded with the 400-px thumbnail the
 * browser made from a frame (`thumb:{index}`), or none (placeholder) for audio or without JavaScript.
 * Every file is checked before anything is stored, and a refusal leaves nothing behind.
 */
export async function handleAddFiles(services: Services, actor: Actor, limits: PlanLimits, section: Section, form: FormData) {
  const { db, files, clock, config } = services;
  const chosen = filesOf(form, "files");
  if (chosen.length === 0) return failure({ files: "Elige al menos un archivo" }, { intent: "add" });
  const prefix = sectionPrefix(section);
  const stored: PreparedFile[] = [];
  const items: FileItemInput[] = [];
  try {
    for (const [index, file] of chosen.entries()) {
      const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
      if (sniffImageType(head)) {
        const image = await prepareImage(file, prefix, IMAGE_HEIGHTS.section);
        stored.push(image);
        items.push({ type: "image", fileKey: image.key, thumbKey: null, width: image.width, height: image.height });
        continue;
      }
      const video = await prepareVideo(file, prefix);
      const thumbFile = form.get(`thumb:${index}`);
      const thumb =
        !video.audioOnly && thumbFile instanceof File && thumbFile.size > 0
          ? await prepareImage(thumbFile, prefix, IMAGE_HEIGHTS.videoThumb)
          : null;
      stored.push(video, ...(thumb ? [thumb] : []));
      items.push({
        type: "video",
        fileKey: video.key,
        thumbKey: thumb?.key ?? null,
        width: thumb?.width ?? null,
        height: thumb?.height ?? null,
      });
    }
    await putAll(files, stored);
    await addFileItems(db, actor, section, limits, items, clock.now());
  } catch (error) {
    if (stored.length)
      await removeUnreferenced(
        services,
        section,
        stored.map((s) => s.key),
      );
    return refusal("add", error, "files");
  }
  return redirectWithNotice(
    config,
    `/Store/${section.storeId}/section/${section.id}`,
    notice("Archivos agregados", `${addedCount(chosen.length, "archivo", "archivos")} a ${section.title}.`),
  );
}

/** Files written for a refused upload, except those an existing item already uses (same content, same key). */
async function removeUnreferenced(services: Services, section: Section, keys: string[]) {
  const items = await listSectionItems(services.db, section.id);
  const used = new Set(items.flatMap((i) => [i.fileKey, i.thumbKey]));
  const unused = keys.filter((k) => !used.has(k));
  if (unused.length) await services.files.delete(unused);
}
