// 'Secciones': the groups of products, images and videos on the store's home, in their order.

import { Form, Link } from "react-router";
import { canAddSection, LIMIT_MESSAGES } from "~/domain/limits";
import { getServices } from "~/services/services";
import { ErrorText, Field, MoveButtons } from "~/ui/form";
import { useT } from "~/ui/messages";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { merchantPlanLimits } from "~/workspace/plan-limits.server";
import { sectionListReads } from "../page-reads.server";
import { handleSectionListAction } from "../section-actions.server";
import type { Route } from "./+types/section-list";

type SectionListData = Route.ComponentProps["loaderData"];
type Errors = Record<string, string | undefined>;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "sections.pageTitle.list", defaultMessage: "Secciones" }), matches) }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const [sections] = await readPage(context, sectionListReads, { request, params });
  return {
    storeId: store.id,
    sections: sections.map((s) => ({ id: s.id, title: s.title, items: s.items })),
    plan: merchantPlanLimits(context),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSectionListAction(
    getServices(context),
    actingUser(context),
    merchantPlanLimits(context),
    context.get(ownedStoreContext),
    await request.formData(),
    merchantT(context),
  );
}

export default function SectionList({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.intent === "section-create" ? actionData.errors : {};
  return (
    <div className="info-grid">
      <SectionsPanel storeId={loaderData.storeId} sections={loaderData.sections} plan={loaderData.plan} errors={errors} />
    </div>
  );
}

function SectionsPanel({
  storeId,
  sections,
  plan,
  errors,
}: {
  storeId: string;
  sections: SectionListData["sections"];
  plan: SectionListData["plan"];
  errors: Errors;
}) {
  const t = useT();
  return (
    <section className="panel wide" aria-labelledby="sections-title">
      <h2 id="sections-title">{t({ id: "sections.list.title", defaultMessage: "Secciones" })}</h2>
      <p className="muted">
        {t(
          {
            id: "sections.list.count",
            defaultMessage: "{count} de {limit} secciones. Aparecen en este orden en el inicio de tu tienda.",
          },
          { count: String(sections.length), limit: String(plan.sections) },
        )}
      </p>
      <ol className="section-list" aria-label={t({ id: "sections.list.label", defaultMessage: "Secciones" })}>
        {sections.map((s, index) => (
          <li key={s.id}>
            <Link to={`/Store/${storeId}/section/${s.id}`} className="grow">
              {s.title}
            </Link>
            <span className="muted">
              {t(
                { id: "sections.list.items", defaultMessage: "{count} de {limit}" },
                { count: String(s.items), limit: String(plan.itemsPerSection) },
              )}
            </span>
            <MoveButtons intent="section-move" id={s.id} first={index === 0} last={index === sections.length - 1} />
          </li>
        ))}
      </ol>
      {canAddSection(plan, sections.length) ? (
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="section-create" />
          <Field
            label={t({ id: "sections.list.new", defaultMessage: "Nueva sección" })}
            name="title"
            placeholder={t({ id: "sections.list.newPlaceholder", defaultMessage: "Ej.: Lo más vendido" })}
            error={errors.title}
            maxLength={80}
            required
          />
          <button type="submit" className="button">
            {t({ id: "sections.list.create", defaultMessage: "Crear sección" })}
          </button>
        </Form>
      ) : (
        <p className="form-info">
          {t(
            { id: "sections.list.full", defaultMessage: "{limit}: tu plan permite {count} secciones." },
            { limit: LIMIT_MESSAGES.sections, count: String(plan.sections) },
          )}
        </p>
      )}
      <ErrorText message={errors.form} />
    </section>
  );
}
