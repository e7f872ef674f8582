import { data, Form, Link, useNavigation } from "react-router";
import { defineMessage, defineMessages } from "~/domain/messages";
import { CATALOG_MAX_BYTES, CATALOG_MAX_ROWS } from "~/domain/product-csv";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { ErrorText, FormError } from "~/ui/form";
import { Rich, useT } from "~/ui/messages";
import { notice } from "~/ui/notice";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { merchantPlanLimits } from "~/workspace/plan-limits.server";
import { type CatalogPreviewView, handleCatalogImportForm } from "../catalog-import.server";
import type { Route } from "./+types/catalog-import";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "products.pageTitle.import", defaultMessage: "Importar CSV" }), matches) }];
};

export function loader({ context }: Route.LoaderArgs) {
  return { storeId: context.get(ownedStoreContext).id };
}

export async function action({ request, context }: Route.ActionArgs) {
  const store = context.get(ownedStoreContext);
  const services = getServices(context);
  const t = merchantT(context);
  const answer = await handleCatalogImportForm(
    services,
    actingUser(context),
    store,
    merchantPlanLimits(context),
    await request.formData(),
    t,
  );
  if (answer.applied)
    return redirectWithNotice(
      services.config,
      `/Store/${store.id}/products`,
      notice(
        t(
          {
            id: "products.import.done",
            defaultMessage: "Importación lista: {created} creados, {updated} actualizados",
          },
          { created: String(answer.created), updated: String(answer.updated) },
        ),
        t(answer.created > 0 ? TEXTS.newAreHidden : TEXTS.changesShown),
      ),
    );
  return data({ errors: answer.errors, preview: answer.preview }, { status: answer.status });
}

const TEXTS = defineMessages({
  newAreHidden: {
    id: "products.import.newAreHidden",
    defaultMessage: "Los productos nuevos quedan ocultos hasta que les agregues una foto y los publiques.",
  },
  changesShown: { id: "products.import.changesShown", defaultMessage: "Los cambios ya se ven en tu tienda." },
  create: { id: "products.import.outcomeCreate", defaultMessage: "crear" },
  update: { id: "products.import.outcomeUpdate", defaultMessage: "actualizar" },
});

const mb = CATALOG_MAX_BYTES / 1024 / 1024;

export default function CatalogImport({ loaderData, actionData }: Route.ComponentProps) {
  const { storeId } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const preview = actionData?.preview ?? null;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <section className="narrow-wide">
      <p className="back-link">
        <Link to={`/Store/${storeId}/products`}>{t({ id: "products.import.back", defaultMessage: "← Productos" })}</Link>
      </p>
      <h2>{t({ id: "products.import.title", defaultMessage: "Importar CSV" })}</h2>
      <p>
        <Rich
          message={defineMessage({
            id: "products.import.intro",
            defaultMessage:
              "Sube una hoja de cálculo con tu catálogo: una fila por variante, o una por producto sin opciones. La forma más fácil es partir de <a>tu catálogo exportado</a>, cambiarlo y guardarlo como «CSV UTF-8».",
          })}
          values={{
            a: (chunks) => (
              <a href={`/Store/${storeId}/products.csv`} download>
                {chunks}
              </a>
            ),
          }}
        />
      </p>
      <p className="muted">
        {t(
          {
            id: "products.import.rules",
            defaultMessage:
              "Con ID se actualiza ese producto; sin ID se crea uno nuevo (o se actualiza el que tenga el mismo SKU). Las combinaciones que falten en el archivo se quitan. Hasta {mb} MB y {rows} filas.",
          },
          { mb: String(mb), rows: String(CATALOG_MAX_ROWS) },
        )}
      </p>
      <Form method="post" encType="multipart/form-data">
        <input type="hidden" name="intent" value="preview" />
        <div className="field">
          <label htmlFor="f-file">{t({ id: "products.import.file", defaultMessage: "Archivo CSV" })}</label>
          <input id="f-file" name="file" type="file" accept=".csv,text/csv" required />
        </div>
        <ErrorText message={errors.file} />
        <button type="submit" className="button secondary" disabled={busy}>
          {t({ id: "products.import.preview", defaultMessage: "Ver vista previa" })}
        </button>
      </Form>
      {preview && <Preview preview={preview} error={errors.form} busy={busy} />}
    </section>
  );
}

function Preview({ preview, error, busy }: { preview: CatalogPreviewView; error?: string; busy: boolean }) {
  const t = useT();
  return (
    <section aria-labelledby="preview-title">
      <h3 id="preview-title">{t({ id: "products.import.previewTitle", defaultMessage: "Vista previa" })}</h3>
      <FormError message={error} />
      {preview.problems.length > 0 && (
        <ul className="field-error" aria-label={t({ id: "products.import.problems", defaultMessage: "Problemas del archivo" })}>
          {preview.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <p data-testid="import-summary">
        {t(
          {
            id: "products.import.summary",
            defaultMessage:
              "{creates, plural, one {{creates} producto se creará} other {{creates} productos se crearán}} y {updates, plural, one {{updates} se actualizará} other {{updates} se actualizarán}}.",
          },
          { creates: preview.creates, updates: preview.updates },
        )}
        {preview.creates > 0 && ` ${t(TEXTS.newAreHidden)}`}
      </p>
      {preview.rows.length > 0 && (
        <div className="table-scroll">
          <table className="compare" aria-label={t({ id: "products.import.byRow", defaultMessage: "Resultado por fila" })}>
            <thead>
              <tr>
                <th scope="col">{t({ id: "products.import.row", defaultMessage: "Fila" })}</th>
                <th scope="col">{t({ id: "products.import.product", defaultMessage: "Producto" })}</th>
                <th scope="col">{t({ id: "products.import.outcome", defaultMessage: "Resultado" })}</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((r) => (
                <tr key={r.row}>
                  <td>{r.row}</td>
                  <td>{r.name}</td>
                  <td>
                    {r.outcome ? (
                      t(r.outcome === "crear" ? TEXTS.create : TEXTS.update)
                    ) : (
                      <span className="field-error">
                        {r.problems.length > 0
                          ? r.problems.join(" · ")
                          : t({ id: "products.import.otherRow", defaultMessage: "Su producto tiene problemas en otra fila" })}
                      </span>
                    )}
                    {r.outcome === "crear" && (
                      <span className="muted">{t({ id: "products.import.hidden", defaultMessage: " (oculto)" })}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {preview.rowsNotShown > 0 && (
            <p className="muted">
              {t(
                {
                  id: "products.import.moreRows",
                  defaultMessage: "Y {count} {rows, plural, one {fila más} other {filas más}} sin problemas.",
                },
                { count: preview.rowsNotShown.toLocaleString(t.locale), rows: preview.rowsNotShown },
              )}
            </p>
          )}
        </div>
      )}
      {preview.confirm && (
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="file" value={preview.confirm.file} />
          <input type="hidden" name="fingerprint" value={preview.confirm.fingerprint} />
          <button type="submit" className="button" disabled={busy}>
            {t({ id: "products.import.confirm", defaultMessage: "Confirmar importación" })}
          </button>
        </Form>
      )}
    </section>
  );
}
