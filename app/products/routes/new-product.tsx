import { Link } from "react-router";
import { canAddProduct, LIMIT_MESSAGES } from "~/domain/limits";
import { defineMessage } from "~/domain/messages";
import { sendWithProgress } from "~/media/upload-progress";
import { getServices } from "~/services/services";
import { Rich, useT } from "~/ui/messages";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { merchantPlanLimits } from "~/workspace/plan-limits.server";
import { newProductReads } from "../page-reads.server";
import { handleCreateProduct } from "../product-actions.server";
import { EMPTY_PRODUCT, ProductForm, typedProductValues } from "../product-form";
import type { Route } from "./+types/new-product";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "products.pageTitle.new", defaultMessage: "Nuevo producto" }), matches) }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const [[counted]] = await readPage(context, newProductReads, { request, params });
  const count = counted?.n ?? 0;
  const plan = merchantPlanLimits(context);
  return {
    storeId: store.id,
    currency: store.currency,
    canAdd: canAddProduct(plan, count),
    photosPerProduct: plan.photosPerProduct,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleCreateProduct(
    getServices(context),
    actingUser(context),
    merchantPlanLimits(context),
    context.get(ownedStoreContext),
    await request.formData(),
    merchantT(context),
  );
}

/** With JavaScript, files go up with a progress bar and 'Cancelar' (the same action answers). */
export async function clientAction(args: Route.ClientActionArgs) {
  return sendWithProgress(args);
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  const t = useT();
  return (
    <section className="narrow-wide">
      <p className="back-link">
        <Link to={`/Store/${loaderData.storeId}/products`}>{t({ id: "products.new.back", defaultMessage: "← Productos" })}</Link>
      </p>
      <h2>{t({ id: "products.new.title", defaultMessage: "Nuevo producto" })}</h2>
      {loaderData.canAdd ? (
        <ProductForm
          intent="create"
          values={actionData?.values ? typedProductValues(actionData.values, EMPTY_PRODUCT) : EMPTY_PRODUCT}
          currency={loaderData.currency}
          errors={errors}
          submitLabel={t({ id: "products.new.submit", defaultMessage: "Crear producto" })}
          photosPerProduct={loaderData.photosPerProduct}
        />
      ) : (
        <p className="form-alert" role="alert">
          <Rich
            message={defineMessage({
              id: "products.new.limitUpgrade",
              defaultMessage: "{limit}. Cambia a Premium en <plans>Plan</plans> para tener productos ilimitados.",
            })}
            values={{ limit: LIMIT_MESSAGES.products, plans: (chunks) => <Link to="/plans">{chunks}</Link> }}
          />
        </p>
      )}
    </section>
  );
}
