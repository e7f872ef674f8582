import { Form, Link } from "react-router";
import { cardPrice, cardPriceText } from "~/domain/catalog";
import { freeSlots } from "~/domain/limits";
import { counted } from "~/domain/words";
import { fileUrl } from "~/services/files";
import { getServices } from "~/services/services";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { ErrorText, Field, MoveButtons, RemoveButton } from "~/ui/form";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { storePageTitle } from "~/workspace/page-titles";
import { merchantPlanLimits } from "~/workspace/plan-limits.server";
import { handleSectionAction, loadSection, loadSectionWithItems } from "../section-actions.server";
import type { Route } from "./+types/section";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: storePageTitle(loaderData?.section.title ?? "Sección", matches) },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const { section, items } = await loadSectionWithItems(services, store, params.sectionId);
  const plan = merchantPlanLimits(context);
  return {
    storeId: store.id,
    section: { id: section.id, title: section.title },
    capacity: plan.itemsPerSection,
    free: freeSlots(plan.itemsPerSection, items.length),
    items: items.map((item) => ({
      id: item.id,
      type: item.type,
      label: item.type === "product" ? (item.productName ?? "Producto") : item.type === "image" ? "Imagen" : "Video",
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
            )}${item.productPublished === false ? " · Oculto" : ""}`
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
  return handleSectionAction(services, actingUser(context), section, await request.formData());
}

const TYPE_NAMES = { product: "Producto", image: "Imagen", video: "Video" } as const;

export default function SectionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { section, items, storeId, free, capacity } = loaderData;
  const errors = actionData?.errors ?? {};
  const base = `/Store/${storeId}/section/${section.id}`;
  return (
    <section>
      <p className="back-link">
        <Link to={`/Store/${storeId}/sections`}>← Secciones</Link>
      </p>
      <Form method="post" className="inline-form">
        <input type="hidden" name="intent" value="rename" />
        <Field
          label="Nombre de la sección"
          name="title"
          defaultValue={section.title}
          error={errors.title}
          maxLength={80}
          required
        />
        <button type="submit" className="button secondary">
          Guardar nombre
        </button>
      </Form>
      <p className="muted" data-testid="section-slots">
        {items.length} de {capacity} elementos · {counted(free, "espacio disponible", "espacios disponibles")}
      </p>
      <p className="actions">
        {free > 0 ? (
          <>
            <Link className="button" to={`${base}/new/product`}>
              Agregar productos
            </Link>
            <Link className="button" to={`${base}/new/file`}>
              Agregar imágenes o videos
            </Link>
          </>
        ) : (
          <span className="form-info">Esta sección está llena. Quita un elemento para agregar otro.</span>
        )}
      </p>
      <ErrorText message={errors.form} />
      {items.length === 0 ? (
        <p>Esta sección está vacía.</p>
      ) : (
        <ol className="item-list" aria-label="Elementos de la sección">
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
                  · {TYPE_NAMES[item.type]}
                  {item.detail && ` · ${item.detail}`}
                </span>
                {item.video && (
                  <a href={item.video} target="_blank" rel="noreferrer" className="small-link">
                    Ver video
                  </a>
                )}
              </span>
              <MoveButtons intent="item-move" field="item" id={item.id} first={index === 0} last={index === items.length - 1} />
              <RemoveButton intent="item-remove" field="item" id={item.id} label={`Quitar ${item.label}`} text="Quitar" />
            </li>
          ))}
        </ol>
      )}
      <ConfirmedForm
        className="danger-zone"
        fields={{ intent: "delete" }}
        buttonLabel="Eliminar sección"
        title="¿Eliminar sección?"
        description={`${section.title} y sus imágenes y videos se eliminarán. Los productos siguen en tu tienda.`}
      />
    </section>
  );
}
