import { Link } from "react-router";
import { promotionFormValues, typedPromotionValues } from "~/domain/promotion-form";
import { notFound } from "~/http/responses";
import { getServices } from "~/services/services";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { useT } from "~/ui/messages";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { editPromotionReads } from "../page-reads.server";
import { handleEditPromotion } from "../promotion-actions.server";
import { pickerChoices, promotionsPath } from "../promotion-choices";
import { PromotionForm } from "../promotion-form";
import type { Route } from "./+types/edit-promotion";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  return [
    {
      title: storePageTitle(
        loaderData?.name ?? t({ id: "promotions.pageTitle.promotion", defaultMessage: "Promoción" }),
        matches,
      ),
    },
  ];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  // Another store's promotion, or an address that is no promotion's id, reads none.
  const [products, zones, [promotion]] = await readPage(context, editPromotionReads, { request, params });
  if (!promotion) notFound();
  return {
    storeId: store.id,
    currency: store.currency,
    name: promotion.name,
    values: promotionFormValues(promotion, store.currency, store.country),
    ...pickerChoices({ products, zones }, store),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  return handleEditPromotion(
    services,
    actingUser(context),
    context.get(ownedStoreContext),
    params.promotionId,
    await request.formData(),
    merchantT(context),
  );
}

export default function EditPromotion({ loaderData, actionData }: Route.ComponentProps) {
  const { storeId, name, currency } = loaderData;
  const values = actionData?.values ? typedPromotionValues(actionData.values, loaderData.values) : loaderData.values;
  const t = useT();
  return (
    <section className="narrow-wide">
      <p className="back-link">
        <Link to={promotionsPath(storeId)}>← {t({ id: "promotions.back", defaultMessage: "Promociones" })}</Link>
      </p>
      <h2>{t({ id: "promotions.edit.title", defaultMessage: "Editar {name}" }, { name })}</h2>
      <PromotionForm
        intent="save"
        values={values}
        currency={currency}
        errors={actionData?.errors ?? {}}
        submitLabel={t({ id: "promotions.edit.submit", defaultMessage: "Guardar cambios" })}
        products={loaderData.products}
        zones={loaderData.zones}
      />
      <ConfirmedForm
        className="danger-zone"
        fields={{ intent: "delete" }}
        buttonLabel={t({ id: "promotions.edit.delete", defaultMessage: "Eliminar promoción" })}
        title={t({ id: "promotions.deleteTitle", defaultMessage: "¿Eliminar {name}?" }, { name })}
        description={t({
          id: "promotions.deleteDescription",
          defaultMessage: "Deja de aplicarse en tu tienda. Los pedidos que la usaron la conservan.",
        })}
      />
    </section>
  );
}
