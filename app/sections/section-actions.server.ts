import { redirect } from "react-router";
import { z } from "zod";
import { isId } from "~/domain/ids";
import type { PlanLimits } from "~/domain/limits";
import { defineMessages, type Translate } from "~/domain/messages";
import { failure, parseForm, textFields, UNKNOWN_ACTION } from "~/http/action-result";
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
  listSectionItems,
  moveItem,
  moveSection,
  removeItem,
  renameSection,
  type Section,
  sectionTitleSchema,
} from "./sections.server";

/** The section page's data: 404 unless the section is the store's. */
export async function loadSection(services: Services, store: Store, sectionId: string): Promise<Section> {
  const section = isId("section", sectionId) ? await findSection(services.db, store.id, sectionId) : undefined;
  return section ?? notFound();
}

const SECTION_ACTION_MESSAGES = defineMessages({
  created: { id: "sections.notice.created", defaultMessage: "Sección creada" },
  createdText: { id: "sections.notice.createdText", defaultMessage: "Agrega productos o archivos a {title}." },
  renamed: { id: "sections.notice.renamed", defaultMessage: "Sección guardada" },
  renamedText: { id: "sections.notice.renamedText", defaultMessage: "La sección ahora se llama {title}." },
  itemRemoved: { id: "sections.notice.itemRemoved", defaultMessage: "Elemento quitado" },
  itemRemovedText: { id: "sections.notice.itemRemovedText", defaultMessage: "Ya no aparece en esta sección." },
  deleted: { id: "sections.notice.deleted", defaultMessage: "Sección eliminada" },
  deletedText: { id: "sections.notice.deletedText", defaultMessage: "{title} y sus archivos se eliminaron." },
  productsAdded: { id: "sections.notice.productsAdded", defaultMessage: "Productos agregados" },
  productsAddedText: {
    id: "sections.notice.productsAddedText",
    defaultMessage: "{count, plural, one {Se agregó {count} producto} other {Se agregaron {count} productos}} a {title}.",
  },
  filesAdded: { id: "sections.notice.filesAdded", defaultMessage: "Archivos agregados" },
  filesAddedText: {
    id: "sections.notice.filesAddedText",
    defaultMessage: "{count, plural, one {Se agregó {count} archivo} other {Se agregaron {count} archivos}} a {title}.",
  },
  noProducts: { id: "sections.refusal.noProducts", defaultMessage: "Elige al menos un producto" },
  noFiles: { id: "sections.refusal.noFiles", defaultMessage: "Elige al menos un archivo" },
  invalidAction: { id: "sections.refusal.invalidAction", defaultMessage: "Acción no válida" },
});
const M = SECTION_ACTION_MESSAGES;

const sectionPrefix = (section: Section) => `stores/${section.storeId}/sections/${section.id}`;
const itemAction = z.object({ item: z.coerce.number().int().positive(), direction: z.enum(["up", "down"]).optional() });

/** /Store/{id}/sections ('Secciones'): create a section (then open it) or move one up or down the home. */
export async function handleSectionListAction(
  services: Services,
  actor: Actor,
  limits: PlanLimits,
  store: Store,
  form: FormData,
  t: Translate,
) {
  const { db, config, clock } = services;
  const now = clock.now();
  const here = `/Store/${store.id}/sections`;
  const intent = String(form.get("intent") ?? "");
  const fields = textFields(form);
  switch (intent) {
    case "section-create": {
      const parsed = parseForm(sectionTitleSchema, fields, t);
      if (!parsed.success) return invalid(intent, parsed.error);
      try {
        const section = await createSection(db, actor, store.id, limits, parsed.data.title, now);
        return redirectWithNotice(
          config,
          `/Store/${store.id}/section/${section.id}`,
          notice(t(M.created), t(M.createdText, { title: section.title })),
        );
      } catch (error) {
        return refusal(intent, error, "title", { t });
      }
    }
    case "section-move": {
      const parsed = moveForm.safeParse(fields);
      if (!parsed.success || !(await moveSection(db, actor, store.id, parsed.data.id, parsed.data.direction, now))) notFound();
      return redirect(here);
    }
    default:
      return failure({ form: t(UNKNOWN_ACTION) }, { intent });
  }
}

/** /Store/{id}/section/{sectionId}: rename, move or remove an item, delete the section. */
export async function handleSectionAction(services: Services, actor: Actor, section: Section, form: FormData, t: Translate) {
  const { db, files, config, clock } = services;
  const now = clock.now();
  const here = `/Store/${section.storeId}/section/${section.id}`;
  const intent = String(form.get("intent") ?? "");
  const fields = textFields(form);
  switch (intent) {
    case "rename": {
      const parsed = parseForm(sectionTitleSchema, fields, t);
      if (!parsed.success) return invalid(intent, parsed.error);
      await renameSection(db, actor, section, parsed.data.title, now);
      return redirectWithNotice(config, here, notice(t(M.renamed), t(M.renamedText, { title: parsed.data.title })));
    }
    case "item-move": {
      const parsed = itemAction.safeParse(fields);
      if (!parsed.success || !parsed.data.direction) return failure({ form: t(M.invalidAction) }, { intent });
      if (!(await moveItem(db, actor, section, parsed.data.item, parsed.data.direction, now))) notFound();
      return redirect(here);
    }
    case "item-remove": {
      const parsed = itemAction.safeParse(fields);
      if (!parsed.success) return failure({ form: t(M.invalidAction) }, { intent });
      if (!(await removeItem(db, actor, files, section, parsed.data.item, now))) notFound();
      return redirectWithNotice(config, here, notice(t(M.itemRemoved), t(M.itemRemovedText)));
    }
    case "delete": {
      await deleteSection(db, actor, files, section, now);
      return redirectWithNotice(
        config,
        `/Store/${section.storeId}/sections`,
        notice(t(M.deleted), t(M.deletedText, { title: section.title })),
      );
    }
    default:
      return failure({ form: t(UNKNOWN_ACTION) }, { intent });
  }
}

/** /new/product: the chosen products of this store, capped at the section's free slots. */
export async function handleAddProducts(
  services: Services,
  actor: Actor,
  limits: PlanLimits,
  section: Section,
  form: FormData,
  t: Translate,
) {
  const ids = form.getAll("product").map(String);
  if (ids.length === 0) return failure({ form: t(M.noProducts) }, { intent: "add" });
  if (ids.length > 200 || ids.some((id) => !isId("product", id))) notFound();
  try {
    const added = await addProductItems(services.db, actor, section, limits, ids, services.clock.now());
    if (!added) notFound();
  } catch (error) {
    return refusal("add", error, "form", { t });
  }
  return redirectWithNotice(
    services.config,
    `/Store/${section.storeId}/section/${section.id}`,
    notice(t(M.productsAdded), t(M.productsAddedText, { count: ids.length, title: section.title })),
  );
}

/**
 * /new/file: images are resized to 400 px; videos are kept as uploaded with the 400-px thumbnail the
 * browser made from a frame (`thumb:{index}`), or none (placeholder) for audio or without JavaScript.
 * Every file is checked before anything is stored, and a refusal leaves nothing behind.
 */
export async function handleAddFiles(
  services: Services,
  actor: Actor,
  limits: PlanLimits,
  section: Section,
  form: FormData,
  t: Translate,
) {
  const { db, files, clock, config } = services;
  const chosen = filesOf(form, "files");
  if (chosen.length === 0) return failure({ files: t(M.noFiles) }, { intent: "add" });
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
    return refusal("add", error, "files", { t });
  }
  return redirectWithNotice(
    config,
    `/Store/${section.storeId}/section/${section.id}`,
    notice(t(M.filesAdded), t(M.filesAddedText, { count: chosen.length, title: section.title })),
  );
}

/** Files written for a refused upload, except those an existing item already uses (same content, same key). */
async function removeUnreferenced(services: Services, section: Section, keys: string[]) {
  const items = await listSectionItems(services.db, section.id);
  const used = new Set(items.flatMap((i) => [i.fileKey, i.thumbKey]));
  const unused = keys.filter((k) => !used.has(k));
  if (unused.length) await services.files.delete(unused);
}
