import { Form } from "react-router";
import { storeCountry } from "~/domain/countries";
import { LEGAL_NAME_MAX, POLICY_KINDS, POLICY_MAX, POLICY_PAGES, TAX_ID_MAX, taxIdName } from "~/domain/policies";
import { publicStoreUrl } from "~/services/config";
import { getServices } from "~/services/services";
import { Field, TextAreaField } from "~/ui/form";
import { useT } from "~/ui/messages";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { handlePoliciesAction, POLICY_COLUMNS, storePolicyText } from "../policies.server";
import type { Route } from "./+types/store-policies";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "stores.pageTitle.policies", defaultMessage: "Políticas" }), matches) }];
};

export function loader({ context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const country = storeCountry(store);
  const publicUrl = publicStoreUrl(getServices(context).config, store.url).replace(/\/$/, "");
  return {
    pages: POLICY_KINDS.map((kind) => ({
      kind,
      title: POLICY_PAGES[kind].title,
      href: `${publicUrl}${POLICY_PAGES[kind].path}`,
      text: storePolicyText(kind, store[POLICY_COLUMNS[kind]], { name: store.name, country }),
      template: !store[POLICY_COLUMNS[kind]],
    })),
    legalName: store.legalName,
    taxId: store.taxId,
    taxIdName: taxIdName(country),
    argentina: country === "AR",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handlePoliciesAction(
    getServices(context),
    actingUser(context),
    context.get(ownedStoreContext),
    await request.formData(),
    merchantT(context),
  );
}

/** 'Políticas': the store's 'Cambios y devoluciones', 'Envíos' and 'Privacidad' pages, and its fiscal identity. */
export default function StorePolicies({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const typed = (name: string, saved: string) => actionData?.values?.[name] ?? saved;
  const t = useT();
  return (
    <section className="panel wide" aria-labelledby="policies-title">
      <h2 id="policies-title">{t({ id: "stores.policies.title", defaultMessage: "Políticas" })}</h2>
      <p className="muted">
        {t({
          id: "stores.policies.intro",
          defaultMessage:
            "Tu tienda muestra estas páginas al pie de cada página. Empiezan con un texto de ejemplo: adáptalo a cómo trabajas. Texto simple: una línea en blanco separa párrafos, una línea que empieza con «# » es un título, y las direcciones web y los correos se vuelven enlaces. Deja un texto vacío para volver al ejemplo.",
        })}
      </p>
      {loaderData.argentina && (
        <p className="muted">
          {t({
            id: "stores.policies.argentina",
            defaultMessage:
              "Como tu tienda está en Argentina, su pie muestra también el Botón de arrepentimiento y el enlace a Defensa de las y los Consumidores. Las solicitudes de cancelación te llegan por correo y aparecen en la venta.",
          })}
        </p>
      )}
      <Form method="post" className="form">
        {loaderData.pages.map((page) => (
          <div key={page.kind}>
            <TextAreaField
              label={t(
                {
                  id: "stores.policies.pageLabel",
                  defaultMessage: "{title}{template, select, yes { (texto de ejemplo)} other {}}",
                },
                { title: page.title, template: page.template ? "yes" : "no" },
              )}
              name={page.kind}
              defaultValue={typed(page.kind, page.text)}
              error={errors[page.kind]}
              maxLength={POLICY_MAX}
              rows={8}
            />
            <p>
              <a href={page.href} target="_blank" rel="noreferrer">
                {t({ id: "stores.policies.view", defaultMessage: "Ver {title} en tu tienda" }, { title: page.title })}
              </a>
            </p>
          </div>
        ))}
        <Field
          label={t({ id: "stores.policies.legalName", defaultMessage: "Razón social (opcional)" })}
          name="legalName"
          defaultValue={typed("legalName", loaderData.legalName)}
          error={errors.legalName}
          maxLength={LEGAL_NAME_MAX}
          hint={t({ id: "stores.policies.legalNameHint", defaultMessage: "Se muestra al pie de tu tienda." })}
        />
        <Field
          label={t({ id: "stores.policies.taxId", defaultMessage: "{name} (opcional)" }, { name: loaderData.taxIdName })}
          name="taxId"
          defaultValue={typed("taxId", loaderData.taxId)}
          error={errors.taxId}
          maxLength={TAX_ID_MAX}
          hint={t({
            id: "stores.policies.taxIdHint",
            defaultMessage: "Se muestra al pie de tu tienda, junto a la razón social.",
          })}
        />
        <button type="submit" className="button">
          {t({ id: "stores.policies.save", defaultMessage: "Guardar políticas" })}
        </button>
      </Form>
    </section>
  );
}
