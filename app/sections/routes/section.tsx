import { Form, Link } from "react-router";
import { cardPrice, cardPriceText } from "~/domain/catalog";
import { freeSlots } from "~/domain/limits";
import { defineMessages } from "~/domain/messages";
import { notFound } from "~/http/responses";
import { fileUrl } from "~/services/files";
import { getServices } from "~/services/services";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { ErrorText, Field, MoveButtons, RemoveButton } from "~/ui/form";
import { useT } from "~/ui/messages";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { merchantPlanLimits } from "~/workspace/plan-limits.server";
import { sectionReads } from "../page-reads.server";
import { handleSectionAction, loadSection } from "../section-actions.server";
import { sectionWithItemsOf } from "../sections.server";
import type { Route } from "./+types/section";

const TYPE_NAMES = defineMessages<"product" | "image" | "video">({
  product: { id: "sections.section.type.product", defaultMessage: "Producto" },
  image: { id: "sections.section.type.image", defaultMessage: "Imagen" },
  video: { id: "sections.section.type.video", defaultMessage: "Video" },
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  return [
    {
      title: storePageTitle(
        loaderData?.section.title ?? t({ id: "sections.pageTitle.section", defaultMessage: "Sección" }),
        matches,
      ),
    },
  ];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  // An address that is no section's id reads none.
  const found = sectionWithItemsOf(await readPage(context, sectionReads, { request, params }));
  if (!found) notFound();
  const { section, items } = found;
  const plan = merchantPlanLimits(context);
  const t = merchantT(context);
  return {
    storeId: store.id,
    section: { id: section.id, title: section.title },
    capacity: plan.itemsPerSection,
    free: freeSlots(plan.itemsPerSection, items.length),
    items: items.map((item) => ({
      id: item.id,
      type: item.type,
      label: item.type === "product" && item.productName !== null ? item.productName : t(TYPE_NAMES[item.type]),
      detail:
        item.type === "product" && item.productPrice !== null
          ? // A hidden product keeps its place here but is not shown on the store's home page.
            `${cardPriceText(
              cardPrice(
                {
                  price: item.productPrice,
                  compareAtPrice: item.productCompareAtPrice,
                  priceFrom: item.productPriceFrom,
                  priceTo: item.productPriceTo,
                },
                store,
              ),
            )}${item.productPublished === false ? t({ id: "sections.section.hidden", defaultMessage: " · Oculto" }) : ""}`
          : null,
      image:
        item.type === "product"
          ? item.productImageKey && fileUrl(item.productImageKey)
          : item.type === "image"
            ? item.fileKey && fileUrl(item.fileKey)
            : item.thumbKey && fileUrl(item.thumbKey),
      video: item.type === "video" && item.fileKey ? fileUrl(item.fileKey) : null,
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const section = await loadSection(services, context.get(ownedStoreContext), params.sectionId);
  return handleSectionAction(services, actingUser(context), section, await request.formData(), merchantT(context));
}

export default function SectionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { section, items, storeId, free, capacity } = loaderData;
  const errors = actionData?.errors ?? {};
  const base = `/Store/${storeId}/section/${section.id}`;
  const t = useT();
  return (
    <section>
      <p className="back-link">
        <Link to={`/Store/${storeId}/sections`}>{t({ id: "sections.section.back", defaultMessage: "← Secciones" })}</Link>
      </p>
      <Form method="post" className="inline-form">
        <input type="hidden" name="intent" value="rename" />
        <Field
          label={t({ id: "sections.section.name", defaultMessage: "Nombre de la sección" })}
          name="title"
          defaultValue={section.title}
          error={errors.title}
          maxLength={80}
          required
        />
        <button type="submit" className="button secondary">
          {t({ id: "sections.section.saveName", defaultMessage: "Guardar nombre" })}
        </button>
      </Form>
      <p className="muted" data-testid="section-slots">
        {t(
          {
            id: "sections.section.slots",
            defaultMessage:
              "{count} de {capacity} elementos · {free, plural, one {{free} espacio disponible} other {{free} espacios disponibles}}",
          },
          { count: String(items.length), capacity: String(capacity), free },
        )}
      </p>
      <p className="actions">
        {free > 0 ? (
          <>
            <Link className="button" to={`${base}/new/product`}>
              {t({ id: "sections.section.addProducts", defaultMessage: "Agregar productos" })}
            </Link>
            <Link className="button" to={`${base}/new/file`}>
              {t({ id: "sections.section.addFiles", defaultMessage: "Agregar imágenes o videos" })}
            </Link>
          </>
        ) : (
          <span className="form-info">
            {t({ id: "sections.section.full", defaultMessage: "Esta sección está llena. Quita un elemento para agregar otro." })}
          </span>
        )}
      </p>
      <ErrorText message={errors.form} />
      {items.length === 0 ? (
        <p>{t({ id: "sections.section.empty", defaultMessage: "Esta sección está vacía." })}</p>
      ) : (
        <ol className="item-list" aria-label={t({ id: "sections.section.items", defaultMessage: "Elementos de la sección" })}>
          {items.map((item, index) => (
            <li key={item.id} data-type={item.type}>
              {item.image ? (
                <img src={item.image} alt="" height={64} />
              ) : (
                <span className="image-placeholder small" aria-hidden="true" />
              )}
              <span className="grow">
                <strong>{item.label}</strong>
                <span className="muted">
                  {" "}
                  · {t(TYPE_NAMES[item.type])}
                  {item.detail && ` · ${item.detail}`}
                </span>
                {item.video && (
                  <a href={item.video} target="_blank" rel="noreferrer" className="small-link">
                    {t({ id: "sections.section.video", defaultMessage: "Ver video" })}
                  </a>
                )}
              </span>
              <MoveButtons intent="item-move" field="item" id={item.id} first={index === 0} last={index === items.length - 1} />
              <RemoveButton
                intent="item-remove"
                field="item"
                id={item.id}
                label={t({ id: "sections.section.removeOf", defaultMessage: "Quitar {name}" }, { name: item.label })}
                text={t({ id: "sections.section.remove", defaultMessage: "Quitar" })}
              />
            </li>
          ))}
        </ol>
      )}
      <ConfirmedForm
        className="danger-zone"
        fields={{ intent: "delete" }}
        buttonLabel={t({ id: "sections.section.delete", defaultMessage: "Eliminar sección" })}
        title={t({ id: "sections.section.deleteQuestion", defaultMessage: "¿Eliminar sección?" })}
        description={t(
          {
            id: "sections.section.deleteText",
            defaultMessage: "{title} y sus imágenes y videos se eliminarán. Los productos siguen en tu tienda.",
          },
          { title: section.title },
        )}
      />
    </section>
  );
}
