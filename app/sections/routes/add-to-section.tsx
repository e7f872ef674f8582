import { useState } from "react";
import { Form, Link } from "react-router";
import { cardPrice, cardPriceText } from "~/domain/catalog";
import { freeSlots, LIMIT_MESSAGES } from "~/domain/limits";
import { notFound } from "~/http/responses";
import { IMAGE_HEIGHTS } from "~/media/image-rules";
import { FileField, UploadForm } from "~/media/upload-form";
import { sendWithProgress } from "~/media/upload-progress";
import { VIDEO_EXTENSIONS } from "~/media/video-rules";
import { fileUrl } from "~/services/files";
import { getServices } from "~/services/services";
import { ErrorText } from "~/ui/form";
import { useT } from "~/ui/messages";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { merchantPlanLimits } from "~/workspace/plan-limits.server";
import { addToSectionReads } from "../page-reads.server";
import { handleAddFiles, handleAddProducts, loadSection } from "../section-actions.server";
import { sectionWithItemsOf } from "../sections.server";
import type { Route } from "./+types/add-to-section";

export const meta: Route.MetaFunction = ({ params, matches }) => {
  const t = metaT(matches);
  return [
    {
      title: storePageTitle(
        params.type === "product"
          ? t({ id: "sections.pageTitle.addProducts", defaultMessage: "Agregar productos" })
          : t({ id: "sections.pageTitle.addFiles", defaultMessage: "Agregar archivos" }),
        matches,
      ),
    },
  ];
};

const ACCEPT = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/tiff",
  ".jpg",
  ".jpeg",
  ".tif",
  ".tiff",
  ".png",
  ".webp",
  "video/*",
  "audio/*",
  ...VIDEO_EXTENSIONS.map((e) => `.${e}`),
].join(",");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.type !== "product" && params.type !== "file") notFound();
  const store = context.get(ownedStoreContext);
  const [sectionRows, itemRows, products] = await readPage(context, addToSectionReads, { request, params });
  // Another store's section, or an address that is no section's id, reads none.
  const found = sectionWithItemsOf([sectionRows, itemRows]);
  if (!found) notFound();
  const { section, items } = found;
  const plan = merchantPlanLimits(context);
  const inSection = new Set(items.map((i) => i.productId));
  return {
    type: params.type,
    storeId: store.id,
    section: { id: section.id, title: section.title },
    free: freeSlots(plan.itemsPerSection, items.length),
    products: products
      .filter((p) => !inSection.has(p.id))
      .map((p) => ({
        id: p.id,
        name: p.name,
        price: cardPriceText(cardPrice(p, store)),
        image: p.imageKey ? fileUrl(p.imageKey) : null,
      })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const section = await loadSection(services, store, params.sectionId);
  const plan = merchantPlanLimits(context);
  const form = await request.formData();
  if (params.type === "product") return handleAddProducts(services, actingUser(context), plan, section, form, merchantT(context));
  if (params.type === "file") return handleAddFiles(services, actingUser(context), plan, section, form, merchantT(context));
  notFound();
}

/** With JavaScript, files go up with a progress bar and 'Cancelar' (the same action answers). */
export async function clientAction(args: Route.ClientActionArgs) {
  return sendWithProgress(args);
}

export default function AddToSection({ loaderData, actionData }: Route.ComponentProps) {
  const { section, storeId, free, type } = loaderData;
  const errors = actionData?.errors ?? {};
  const back = `/Store/${storeId}/section/${section.id}`;
  const t = useT();
  return (
    <section>
      <p className="back-link">
        <Link to={back}>← {section.title}</Link>
      </p>
      <h2>
        {type === "product"
          ? t({ id: "sections.add.products", defaultMessage: "Agregar productos" })
          : t({ id: "sections.add.files", defaultMessage: "Agregar imágenes o videos" })}
      </h2>
      <p className="muted" data-testid="free-slots">
        {t(
          {
            id: "sections.add.free",
            defaultMessage:
              "Esta sección tiene {count, plural, one {{count} espacio disponible} other {{count} espacios disponibles}}.",
          },
          { count: free },
        )}
      </p>
      {type === "product" ? (
        <ProductPicker products={loaderData.products} free={free} error={errors.form} />
      ) : (
        <FilePicker free={free} error={errors.files ?? errors.form} />
      )}
    </section>
  );
}

function ProductPicker({
  products,
  free,
  error,
}: {
  products: Route.ComponentProps["loaderData"]["products"];
  free: number;
  error?: string;
}) {
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const t = useT();
  if (products.length === 0)
    return (
      <p>
        {t({
          id: "sections.add.noProducts",
          defaultMessage: "Todos tus productos ya están en esta sección, o aún no tienes productos.",
        })}
      </p>
    );
  return (
    <Form method="post" className="form">
      <p className="muted" aria-live="polite">
        {t(
          { id: "sections.add.chosen", defaultMessage: "Elegidos {count} de {free}" },
          { count: String(chosen.size), free: String(free) },
        )}
      </p>
      <ul className="picker" aria-label={t({ id: "sections.add.productsLabel", defaultMessage: "Productos" })}>
        {products.map((p) => {
          const checked = chosen.has(p.id);
          return (
            <li key={p.id}>
              <label>
                <input
                  type="checkbox"
                  name="product"
                  value={p.id}
                  checked={checked}
                  disabled={!checked && chosen.size >= free}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(p.id);
                    else next.delete(p.id);
                    setChosen(next);
                  }}
                />
                {p.image ? <img src={p.image} alt="" height={48} loading="lazy" /> : <span className="image-placeholder small" />}
                <span>{p.name}</span>
                <span className="muted">{p.price}</span>
              </label>
            </li>
          );
        })}
      </ul>
      <ErrorText message={error} />
      <button type="submit" className="button" disabled={chosen.size === 0}>
        {t({ id: "sections.add.submit", defaultMessage: "Agregar a la sección" })}
      </button>
    </Form>
  );
}

function FilePicker({ free, error }: { free: number; error?: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? error;
  const t = useT();
  return (
    <UploadForm
      className="form"
      busyText={t({ id: "sections.add.uploading", defaultMessage: "Subiendo archivos…" })}
      onProblem={setProblem}
    >
      <FileField
        label={t({ id: "sections.add.filesLabel", defaultMessage: "Imágenes o videos (hasta 6 MB cada uno)" })}
        name="files"
        accept={ACCEPT}
        multiple
        required
        resizeHeight={IMAGE_HEIGHTS.section}
        maxFiles={free}
        tooManyMessage={LIMIT_MESSAGES.sectionItems(free)}
        videoThumbs
        hint={t(
          { id: "sections.add.filesHint", defaultMessage: "Imágenes: jpg, png, webp, tiff. Videos: {extensions}." },
          { extensions: VIDEO_EXTENSIONS.join(", ") },
        )}
        error={message}
      />
      <button type="submit" className="button">
        {t({ id: "sections.add.upload", defaultMessage: "Subir archivos" })}
      </button>
    </UploadForm>
  );
}
