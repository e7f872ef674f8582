import { Link } from "react-router";
import { discountFormMessage, EMPTY_DISCOUNT_CODE, MOST_DISCOUNT_CODES, typedFormValues } from "~/domain/discount-code-form";
import { getServices } from "~/services/services";
import { useT } from "~/ui/messages";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { DiscountCodeForm } from "../code-form";
import { handleCreateDiscountCode } from "../discount-code-actions.server";
import { newDiscountCodeReads } from "../page-reads.server";
import type { Route } from "./+types/new-discount-code";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "discounts.pageTitle.new", defaultMessage: "Nuevo código de descuento" }), matches) }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const [[counted]] = await readPage(context, newDiscountCodeReads, { request, params });
  const count = counted?.count ?? 0;
  // Said here: the form's refusals are the server's own texts, not in the page's catalog.
  const canAdd = count < MOST_DISCOUNT_CODES;
  return {
    storeId: store.id,
    currency: store.currency,
    canAdd,
    full: canAdd ? null : discountFormMessage(merchantT(context), "limit"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleCreateDiscountCode(
    getServices(context),
    actingUser(context),
    context.get(ownedStoreContext),
    await request.formData(),
    merchantT(context),
  );
}

export default function NewDiscountCode({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ? typedFormValues(actionData.values, EMPTY_DISCOUNT_CODE) : EMPTY_DISCOUNT_CODE;
  const t = useT();
  return (
    <section className="narrow-wide">
      <p className="back-link">
        <Link to={`/Store/${loaderData.storeId}/discounts`}>← {t({ id: "discounts.back", defaultMessage: "Descuentos" })}</Link>
      </p>
      <h2>{t({ id: "discounts.new.title", defaultMessage: "Nuevo código" })}</h2>
      {loaderData.canAdd ? (
        <DiscountCodeForm
          intent="create"
          values={values}
          currency={loaderData.currency}
          errors={actionData?.errors ?? {}}
          submitLabel={t({ id: "discounts.new.submit", defaultMessage: "Crear código" })}
        />
      ) : (
        <p className="form-alert" role="alert">
          {loaderData.full}
        </p>
      )}
    </section>
  );
}
