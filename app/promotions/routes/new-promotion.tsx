import { Link } from "react-router";
import { EMPTY_PROMOTION, MOST_PROMOTIONS, promotionFormMessage, typedPromotionValues } from "~/domain/promotion-form";
import { getServices } from "~/services/services";
import { useT } from "~/ui/messages";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { newPromotionReads } from "../page-reads.server";
import { handleCreatePromotion } from "../promotion-actions.server";
import { pickerChoices, promotionsPath } from "../promotion-choices";
import { PromotionForm } from "../promotion-form";
import type { Route } from "./+types/new-promotion";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "promotions.pageTitle.new", defaultMessage: "Nueva promoción" }), matches) }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const [products, zones, [counted]] = await readPage(context, newPromotionReads, { request, params });
  const count = counted?.count ?? 0;
  return {
    storeId: store.id,
    currency: store.currency,
    canAdd: count < MOST_PROMOTIONS,
    // Said here: the form's refusals are the server's own texts, not in the page's catalog.
    full: count < MOST_PROMOTIONS ? null : promotionFormMessage(merchantT(context), "limit"),
    ...pickerChoices({ products, zones }, store),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleCreatePromotion(
    getServices(context),
    actingUser(context),
    context.get(ownedStoreContext),
    await request.formData(),
    merchantT(context),
  );
}

export default function NewPromotion({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ? typedPromotionValues(actionData.values, EMPTY_PROMOTION) : EMPTY_PROMOTION;
  const t = useT();
  return (
    <section className="narrow-wide">
      <p className="back-link">
        <Link to={promotionsPath(loaderData.storeId)}>← {t({ id: "promotions.back", defaultMessage: "Promociones" })}</Link>
      </p>
      <h2>{t({ id: "promotions.new.title", defaultMessage: "Nueva promoción" })}</h2>
      {loaderData.canAdd ? (
        <PromotionForm
          intent="create"
          values={values}
          currency={loaderData.currency}
          errors={actionData?.errors ?? {}}
          submitLabel={t({ id: "promotions.new.submit", defaultMessage: "Crear promoción" })}
          products={loaderData.products}
          zones={loaderData.zones}
        />
      ) : (
        <p className="form-alert" role="alert">
          {loaderData.full}
        </p>
      )}
    </section>
  );
}
