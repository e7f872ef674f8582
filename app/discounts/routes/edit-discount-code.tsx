import { Link } from "react-router";
import { discountCodeFormValues, typedFormValues } from "~/domain/discount-code-form";
import { notFound } from "~/http/responses";
import { getServices } from "~/services/services";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { useT } from "~/ui/messages";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { DiscountCodeForm } from "../code-form";
import { codeShareLinks } from "../code-link";
import { CodeLinkShare } from "../code-link-share";
import { handleEditDiscountCode } from "../discount-code-actions.server";
import { editDiscountCodeReads } from "../page-reads.server";
import type { Route } from "./+types/edit-discount-code";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  return [
    { title: storePageTitle(loaderData?.code ?? t({ id: "discounts.pageTitle.code", defaultMessage: "Código" }), matches) },
  ];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  // Another store's code, or an address that is no code's id, reads none.
  const [[code]] = await readPage(context, editDiscountCodeReads, { request, params });
  if (!code) notFound();
  const { qrTarget: _, ...share } = codeShareLinks(getServices(context).config, store, code);
  return {
    storeId: store.id,
    currency: store.currency,
    id: code.id,
    code: code.code,
    uses: code.uses,
    values: discountCodeFormValues(code, store.currency, store.country),
    share,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  return handleEditDiscountCode(
    services,
    actingUser(context),
    store,
    params.codeId,
    await request.formData(),
    merchantT(context),
  );
}

export default function EditDiscountCode({ loaderData, actionData }: Route.ComponentProps) {
  const { storeId, code, uses, currency, share } = loaderData;
  const values = actionData?.values ? typedFormValues(actionData.values, loaderData.values) : loaderData.values;
  const t = useT();
  return (
    <section className="narrow-wide">
      <p className="back-link">
        <Link to={`/Store/${storeId}/discounts`}>← {t({ id: "discounts.back", defaultMessage: "Descuentos" })}</Link>
      </p>
      <h2>{t({ id: "discounts.edit.title", defaultMessage: "Editar código {code}" }, { code })}</h2>
      <CodeLinkShare code={code} links={share} />
      <DiscountCodeForm
        intent="save"
        values={values}
        currency={currency}
        errors={actionData?.errors ?? {}}
        submitLabel={t({ id: "discounts.edit.submit", defaultMessage: "Guardar cambios" })}
        uses={uses}
      />
      <ConfirmedForm
        className="danger-zone"
        fields={{ intent: "delete" }}
        buttonLabel={t({ id: "discounts.edit.delete", defaultMessage: "Eliminar código" })}
        title={t({ id: "discounts.deleteTitle", defaultMessage: "¿Eliminar {code}?" }, { code })}
        description={t({
          id: "discounts.deleteDescription",
          defaultMessage: "Tus clientes ya no podrán usarlo. Las ventas que lo usaron conservan el código.",
        })}
      />
    </section>
  );
}
